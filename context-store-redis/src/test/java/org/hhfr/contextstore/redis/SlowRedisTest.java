package org.hhfr.contextstore.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.RemovalCause;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.contextstore.SessionIdInUseException;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.transports.auth.SessionId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisMonitor;

/**
 * A command that holds Redis longer than the store's reply timeout (500 ms): the store's call times out and is
 * made again on another connection, while the first still runs once Redis is free. Each outcome must still be
 * what happened: the scripts that change sessions are safe to run twice.
 */
@Timeout(60)
class SlowRedisTest {
    private static EmbeddedRedis redis;

    @BeforeAll
    static void startRedis() {
        redis = EmbeddedRedis.start();
    }

    @AfterAll
    static void stopRedis() {
        redis.close();
    }

    @Test
    void aProposedSessionStoredWhileRedisIsSlowIsGrantedNotReportedAsAnIdInUse() throws Exception {
        try (RedisContextStore store = RedisContextStore.connect(redis.settings("slow1:"), StoreLimits.defaults())) {
            store.create(SampleContexts.points()); // its structures are stored: the next CREATE is one script
            SessionId id = TokenGenerator.secure().newSessionId();
            SessionToken token = TokenGenerator.secure().newToken();
            CompletableFuture<Object> busy = redis.busyFor(800);
            try {
                SessionGrant grant = store.createProposed(SampleContexts.points(), null, id, token);
                assertEquals(id, grant.id());
            } catch (SessionIdInUseException e) {
                busy.get(5, TimeUnit.SECONDS);
                boolean stored = store.authenticate(id, token).isPresent();
                fail("createProposed said the proposed id is in use, but the store holds it under the caller's own "
                        + "token (stored by this very call): " + stored);
            } catch (ContextStoreException e) {
                // "cannot be reached" would be acceptable for a slow store
            }
            busy.get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void oneCreateWhileRedisIsSlowStoresOneSession() throws Exception {
        StoreLimits limits = StoreLimits.defaults().toBuilder().maxSessionsPerAddress(2).build();
        try (RedisContextStore store = RedisContextStore.connect(redis.settings("slow2:"), limits)) {
            store.create(SampleContexts.points()); // structures stored
            CompletableFuture<Object> busy = redis.busyFor(800);
            SessionGrant grant = store.create(SampleContexts.points(), "198.51.100.7");
            busy.get(5, TimeUnit.SECONDS);
            try (Jedis jedis = new Jedis("127.0.0.1", redis.port())) {
                List<String> held = jedis.zrange("slow2:address:198.51.100.7", 0, -1);
                assertEquals(List.of(grant.id().text()), held,
                        "one create() stored " + held.size() + " sessions against the client's address");
            }
        }
    }

    @Test
    void aClaimsTombstoneLastsSecondsNotForever() throws Exception {
        try (RedisContextStore store = RedisContextStore.connect(redis.settings("slow4:"), StoreLimits.defaults());
             Jedis jedis = new Jedis("127.0.0.1", redis.port())) {
            SessionGrant grant = store.create(SampleContexts.points());
            assertTrue(store.remove(grant.id()));
            long ttl = jedis.pttl("slow4:claimed:" + grant.id().text());
            assertTrue(ttl > 0 && ttl <= 10_000, "the tombstone's time to live: " + ttl + " ms");
        }
    }

    @Test
    void aSessionRemovedWhileRedisIsSlowIsAnnouncedToItsListeners() throws Exception {
        try (RedisContextStore store = RedisContextStore.connect(redis.settings("slow3:"), StoreLimits.defaults())) {
            List<RemovalCause> heard = new ArrayList<>();
            store.addEvictionListener((session, cause) -> heard.add(cause));
            SessionGrant grant = store.create(SampleContexts.points());
            CompletableFuture<Object> busy = redis.busyFor(800);
            boolean removed;
            try {
                removed = store.remove(grant.id());
            } catch (ContextStoreException e) {
                removed = false;
            }
            busy.get(5, TimeUnit.SECONDS);
            assertTrue(store.get(grant.id()).isEmpty(), "the session is gone from Redis");
            assertEquals(List.of(RemovalCause.REMOVED), heard,
                    "remove() returned " + removed + "; the session left Redis but its streams were not told");
        }
    }

    /**
     * A create whose structures are not stored yet runs CREATE twice, before and after storing them: both runs
     * name the one session it grants, so the first run, should a timed-out reply's retry make it come late,
     * stores that session or none (never a second one nobody holds).
     */
    @Test
    void everyRunOfOneCreateNamesTheSessionItGrants() throws Exception {
        List<String> creates = new CopyOnWriteArrayList<>();
        Jedis monitor = new Jedis("127.0.0.1", redis.port(), 10_000);
        Thread watching = new Thread(() -> {
            try {
                monitor.monitor(new JedisMonitor() {
                    @Override
                    public void onCommand(String command) {
                        if (command.contains("'n') == ARGV[13]")) { // the CREATE script
                            creates.add(command);
                        }
                    }
                });
            } catch (RuntimeException closed) {
                // The test closed the connection.
            }
        });
        watching.start();
        Thread.sleep(200);
        SessionGrant grant;
        try (RedisContextStore store = RedisContextStore.connect(redis.settings("runs:"), StoreLimits.defaults())) {
            grant = store.create(SampleContexts.points());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (creates.size() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        monitor.close();
        watching.join(5_000);
        assertEquals(2, creates.size(), creates.toString());
        for (String create : creates) {
            assertTrue(create.contains("runs:session:" + grant.id().text()), "a run named another session: "
                    + create.substring(0, Math.min(create.length(), 200)));
        }
    }
}
