package org.hhfr.contextstore.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.contextstore.TokenGenerator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

/**
 * What only a shared store does, on a real redis-server: two nodes see one set of sessions, a corrupt or oversized
 * value is a clear error rather than an allocation, an outage fails calls with a readable reason until Redis
 * answers again, and with a record key what Redis keeps of a session shows none of its credentials, static
 * headers or token digest (every node with the key reads it; one without it, or with another, refuses it by
 * name; a record in clear, or moved to another session's key, does not pass for a sealed one).
 */
class RedisContextStoreTest {
    private static final AtomicInteger PREFIXES = new AtomicInteger();
    private static EmbeddedRedis redis;
    private static final RecordSeal KEY = RecordSeal.ofBase64(Base64.getEncoder().encodeToString(new byte[] {
            1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
            30, 31, 32}));
    private static final RecordSeal OTHER_KEY = RecordSeal.ofBase64(Base64.getEncoder().encodeToString(new byte[32]));

    @BeforeAll
    static void startRedis() {
        redis = EmbeddedRedis.start();
    }

    @AfterAll
    static void stopRedis() {
        redis.close();
    }

    private static RedisStoreSettings freshPrefix() {
        return redis.settings("node-test" + PREFIXES.incrementAndGet() + ":");
    }

    @Test
    void twoNodesOnOneRedisShareSessions() throws Exception {
        RedisStoreSettings settings = freshPrefix();
        List<String> heardOnA = new ArrayList<>();
        try (RedisContextStore a = RedisContextStore.connect(settings, StoreLimits.defaults());
             RedisContextStore b = RedisContextStore.connect(settings, StoreLimits.defaults())) {
            a.addEvictionListener((session, cause) -> heardOnA.add(cause.name()));
            a.addCreationListener(session -> heardOnA.add("created"));
            List<String> heardOnB = new ArrayList<>();
            b.addCreationListener(session -> heardOnB.add("created"));
            SessionGrant grant = a.create(SampleContexts.points(), "192.0.2.1");
            assertEquals(List.of("created"), heardOnA);
            heardOnA.clear();
            assertEquals(SampleContexts.points(), b.authenticate(grant.id(), grant.token()).orElseThrow().context());
            assertTrue(b.touch(grant.id()));
            assertTrue(b.remove(grant.id()));
            assertFalse(a.get(grant.id()).isPresent());
            assertFalse(a.touch(grant.id()));
            assertTrue(heardOnA.isEmpty(), "a node hears only what it does or finds: " + heardOnA);
            assertTrue(heardOnB.isEmpty(), "a node hears of the sessions it creates only: " + heardOnB);
        }
    }

    @Test
    void nodesCreatingAtOnceNeverCountPastTheLimit() throws Exception {
        RedisStoreSettings settings = freshPrefix();
        StoreLimits limits = StoreLimits.defaults().toBuilder().maxSessions(40).maxSessionsPerAddress(25).build();
        try (RedisContextStore a = RedisContextStore.connect(settings, limits);
             RedisContextStore b = RedisContextStore.connect(settings, limits)) {
            AtomicInteger created = new AtomicInteger();
            AtomicInteger refused = new AtomicInteger();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                RedisContextStore node = t % 2 == 0 ? a : b;
                String address = t < 3 ? "192.0.2.1" : "192.0.2.2";
                threads.add(new Thread(() -> {
                    for (int i = 0; i < 15; i++) {
                        try {
                            node.create(SampleContexts.oneWay(), address);
                            created.incrementAndGet();
                        } catch (ContextStoreException e) {
                            refused.incrementAndGet();
                        }
                    }
                }));
            }
            threads.forEach(Thread::start);
            for (Thread thread : threads) {
                thread.join();
            }
            assertEquals(40, created.get(), "both addresses' shares of 25 add up past the store's 40");
            assertEquals(90 - 40, refused.get());
        }
    }

    @Test
    void aRedisThatEvictsKeysUnderMemoryPressureIsWarnedAboutOnce() throws Exception {
        for (String policy : new String[] {"allkeys-lru", "volatile-ttl", "noeviction"}) {
            RedisStoreSettings settings = freshPrefix();
            PrintStream original = System.err;
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            try (UnifiedJedis raw = settings.openClient()) {
                raw.configSet("maxmemory-policy", policy);
                System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
                try (RedisContextStore store = RedisContextStore.connect(settings, StoreLimits.defaults())) {
                    store.create(SampleContexts.points());
                    store.create(SampleContexts.points());
                } finally {
                    System.setErr(original);
                    raw.configSet("maxmemory-policy", "noeviction");
                }
            }
            String warned = log.toString(StandardCharsets.UTF_8);
            int warnings = warned.split("evicts keys under memory pressure", -1).length - 1;
            assertEquals(policy.equals("noeviction") ? 0 : 1, warnings, policy + ": " + warned);
            assertTrue(warnings == 0 || warned.contains("(maxmemory-policy " + policy + ")"), warned);
        }
    }

    @Test
    void aCorruptRecordIsAClearErrorNamingIt() throws Exception {
        RedisStoreSettings settings = freshPrefix();
        try (RedisContextStore store = RedisContextStore.connect(settings, StoreLimits.defaults());
             UnifiedJedis raw = settings.openClient()) {
            SessionGrant grant = store.create(SampleContexts.points());
            byte[] key = (settings.keyPrefix() + "session:" + grant.id().text()).getBytes(StandardCharsets.UTF_8);
            byte[] truncated = new byte[40];
            truncated[0] = 1;
            truncated[33] = (byte) 0xFF; // a string length of gigabytes, in a 40-byte value
            truncated[34] = (byte) 0xFF;
            truncated[35] = (byte) 0xFF;
            truncated[36] = (byte) 0x7F;
            raw.hset(key, "r".getBytes(StandardCharsets.UTF_8), truncated);
            ContextStoreException corrupt = assertThrows(ContextStoreException.class, () -> store.get(grant.id()));
            assertTrue(corrupt.getMessage().startsWith("corrupt session record in the context store"),
                    corrupt.getMessage());

            raw.hset(key, "r".getBytes(StandardCharsets.UTF_8), new byte[5 << 20]);
            ContextStoreException tooLarge = assertThrows(ContextStoreException.class, () -> store.get(grant.id()));
            assertTrue(tooLarge.getMessage().contains("larger than " + (4 << 20) + " bytes"), tooLarge.getMessage());
        }
    }

    @Test
    void aCorruptSchemaIsAClearErrorNamingItsDigest() throws Exception {
        RedisStoreSettings settings = freshPrefix();
        SessionGrant grant;
        try (RedisContextStore first = RedisContextStore.connect(settings, StoreLimits.defaults());
             UnifiedJedis raw = settings.openClient()) {
            grant = first.create(SampleContexts.points());
            String digest = SampleContexts.points().response().fingerprint();
            raw.set((settings.keyPrefix() + "schema:" + digest).getBytes(StandardCharsets.UTF_8),
                    new byte[] {1, 0, 3, 'a'});
            try (RedisContextStore other = RedisContextStore.connect(settings, StoreLimits.defaults())) {
                ContextStoreException corrupt = assertThrows(ContextStoreException.class,
                        () -> other.get(grant.id()));
                assertTrue(corrupt.getMessage().startsWith("corrupt schema " + digest), corrupt.getMessage());
            }
        }
    }

    @Test
    void anOutageFailsCallsWithAReasonUntilRedisAnswersAgain() throws Exception {
        try (EmbeddedRedis own = EmbeddedRedis.start();
             RedisContextStore store = RedisContextStore.connect(own.settings("outage:"), StoreLimits.defaults())) {
            SessionGrant before = store.create(SampleContexts.points());
            own.stop();
            ContextStoreException down = assertThrows(ContextStoreException.class,
                    () -> store.create(SampleContexts.points()));
            assertEquals("the session store cannot be reached", down.getMessage());
            assertTrue(store.isUnreachable());
            assertThrows(ContextStoreException.class, () -> store.touch(before.id()));
            assertThrows(ContextStoreException.class, store::purgeExpired);

            own.startAgain();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            SessionGrant after = null;
            while (after == null && System.nanoTime() < deadline) {
                try {
                    after = store.create(SampleContexts.points());
                } catch (ContextStoreException stillDown) {
                    Thread.sleep(100);
                }
            }
            assertTrue(after != null, "no session after Redis came back");
            assertFalse(store.isUnreachable());
            assertFalse(store.touch(before.id()), "a Redis without persistence lost the older session");
            assertTrue(store.touch(after.id()));
        }
    }

    @Test
    void aSealedRecordShowsNoCredentialAndEveryNodeWithTheKeyReadsIt() throws Exception {
        RedisStoreSettings clear = freshPrefix();
        RedisStoreSettings sealed = clear.withRecordSeal(KEY);
        try (RedisContextStore a = RedisContextStore.connect(sealed, StoreLimits.defaults());
             RedisContextStore b = RedisContextStore.connect(sealed, StoreLimits.defaults());
             UnifiedJedis raw = sealed.openClient()) {
            SessionGrant grant = a.create(SampleContexts.points());
            byte[] record = raw.hget(sessionKey(sealed, grant), "r".getBytes(StandardCharsets.UTF_8));
            String stored = new String(record, StandardCharsets.ISO_8859_1);
            for (String secret : new String[] {"YWxpY2U6c2VjcmV0", "alice", "http://example.org/p", "authorization",
                    new String(grant.token().sha256(), StandardCharsets.ISO_8859_1)}) {
                assertFalse(stored.contains(secret), "Redis shows " + secret);
            }
            assertFalse(HexFormat.of().formatHex(record).contains(HexFormat.of().formatHex(grant.token().sha256())));

            StreamContext read = b.authenticate(grant.id(), grant.token()).orElseThrow().context();
            assertEquals(SampleContexts.points(), read);
            assertEquals(Map.of("authorization", "Basic YWxpY2U6c2VjcmV0"), read.identity().headers());
        }
    }

    @Test
    void aNodeWithoutTheKeyOrWithAnotherRefusesASealedRecordByName() throws Exception {
        RedisStoreSettings clear = freshPrefix();
        try (RedisContextStore sealing = RedisContextStore.connect(clear.withRecordSeal(KEY), StoreLimits.defaults());
             RedisContextStore keyless = RedisContextStore.connect(clear, StoreLimits.defaults());
             RedisContextStore otherKey = RedisContextStore.connect(clear.withRecordSeal(OTHER_KEY),
                     StoreLimits.defaults())) {
            SessionGrant grant = sealing.create(SampleContexts.points());
            ContextStoreException noKey = assertThrows(ContextStoreException.class, () -> keyless.get(grant.id()));
            assertTrue(noKey.getMessage().endsWith("it is sealed and this server has no record key"),
                    noKey.getMessage());
            ContextStoreException wrongKey = assertThrows(ContextStoreException.class,
                    () -> otherKey.authenticate(grant.id(), grant.token()));
            assertTrue(wrongKey.getMessage().endsWith("it does not open under this server's record key"),
                    wrongKey.getMessage());
        }
    }

    @Test
    void aRecordInClearOrMovedToAnotherSessionDoesNotPassForASealedOne() throws Exception {
        RedisStoreSettings clear = freshPrefix();
        RedisStoreSettings sealed = clear.withRecordSeal(KEY);
        byte[] field = "r".getBytes(StandardCharsets.UTF_8);
        try (RedisContextStore sealing = RedisContextStore.connect(sealed, StoreLimits.defaults());
             RedisContextStore keyless = RedisContextStore.connect(clear, StoreLimits.defaults());
             UnifiedJedis raw = sealed.openClient()) {
            SessionGrant inClear = keyless.create(SampleContexts.points());
            ContextStoreException notSealed = assertThrows(ContextStoreException.class,
                    () -> sealing.get(inClear.id()));
            assertTrue(notSealed.getMessage().endsWith("it is not sealed"), notSealed.getMessage());

            SessionGrant mallory = sealing.create(SampleContexts.oneWay());
            SessionGrant alice = sealing.create(SampleContexts.points());
            raw.hset(sessionKey(sealed, mallory), field, raw.hget(sessionKey(sealed, alice), field));
            ContextStoreException moved = assertThrows(ContextStoreException.class,
                    () -> sealing.get(mallory.id()));
            assertTrue(moved.getMessage().endsWith("it does not open under this server's record key"),
                    moved.getMessage());
        }
    }

    @Test
    void aKeyIsThirtyTwoBytesOfBase64() {
        IllegalArgumentException shortKey = assertThrows(IllegalArgumentException.class,
                () -> RecordSeal.ofBase64(Base64.getEncoder().encodeToString(new byte[16])));
        assertEquals("the record key is 32 bytes in base64 (openssl rand -base64 32), not 16", shortKey.getMessage());
        IllegalArgumentException notBase64 = assertThrows(IllegalArgumentException.class,
                () -> RecordSeal.ofBase64("not a key!"));
        assertEquals("the record key is not base64", notBase64.getMessage());
        assertFalse(KEY.toString().contains("AQID"), "the key stays out of logs");
    }

    @Test
    void aRecordThatCannotBeReadDoesNotHoldUpThePurgeOfTheOthers() throws Exception {
        RedisStoreSettings clear = freshPrefix();
        AtomicLong now = new AtomicLong(1_000_000);
        List<String> heard = new ArrayList<>();
        try (RedisContextStore before = new RedisContextStore(clear, StoreLimits.defaults(), now::get,
                TokenGenerator.secure());
             RedisContextStore sealing = new RedisContextStore(clear.withRecordSeal(KEY), StoreLimits.defaults(),
                     now::get, TokenGenerator.secure())) {
            sealing.addEvictionListener((session, cause) -> heard.add(cause + " " + session.id()));
            before.create(SampleContexts.points()); // kept in clear, before the servers were given a key
            now.incrementAndGet();
            SessionGrant first = sealing.create(SampleContexts.points());
            SessionGrant second = sealing.create(SampleContexts.oneWay());
            now.addAndGet(TimeUnit.DAYS.toMillis(1));

            assertEquals(3, sealing.purgeExpired());
            assertEquals(List.of("EXPIRED " + first.id(), "EXPIRED " + second.id()), heard);
            assertEquals(0, sealing.purgeExpired(), "the unreadable record is gone too");
        }
    }

    private static byte[] sessionKey(RedisStoreSettings settings, SessionGrant grant) {
        return (settings.keyPrefix() + "session:" + grant.id().text()).getBytes(StandardCharsets.UTF_8);
    }
}
