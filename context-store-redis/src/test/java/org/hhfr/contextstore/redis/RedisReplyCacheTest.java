package org.hhfr.contextstore.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import org.hhfr.contextstore.CachedReply;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.ReplyClaim;
import org.hhfr.transports.auth.SessionId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

/**
 * Two nodes' reply caches over one real Redis: what one node records the other answers with, a live claim
 * keeps the other waiting, and a claim whose node stopped lapses with its lease.
 */
class RedisReplyCacheTest {
    private static final long LEASE = 60_000;

    private static EmbeddedRedis redis;
    private static UnifiedJedis clientA;
    private static UnifiedJedis clientB;
    private static RedisReplyCache nodeA;
    private static RedisReplyCache nodeB;

    private final SessionId session = SessionId.of(randomBytes());
    private final CachedReply reply = new CachedReply(3, new byte[] {9, 8, 7});

    @BeforeAll
    static void start() {
        redis = EmbeddedRedis.start();
        RedisStoreSettings settings = redis.settings("replies-test:");
        clientA = settings.openClient();
        clientB = settings.openClient();
        nodeA = new RedisReplyCache(clientA, settings.keyPrefix(), LEASE);
        nodeB = new RedisReplyCache(clientB, settings.keyPrefix(), LEASE);
    }

    @AfterAll
    static void stop() {
        clientA.close();
        clientB.close();
        redis.close();
    }

    @Test
    void aReplyRecordedByOneNodeAnswersTheCallOnAnother() throws Exception {
        assertEquals(ReplyClaim.Kind.RUN, nodeA.claim(session, 41, "a", 1, LEASE).kind());
        nodeA.record(session, 41, reply);

        ReplyClaim onB = nodeB.claim(session, 41, "b", 2, LEASE);
        assertEquals(ReplyClaim.Kind.REPLIED, onB.kind());
        assertEquals(reply, onB.reply());
    }

    @Test
    void aLiveClaimKeepsTheOtherNodeWaitingAndALapsedOneLetsItRun() throws Exception {
        assertEquals(ReplyClaim.Kind.RUN, nodeA.claim(session, 42, "a", 1, 200).kind());
        assertEquals(ReplyClaim.Kind.RUN, nodeA.claim(session, 42, "a", 1, 200).kind(), "its own claim");
        assertEquals(ReplyClaim.Kind.BUSY, nodeB.claim(session, 42, "b", 2, LEASE).kind());

        Thread.sleep(400);
        assertEquals(ReplyClaim.Kind.RUN, nodeB.claim(session, 42, "b", 2, LEASE).kind(), "node a stopped");
    }

    @Test
    void aCopyLeftOnAnOlderStreamNeverRunsOnceANewerStreamClaimed() throws Exception {
        assertEquals(ReplyClaim.Kind.RUN, nodeB.claim(session, 45, "b", 2, LEASE).kind());
        nodeB.record(session, 45, reply);
        nodeB.forget(session, Collections.singletonList(45L));

        assertEquals(ReplyClaim.Kind.SUPERSEDED, nodeA.claim(session, 45, "a", 1, LEASE).kind());
        assertEquals(ReplyClaim.Kind.SUPERSEDED, nodeA.claim(session, 46, "a", 1, LEASE).kind());
        assertEquals(ReplyClaim.Kind.RUN, nodeA.claim(session, 46, "a", 3, LEASE).kind(), "a newer stream on a");
    }

    @Test
    void theFenceIsKeptForTheReplysTimeToLiveFromTheLastClaimNotForTheLease() throws Exception {
        assertEquals(ReplyClaim.Kind.RUN, nodeB.claim(session, 48, "b", 2, 1_000).kind());

        long ttl = clientA.pttl("replies-test:reply:" + session.text() + ":fence");
        assertTrue(ttl > 1_000 && ttl <= LEASE, "the fence lives " + ttl + " ms");
    }

    @Test
    void aRemovedSessionLeavesNoFence() throws Exception {
        assertEquals(ReplyClaim.Kind.RUN, nodeB.claim(session, 47, "b", 2, LEASE).kind());
        nodeB.removeSession(session);

        assertEquals(ReplyClaim.Kind.RUN, nodeA.claim(session, 47, "a", 1, LEASE).kind());
    }

    @Test
    void forgottenAndRemovedRepliesAreGone() throws Exception {
        nodeA.record(session, 43, reply);
        nodeA.record(session, 44, reply);
        nodeA.forget(session, Collections.singletonList(43L));
        assertEquals(ReplyClaim.Kind.RUN, nodeB.claim(session, 43, "b", 2, LEASE).kind());

        nodeB.removeSession(session);
        assertEquals(ReplyClaim.Kind.RUN, nodeB.claim(session, 44, "b", 2, LEASE).kind());
    }

    @Test
    void anUnreachableRedisIsAStoreFailureNotARun() {
        RedisStoreSettings nowhere = RedisStoreSettings.parse("redis://127.0.0.1:1").withTimeouts(100, 100);
        try (UnifiedJedis client = nowhere.openClient()) {
            RedisReplyCache cache = new RedisReplyCache(client, "x:", LEASE);
            assertThrows(ContextStoreException.class, () -> cache.claim(session, 1, "a", 1, LEASE));
        }
    }

    @Test
    void aRedisOutOfMemoryRefusesTheClaimWithItsReasonAndStaysReachable() throws Exception {
        clientA.configSet("maxmemory", "1");
        try {
            ContextStoreException refused = assertThrows(ContextStoreException.class,
                    () -> nodeA.claim(session, 48, "a", 1, LEASE));
            assertTrue(refused.getMessage().startsWith("the session store refused a command: ")
                    && refused.getMessage().contains("OOM"), refused.getMessage());
        } finally {
            clientA.configSet("maxmemory", "0");
        }
        assertEquals(ReplyClaim.Kind.RUN, nodeA.claim(session, 48, "a", 1, LEASE).kind(),
                "not taken for unreachable: the next call goes to Redis at once");
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[16];
        new java.security.SecureRandom().nextBytes(bytes);
        return bytes;
    }
}
