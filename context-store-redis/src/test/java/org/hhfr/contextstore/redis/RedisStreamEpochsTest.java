package org.hhfr.contextstore.redis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.SecureRandom;
import org.hhfr.transports.auth.SessionId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

/** Two nodes raise one session's stream epoch in one real Redis: only ever upwards, whichever node asks. */
class RedisStreamEpochsTest {
    private static EmbeddedRedis redis;
    private static UnifiedJedis client;
    private static RedisStreamEpochs nodeA;
    private static RedisStreamEpochs nodeB;

    private final SessionId session = SessionId.of(new SecureRandom().generateSeed(16));

    @BeforeAll
    static void start() {
        redis = EmbeddedRedis.start();
        RedisStoreSettings settings = redis.settings("epochs-test:");
        client = settings.openClient();
        nodeA = new RedisStreamEpochs(client, settings.keyPrefix(), 60_000);
        nodeB = new RedisStreamEpochs(client, settings.keyPrefix(), 60_000);
    }

    @AfterAll
    static void stop() {
        client.close();
        redis.close();
    }

    @Test
    void anEpochAdmittedOnOneNodeIsTheFloorOnTheOther() throws Exception {
        assertTrue(nodeA.advance(session, 1_764_000_000_000L));
        assertFalse(nodeB.advance(session, 1_764_000_000_000L), "the same stream, taken up elsewhere");
        assertFalse(nodeA.advance(session, 1_763_999_999_999L), "an older stream");
        assertTrue(nodeB.advance(session, 1_764_000_000_001L));
    }

    @Test
    void aRemovedSessionStartsOver() throws Exception {
        assertTrue(nodeA.advance(session, 5));
        nodeB.removeSession(session);
        assertTrue(nodeA.advance(session, 1));
    }
}
