package org.hhfr.contextstore.redis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.hhfr.contextstore.AddressLimitException;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.RemovalCause;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.contextstore.SessionIdInUseException;
import org.hhfr.contextstore.SessionLimitException;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.transports.auth.SessionId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The behaviours every {@link ContextStore} shares, run against the in-memory store and against the Redis store
 * on a real redis-server, both on a clock the test moves: create, get, peek, authenticate, touch, remove, expiry
 * (unopened, idle, lifetime, the agreed shorter life), purge, the session and per-address limits (an IPv6 /64
 * being one address), listeners and close.
 */
class ContextStoreContractTest {
    private static final StoreLimits LIMITS = StoreLimits.defaults().toBuilder().maxSessions(4)
            .maxSessionsPerAddress(2).unopenedGrantMillis(500).idleTimeoutMillis(1_000).maxLifetimeMillis(3_000)
            .build();
    private static final AtomicInteger PREFIXES = new AtomicInteger();
    private static EmbeddedRedis redis;

    @BeforeAll
    static void startRedis() {
        redis = EmbeddedRedis.start();
    }

    @AfterAll
    static void stopRedis() {
        redis.close();
    }

    /** Makes a store of one kind on a clock. */
    interface Kind {
        ContextStore open(StoreLimits limits, MonotonicClock clock);
    }

    static Stream<Kind> stores() {
        Kind memory = new Kind() {
            @Override
            public ContextStore open(StoreLimits limits, MonotonicClock clock) {
                return new InMemoryContextStore(limits, clock, TokenGenerator.secure());
            }

            @Override
            public String toString() {
                return "in memory";
            }
        };
        Kind shared = new Kind() {
            @Override
            public ContextStore open(StoreLimits limits, MonotonicClock clock) {
                return new RedisContextStore(redis.settings("contract" + PREFIXES.incrementAndGet() + ":"), limits,
                        clock, new TokenGenerator(new SecureRandom()));
            }

            @Override
            public String toString() {
                return "on Redis";
            }
        };
        return Stream.of(memory, shared);
    }

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final List<String> heard = new ArrayList<>();

    private ContextStore open(Kind kind, StoreLimits limits) {
        ContextStore store = kind.open(limits, now::get);
        store.addEvictionListener((session, cause) -> heard.add(cause + " " + session.id()));
        return store;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void aStoredSessionReadsBackAsCreatedAndTheTokenProvesIt(Kind kind) throws Exception {
        try (ContextStore store = open(kind, LIMITS)) {
            SessionGrant grant = store.create(SampleContexts.points(), "192.0.2.1");
            StoredSession read = store.authenticate(grant.id(), grant.token()).orElseThrow();
            assertEquals(SampleContexts.points(), read.context());
            assertEquals(SampleContexts.points().staticHeaders(), read.context().staticHeaders());
            assertEquals(SampleContexts.points().identity(), read.context().identity());
            assertTrue(read.context().encryptedStreams());
            assertArrayEquals(grant.token().sha256(), read.tokenDigest());
            assertEquals(now.get(), read.createdAtMillis());

            SessionGrant oneWay = store.create(SampleContexts.oneWay());
            assertEquals(SampleContexts.oneWay(), store.get(oneWay.id()).orElseThrow().context());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void aProposedSessionIsStoredUnderItsIdAndTokenAndAnIdInUseIsRefused(Kind kind) throws Exception {
        try (ContextStore store = open(kind, LIMITS)) {
            TokenGenerator client = TokenGenerator.secure();
            SessionId id = client.newSessionId();
            SessionToken token = client.newToken();
            SessionGrant grant = store.createProposed(SampleContexts.points(), "192.0.2.1", id, token);
            assertEquals(id, grant.id());
            assertEquals(SampleContexts.points(), store.authenticate(id, token).orElseThrow().context());

            assertThrows(SessionIdInUseException.class, () -> store.createProposed(SampleContexts.oneWay(),
                    "192.0.2.9", id, client.newToken()));
            SessionGrant issued = store.create(SampleContexts.points());
            assertThrows(SessionIdInUseException.class, () -> store.createProposed(SampleContexts.oneWay(),
                    null, issued.id(), client.newToken()));
            assertEquals(SampleContexts.points(), store.authenticate(id, token).orElseThrow().context(),
                    "the session keeps its context and token");
            assertFalse(store.authenticate(issued.id(), token).isPresent());

            store.createProposed(SampleContexts.points(), "192.0.2.1", client.newSessionId(), client.newToken());
            assertThrows(AddressLimitException.class, () -> store.createProposed(SampleContexts.points(),
                    "192.0.2.1", client.newSessionId(), client.newToken()), "proposals count against the address");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void creationListenersHearEachStoredSessionOnceItCanBeReadAndNoRefusedOne(Kind kind) throws Exception {
        try (ContextStore store = open(kind, LIMITS)) {
            List<SessionId> created = new ArrayList<>();
            List<SessionId> readable = new ArrayList<>();
            store.addCreationListener(session -> {
                created.add(session.id());
                try {
                    store.get(session.id()).ifPresent(stored -> readable.add(stored.id()));
                } catch (ContextStoreException e) {
                    throw new IllegalStateException(e);
                }
            });
            TokenGenerator client = TokenGenerator.secure();
            SessionId proposed = client.newSessionId();
            SessionGrant issued = store.create(SampleContexts.points(), "192.0.2.1");
            store.createProposed(SampleContexts.oneWay(), "192.0.2.1", proposed, client.newToken());
            assertThrows(SessionIdInUseException.class, () -> store.createProposed(SampleContexts.points(), null,
                    proposed, client.newToken()));
            assertThrows(AddressLimitException.class, () -> store.create(SampleContexts.points(), "192.0.2.1"));

            assertEquals(List.of(issued.id(), proposed), created);
            assertEquals(created, readable, "a listener is told once the session is stored");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void aWrongTokenFindsNothingAndDoesNotCountAsAUse(Kind kind) throws Exception {
        try (ContextStore store = open(kind, LIMITS)) {
            SessionGrant grant = store.create(SampleContexts.points());
            SessionGrant other = store.create(SampleContexts.points());
            assertFalse(store.authenticate(grant.id(), other.token()).isPresent());
            assertFalse(store.authenticate(grant.id(), SessionToken.fromBytes(new byte[16])).isPresent());
            now.addAndGet(400);
            assertFalse(store.authenticate(grant.id(), other.token()).isPresent());
            now.addAndGet(100);
            assertFalse(store.touch(grant.id()), "failed attempts kept an unopened grant alive");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void aPeekReadsTheSessionWithoutCountingAUse(Kind kind) throws Exception {
        try (ContextStore store = open(kind, LIMITS)) {
            long created = now.get();
            SessionGrant grant = store.create(SampleContexts.points());
            now.addAndGet(400);
            StoredSession peeked = store.peek(grant.id()).orElseThrow();
            assertEquals(SampleContexts.points(), peeked.context());
            assertArrayEquals(grant.token().sha256(), peeked.tokenDigest());
            now.addAndGet(100);
            assertFalse(store.peek(grant.id()).isPresent(), "peeks kept an unopened grant alive");
            assertFalse(store.touch(grant.id()));

            SessionGrant used = store.create(SampleContexts.points());
            now.addAndGet(100);
            store.get(used.id());
            now.addAndGet(900);
            StoredSession read = store.peek(used.id()).orElseThrow();
            assertEquals(created + 500, read.createdAtMillis());
            assertEquals(created + 600, read.lastUsedAtMillis());
            assertEquals(created + 1_600, read.expiresAtMillis());
            now.addAndGet(100);
            assertFalse(store.peek(used.id()).isPresent(), "a peek kept a session past its idle expiry");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void aGrantNoStreamUsesExpiresAfterTheUnopenedLimit(Kind kind) throws Exception {
        try (ContextStore store = open(kind, LIMITS)) {
            SessionGrant unused = store.create(SampleContexts.points(), "192.0.2.1");
            SessionGrant used = store.create(SampleContexts.points(), "192.0.2.1");
            assertEquals(500, unused.validForMillis());
            now.addAndGet(100);
            assertTrue(store.touch(used.id()));
            now.addAndGet(400);
            assertFalse(store.get(unused.id()).isPresent());
            assertTrue(store.get(used.id()).isPresent(), "an opened session lives its idle timeout");
            assertEquals(List.of("EXPIRED " + unused.id()), heard);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void useMovesTheIdleExpiryUntilTheLifetimeEnds(Kind kind) throws Exception {
        StoreLimits limits = LIMITS.toBuilder().idleTimeoutMillis(10_000).build();
        try (ContextStore store = open(kind, limits)) {
            SessionGrant grant = store.create(SampleContexts.oneWay());
            for (int i = 0; i < 5; i++) {
                now.addAndGet(499);
                assertTrue(store.touch(grant.id()));
            }
            now.addAndGet(400);
            StoredSession session = store.get(grant.id()).orElseThrow();
            assertEquals(grant.session().createdAtMillis() + 3_000, session.expiresAtMillis());
            now.addAndGet(105);
            assertFalse(store.touch(grant.id()), "lived past its lifetime");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void anAgreedShorterLifeExpiresSoonerThanTheStoresIdleTimeout(Kind kind) throws Exception {
        StoreLimits limits = LIMITS.toBuilder().idleTimeoutMillis(60_000).maxLifetimeMillis(600_000).build();
        try (ContextStore store = open(kind, limits)) {
            SessionGrant grant = store.create(SampleContexts.points()); // agreed 5 s
            assertTrue(store.touch(grant.id()));
            now.addAndGet(4_999);
            assertTrue(store.touch(grant.id()));
            now.addAndGet(5_000);
            assertFalse(store.get(grant.id()).isPresent());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void removeTellsListenersOnceAndFindsNothingAfter(Kind kind) throws Exception {
        try (ContextStore store = open(kind, LIMITS)) {
            SessionGrant grant = store.create(SampleContexts.points());
            assertTrue(store.remove(grant.id()));
            assertFalse(store.remove(grant.id()));
            assertFalse(store.get(grant.id()).isPresent());
            assertFalse(store.authenticate(grant.id(), grant.token()).isPresent());
            assertEquals(List.of("REMOVED " + grant.id()), heard);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void purgeRemovesOnlyExpiredSessions(Kind kind) throws Exception {
        try (ContextStore store = open(kind, LIMITS)) {
            SessionGrant a = store.create(SampleContexts.points());
            SessionGrant b = store.create(SampleContexts.points());
            SessionGrant busy = store.create(SampleContexts.points());
            now.addAndGet(300);
            store.touch(busy.id());
            now.addAndGet(300);
            assertEquals(2, store.purgeExpired());
            assertEquals(0, store.purgeExpired());
            assertTrue(heard.containsAll(List.of("EXPIRED " + a.id(), "EXPIRED " + b.id())));
            assertEquals(2, heard.size());
            assertTrue(store.touch(busy.id()));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void aFullStoreRefusesUntilASessionGoes(Kind kind) throws Exception {
        try (ContextStore store = open(kind, LIMITS)) {
            List<SessionGrant> grants = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                grants.add(store.create(SampleContexts.points(), "192.0.2." + i));
            }
            SessionLimitException full = assertThrows(SessionLimitException.class,
                    () -> store.create(SampleContexts.points(), "192.0.2.9"));
            assertEquals(4, full.limit());
            store.remove(grants.get(0).id());
            store.create(SampleContexts.points(), "192.0.2.9");
            now.addAndGet(500);
            store.create(SampleContexts.points(), "192.0.2.9"); // the expired ones are purged to make room
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void oneAddressHoldsAtMostItsShare(Kind kind) throws Exception {
        try (ContextStore store = open(kind, LIMITS)) {
            SessionGrant first = store.create(SampleContexts.points(), "198.51.100.7");
            store.create(SampleContexts.points(), "198.51.100.7");
            AddressLimitException refused = assertThrows(AddressLimitException.class,
                    () -> store.create(SampleContexts.points(), "198.51.100.7"));
            assertTrue(refused.getMessage().contains("maximum of 2 live sessions"), refused.getMessage());
            store.create(SampleContexts.points(), "198.51.100.8");
            store.create(SampleContexts.points());
            store.remove(first.id());
            store.create(SampleContexts.points(), "198.51.100.7");
            now.addAndGet(500);
            store.create(SampleContexts.points(), "198.51.100.7");
            store.create(SampleContexts.points(), "198.51.100.7");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void theAddressesOfOneIpv6Slash64ShareOneAddressesShareWhileOtherClientsKeepTheirOwn(Kind kind)
            throws Exception {
        try (ContextStore store = open(kind, LIMITS)) {
            SessionGrant first = store.create(SampleContexts.points(), "2001:db8:1:2::1");
            store.create(SampleContexts.points(), "2001:db8:1:2:a3f1:9c2:77:5");
            assertThrows(AddressLimitException.class,
                    () -> store.create(SampleContexts.points(), "2001:db8:1:2::3"), "a third address of the /64");
            assertThrows(AddressLimitException.class,
                    () -> store.forClient("2001:db8:1:2:0:0:0:4").create(SampleContexts.points()));
            store.create(SampleContexts.points(), "2001:db8:1:3::1");
            store.create(SampleContexts.points(), "192.0.2.1");

            assertTrue(store.touch(first.id()));
            store.remove(first.id());
            store.create(SampleContexts.points(), "2001:db8:1:2:ffff:ffff:ffff:fffe");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void closeTellsEachSessionClosedAndRefusesNewOnes(Kind kind) throws Exception {
        ContextStore store = open(kind, LIMITS);
        SessionGrant grant = store.create(SampleContexts.points());
        store.close();
        store.close();
        assertEquals(List.of("CLOSED " + grant.id()), heard);
        assertThrows(ContextStoreException.class, () -> store.create(SampleContexts.points()));
        assertFalse(store.get(grant.id()).isPresent());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void aFaultyListenerDoesNotKeepOthersFromHearing(Kind kind) throws Exception {
        try (ContextStore store = open(kind, LIMITS)) {
            Thread.UncaughtExceptionHandler previous = Thread.currentThread().getUncaughtExceptionHandler();
            List<Throwable> uncaught = new ArrayList<>();
            Thread.currentThread().setUncaughtExceptionHandler((t, e) -> uncaught.add(e));
            try {
                store.addEvictionListener((session, cause) -> {
                    throw new IllegalStateException("faulty");
                });
                List<RemovalCause> second = new ArrayList<>();
                store.addEvictionListener((session, cause) -> second.add(cause));
                store.remove(store.create(SampleContexts.points()).id());
                assertEquals(List.of(RemovalCause.REMOVED), second);
                assertEquals(1, uncaught.size());
            } finally {
                Thread.currentThread().setUncaughtExceptionHandler(previous);
            }
        }
    }
}
