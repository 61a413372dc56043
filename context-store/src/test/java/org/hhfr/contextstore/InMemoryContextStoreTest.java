package org.hhfr.contextstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.hhfr.schemas.Base64Codec;
import org.hhfr.transports.auth.SessionId;
import org.junit.jupiter.api.Test;

class InMemoryContextStoreTest {
    private static final long IDLE = 60_000;
    private static final long LIFETIME = 300_000;

    private final ManualClock clock = new ManualClock();
    private final List<String> evictions = new ArrayList<>();

    /** The idle and lifetime rules alone: an unused grant lives as long as an idle session (see below). */
    private InMemoryContextStore store(int maxSessions) {
        return store(StoreLimits.defaults().toBuilder().maxSessions(maxSessions).idleTimeoutMillis(IDLE)
                .unopenedGrantMillis(IDLE).maxLifetimeMillis(LIFETIME).build());
    }

    private InMemoryContextStore store(StoreLimits limits) {
        InMemoryContextStore store = new InMemoryContextStore(limits, clock, TokenGenerator.secure());
        store.addEvictionListener((session, cause) -> evictions.add(session.id() + " " + cause));
        return store;
    }

    @Test
    void createdSessionIsFoundWithItsContextAndTimes() throws Exception {
        InMemoryContextStore store = store(10);
        SessionGrant grant = store.create(Contexts.floatSum());

        StoredSession found = store.get(grant.id()).orElseThrow(AssertionError::new);

        assertEquals(Contexts.floatSum(), found.context());
        assertEquals(clock.millis(), found.createdAtMillis());
        assertEquals(clock.millis() + IDLE, found.expiresAtMillis());
        assertEquals(IDLE, grant.validForMillis());
        assertEquals(1, store.size());
    }

    @Test
    void storedSessionCarriesTheTokensDigestButNeverShowsIt() throws Exception {
        InMemoryContextStore store = store(10);
        SessionGrant grant = store.create(Contexts.floatSum());

        StoredSession found = store.get(grant.id()).orElseThrow(AssertionError::new);
        byte[] digest = found.tokenDigest();
        digest[0] ^= 1;

        assertTrue(Arrays.equals(grant.token().sha256(), found.tokenDigest()));
        assertFalse(found.toString().toLowerCase().contains(hex(found.tokenDigest()).substring(0, 16)));
        assertFalse(found.toString().contains(Base64Codec.URL.encode(found.tokenDigest()).substring(0, 16)));
    }

    private static String hex(byte[] bytes) {
        StringBuilder text = new StringBuilder();
        for (byte b : bytes) {
            text.append(String.format("%02x", b));
        }
        return text.toString();
    }

    @Test
    void grantsHaveDistinctIdsAndTokensOfAtLeast128Bits() throws Exception {
        InMemoryContextStore store = store(10);
        SessionGrant first = store.create(Contexts.floatSum());
        SessionGrant second = store.create(Contexts.floatSum());

        assertNotEquals(first.id(), second.id());
        assertFalse(first.token().matches(second.token()));
        assertTrue(first.id().toBytes().length * 8 >= 128);
        assertTrue(first.token().toBytes().length * 8 >= 128);
    }

    @Test
    void unknownSessionIsNotFound() throws Exception {
        InMemoryContextStore store = store(10);
        store.create(Contexts.floatSum());

        assertFalse(store.get(TokenGenerator.secure().newSessionId()).isPresent());
        assertFalse(store.touch(TokenGenerator.secure().newSessionId()));
    }

    @Test
    void sessionExpiresAfterIdleTimeoutUnlessUsed() throws Exception {
        InMemoryContextStore store = store(10);
        SessionId used = store.create(Contexts.floatSum()).id();
        SessionId idle = store.create(Contexts.floatSum()).id();

        clock.advance(IDLE - 1);
        assertTrue(store.touch(used));
        clock.advance(1);

        assertFalse(store.get(idle).isPresent());
        StoredSession stillLive = store.get(used).orElseThrow(AssertionError::new);
        assertEquals(clock.millis(), stillLive.lastUsedAtMillis());
        assertEquals(Arrays.asList(idle + " EXPIRED"), evictions);
    }

    @Test
    void sessionExpiresAtItsMaximumLifetimeHoweverBusy() throws Exception {
        InMemoryContextStore store = store(10);
        SessionId id = store.create(Contexts.floatSum()).id();

        for (long elapsed = 0; elapsed < LIFETIME - IDLE / 2; elapsed += IDLE / 2) {
            clock.advance(IDLE / 2);
            assertTrue(store.touch(id), "live at " + elapsed);
        }
        StoredSession last = store.get(id).orElseThrow(AssertionError::new);
        assertEquals(last.createdAtMillis() + LIFETIME, last.expiresAtMillis());

        clock.advance(last.expiresAtMillis() - clock.millis());
        assertFalse(store.touch(id));
    }

    @Test
    void purgeRemovesOnlyExpiredSessionsAndReportsThem() throws Exception {
        InMemoryContextStore store = store(10);
        SessionId old = store.create(Contexts.floatSum()).id();
        clock.advance(IDLE / 2);
        SessionId young = store.create(Contexts.floatSum()).id();
        clock.advance(IDLE / 2);

        assertEquals(1, store.purgeExpired());

        assertEquals(1, store.size());
        assertTrue(store.get(young).isPresent());
        assertEquals(Arrays.asList(old + " EXPIRED"), evictions);
        assertEquals(0, store.purgeExpired());
    }

    @Test
    void fullStoreRefusesNewSessionNamingTheLimit() throws Exception {
        InMemoryContextStore store = store(2);
        store.create(Contexts.floatSum());
        store.create(Contexts.floatSum());

        SessionLimitException refused = assertThrows(SessionLimitException.class,
                () -> store.create(Contexts.floatSum()));

        assertEquals(2, refused.limit());
        assertTrue(refused.getMessage().contains("2 sessions"), refused.getMessage());
        assertEquals(2, store.size());
    }

    @Test
    void fullStoreAcceptsAgainOnceASessionExpires() throws Exception {
        InMemoryContextStore store = store(2);
        SessionId first = store.create(Contexts.floatSum()).id();
        clock.advance(IDLE / 2);
        SessionId second = store.create(Contexts.floatSum()).id();
        clock.advance(IDLE / 2);

        SessionGrant third = store.create(Contexts.floatSum());

        assertEquals(Arrays.asList(first + " EXPIRED"), evictions);
        assertTrue(store.get(second).isPresent());
        assertTrue(store.get(third.id()).isPresent());
        assertEquals(2, store.size());
    }

    @Test
    void fullStoreAcceptsAgainOnceASessionIsRemoved() throws Exception {
        InMemoryContextStore store = store(1);
        SessionId first = store.create(Contexts.floatSum()).id();
        assertThrows(SessionLimitException.class, () -> store.create(Contexts.floatSum()));

        assertTrue(store.remove(first));

        assertTrue(store.get(store.create(Contexts.floatSum()).id()).isPresent());
    }

    @Test
    void removeReportsRemovedOnceAndForgetsTheSession() throws Exception {
        InMemoryContextStore store = store(10);
        SessionId id = store.create(Contexts.floatSum()).id();

        assertTrue(store.remove(id));
        assertFalse(store.remove(id));

        assertFalse(store.get(id).isPresent());
        assertEquals(Arrays.asList(id + " REMOVED"), evictions);
        assertEquals(0, store.size());
    }

    @Test
    void removingAnExpiredSessionReportsItExpired() throws Exception {
        InMemoryContextStore store = store(10);
        SessionId id = store.create(Contexts.floatSum()).id();
        clock.advance(IDLE);

        assertFalse(store.remove(id));

        assertEquals(Arrays.asList(id + " EXPIRED"), evictions);
    }

    @Test
    void closeReportsEverySessionClosedAndRefusesNewOnes() throws Exception {
        InMemoryContextStore store = store(10);
        SessionId a = store.create(Contexts.floatSum()).id();
        SessionId b = store.create(Contexts.floatSum()).id();

        store.close();
        store.close();

        assertEquals(2, evictions.size());
        assertTrue(evictions.contains(a + " CLOSED"));
        assertTrue(evictions.contains(b + " CLOSED"));
        assertFalse(store.get(a).isPresent());
        ContextStoreException refused = assertThrows(ContextStoreException.class,
                () -> store.create(Contexts.floatSum()));
        assertEquals("context store is closed", refused.getMessage());
        assertEquals(0, store.size());
    }

    @Test
    void throwingListenerNeitherBreaksTheStoreNorSilencesOtherListeners() throws Exception {
        InMemoryContextStore store = store(10);
        store.addEvictionListener((session, cause) -> {
            throw new IllegalStateException("listener bug");
        });
        List<String> later = new ArrayList<>();
        store.addEvictionListener((session, cause) -> later.add(session.id() + " " + cause));
        List<Throwable> reported = new ArrayList<>();
        Thread thread = Thread.currentThread();
        Thread.UncaughtExceptionHandler previous = thread.getUncaughtExceptionHandler();
        thread.setUncaughtExceptionHandler((t, e) -> reported.add(e));
        try {
            SessionId id = store.create(Contexts.floatSum()).id();

            assertTrue(store.remove(id));

            assertEquals(Arrays.asList(id + " REMOVED"), later);
            assertEquals(1, reported.size());
            assertEquals("listener bug", reported.get(0).getMessage());
            assertEquals(0, store.size());
        } finally {
            thread.setUncaughtExceptionHandler(previous);
        }
    }

    @Test
    void authenticationAcceptsTheIssuedTokenAndCountsAsUse() throws Exception {
        InMemoryContextStore store = store(10);
        SessionGrant grant = store.create(Contexts.floatSum());
        clock.advance(IDLE - 1);

        Optional<StoredSession> session = store.authenticate(grant.id(), SessionToken.parse(grant.token().text()));

        assertTrue(session.isPresent());
        assertEquals(clock.millis(), session.get().lastUsedAtMillis());
    }

    @Test
    void authenticationRejectsAWrongTokenWithoutCountingAsUse() throws Exception {
        InMemoryContextStore store = store(10);
        SessionGrant grant = store.create(Contexts.floatSum());
        byte[] wrong = grant.token().toBytes();
        wrong[wrong.length - 1] ^= 1;
        clock.advance(IDLE - 1);

        assertFalse(store.authenticate(grant.id(), SessionToken.fromBytes(wrong)).isPresent());

        clock.advance(1);
        assertFalse(store.get(grant.id()).isPresent(), "a failed attempt must not keep the session alive");
    }

    @Test
    void authenticationRejectsATokenOfTheWrongLength() throws Exception {
        InMemoryContextStore store = store(10);
        SessionGrant grant = store.create(Contexts.floatSum());
        byte[] prefix = Arrays.copyOf(grant.token().toBytes(), SessionToken.MIN_LENGTH);

        assertFalse(store.authenticate(grant.id(), SessionToken.fromBytes(prefix)).isPresent());
    }

    @Test
    void authenticationRejectsTheRightTokenForAnotherSession() throws Exception {
        InMemoryContextStore store = store(10);
        SessionGrant mine = store.create(Contexts.floatSum());
        SessionGrant theirs = store.create(Contexts.floatSum());

        assertFalse(store.authenticate(theirs.id(), mine.token()).isPresent());
    }

    @Test
    void authenticationRejectsAnUnknownSession() throws Exception {
        InMemoryContextStore store = store(10);
        SessionGrant grant = store.create(Contexts.floatSum());

        assertFalse(store.authenticate(TokenGenerator.secure().newSessionId(), grant.token()).isPresent());
    }

    @Test
    void authenticationRejectsAnExpiredSessionEvenWithTheRightToken() throws Exception {
        InMemoryContextStore store = store(10);
        SessionGrant grant = store.create(Contexts.floatSum());
        clock.advance(IDLE);

        assertFalse(store.authenticate(grant.id(), grant.token()).isPresent());
        assertEquals(Arrays.asList(grant.id() + " EXPIRED"), evictions);
    }

    @Test
    void snapshotsDoNotChangeWhenTheSessionIsUsedLater() throws Exception {
        InMemoryContextStore store = store(10);
        SessionGrant grant = store.create(Contexts.floatSum());
        StoredSession before = grant.session();

        clock.advance(10);
        StoredSession after = store.get(grant.id()).orElseThrow(AssertionError::new);

        assertEquals(before.createdAtMillis(), before.lastUsedAtMillis());
        assertEquals(before.lastUsedAtMillis() + 10, after.lastUsedAtMillis());
        assertSame(before.context(), after.context());
    }

    @Test
    void aGrantNeverUsedExpiresAfterTheUnopenedLimitAndAUsedOneLivesItsIdleTimeout() throws Exception {
        InMemoryContextStore store = store(StoreLimits.defaults().toBuilder().idleTimeoutMillis(IDLE)
                .unopenedGrantMillis(1_000).build());
        SessionGrant unused = store.create(Contexts.floatSum());
        SessionGrant opened = store.create(Contexts.floatSum());
        assertEquals(1_000, unused.validForMillis());

        assertTrue(store.touch(opened.id()));
        clock.advance(1_000);

        assertFalse(store.get(unused.id()).isPresent());
        assertEquals(clock.millis() + IDLE,
                store.get(opened.id()).orElseThrow(AssertionError::new).expiresAtMillis());
        assertEquals(Arrays.asList(unused.id() + " EXPIRED"), evictions);
    }

    @Test
    void oneClientAddressHoldsAtMostItsShareOfTheStore() throws Exception {
        InMemoryContextStore store = store(StoreLimits.defaults().toBuilder().maxSessionsPerAddress(2).build());
        SessionGrant first = store.create(Contexts.floatSum(), "203.0.113.5");
        store.create(Contexts.floatSum(), "203.0.113.5");

        AddressLimitException refused = assertThrows(AddressLimitException.class,
                () -> store.create(Contexts.floatSum(), "203.0.113.5"));
        assertEquals(2, refused.limit());
        assertEquals(2, store.size(), "a refused session holds no slot");
        store.create(Contexts.floatSum(), "203.0.113.6");
        store.create(Contexts.floatSum());
        store.forClient("203.0.113.6").create(Contexts.floatSum());
        assertThrows(AddressLimitException.class, () -> store.forClient("203.0.113.6").create(Contexts.floatSum()));

        store.remove(first.id());
        store.create(Contexts.floatSum(), "203.0.113.5");
    }

    @Test
    void limitsRejectNonsense() {
        assertThrows(IllegalArgumentException.class, () -> StoreLimits.defaults().toBuilder().maxSessions(0).build());
        assertThrows(IllegalArgumentException.class, () -> StoreLimits.defaults().toBuilder()
                .maxSessionsPerAddress(0).build());
        assertThrows(IllegalArgumentException.class, () -> StoreLimits.defaults().toBuilder()
                .unopenedGrantMillis(0).build());
        assertThrows(IllegalArgumentException.class, () -> StoreLimits.defaults()
                .toBuilder().idleTimeoutMillis(0).build());
        assertThrows(IllegalArgumentException.class, () -> StoreLimits.defaults()
                .toBuilder().maxLifetimeMillis(-1).build());
    }

    @Test
    void expiryNeverOverflowsWithHugeTimeouts() {
        StoreLimits forever = StoreLimits.defaults().toBuilder().idleTimeoutMillis(Long.MAX_VALUE)
                .maxLifetimeMillis(Long.MAX_VALUE).build();

        assertEquals(Long.MAX_VALUE, forever.expiresAt(5, 10));
    }

    @Test
    void defaultsAreTenThousandSessionsAndTenMinutesIdle() {
        assertEquals(10_000, StoreLimits.defaults().maxSessions());
        assertEquals(600_000, StoreLimits.defaults().idleTimeoutMillis());
        assertEquals(256, StoreLimits.defaults().maxSessionsPerAddress());
        assertEquals(30_000, StoreLimits.defaults().unopenedGrantMillis());
    }
}
