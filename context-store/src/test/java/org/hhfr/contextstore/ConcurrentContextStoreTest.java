package org.hhfr.contextstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.hhfr.transports.auth.SessionId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ConcurrentContextStoreTest {
    private static final int THREADS = 6;
    private static final int MAX_SESSIONS = 40;

    private final ManualClock clock = new ManualClock();
    private final ExecutorService pool = Executors.newFixedThreadPool(THREADS + 1);

    @AfterEach
    void stopThreads() {
        pool.shutdownNow();
    }

    @Test
    void everySessionIsCountedWithinTheLimitAndReportedExactlyOnce() throws Exception {
        InMemoryContextStore store = new InMemoryContextStore(
                StoreLimits.defaults().toBuilder().maxSessions(MAX_SESSIONS).idleTimeoutMillis(30).build(), clock,
                TokenGenerator.secure());
        Map<SessionId, RemovalCause> reported = new ConcurrentHashMap<>();
        AtomicInteger reportedTwice = new AtomicInteger();
        store.addEvictionListener((session, cause) -> {
            if (reported.putIfAbsent(session.id(), cause) != null) {
                reportedTwice.incrementAndGet();
            }
        });
        Map<SessionId, Boolean> created = new ConcurrentHashMap<>();
        AtomicInteger removedByCaller = new AtomicInteger();
        AtomicInteger overLimit = new AtomicInteger();
        AtomicBoolean running = new AtomicBoolean(true);
        CountDownLatch start = new CountDownLatch(1);

        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            long seed = t;
            workers.add(pool.submit((Callable<Void>) () -> {
                Random random = new Random(seed);
                List<SessionId> mine = new ArrayList<>();
                start.await();
                for (int i = 0; i < 3_000; i++) {
                    int action = random.nextInt(10);
                    if (action < 4) {
                        try {
                            SessionId id = store.create(Contexts.floatSum()).id();
                            assertNull(created.put(id, Boolean.TRUE), "id issued twice");
                            mine.add(id);
                        } catch (SessionLimitException full) {
                            assertEquals(MAX_SESSIONS, full.limit());
                        }
                    } else if (action < 7 && !mine.isEmpty()) {
                        store.get(mine.get(random.nextInt(mine.size())));
                    } else if (action < 9 && !mine.isEmpty()) {
                        if (store.remove(mine.remove(random.nextInt(mine.size())))) {
                            removedByCaller.incrementAndGet();
                        }
                    } else {
                        clock.advance(1);
                        store.purgeExpired();
                    }
                    if (store.size() > MAX_SESSIONS) {
                        overLimit.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        Future<?> watcher = pool.submit(() -> {
            while (running.get()) {
                if (store.size() > MAX_SESSIONS) {
                    overLimit.incrementAndGet();
                }
            }
        });
        start.countDown();
        for (Future<?> worker : workers) {
            worker.get(20, TimeUnit.SECONDS);
        }
        running.set(false);
        watcher.get(5, TimeUnit.SECONDS);

        assertEquals(0, overLimit.get(), "moments with more sessions than the limit");
        int stillHeld = store.size();
        long reportedRemoved = reported.values().stream().filter(c -> c == RemovalCause.REMOVED).count();
        assertEquals(removedByCaller.get(), reportedRemoved);
        assertEquals(created.size(), reported.size() + stillHeld, "sessions created = reported + still held");

        store.close();
        assertEquals(0, store.size());
        assertEquals(created.keySet(), reported.keySet());
        assertEquals(0, reportedTwice.get());
    }

    @Test
    void busySessionOutlivesConcurrentPurgesAndItsUsesNeverGoBackInTime() throws Exception {
        // Each user advances the clock right before its own use, so at most THREADS - 1 ticks pass between
        // two uses; an idle timeout above that must never expire the session, however the threads interleave.
        InMemoryContextStore store = new InMemoryContextStore(
                StoreLimits.defaults()
                        .toBuilder().idleTimeoutMillis(THREADS + 2).build(), clock, TokenGenerator.secure());
        SessionGrant grant = store.create(Contexts.floatSum());
        List<RemovalCause> evictions = new ArrayList<>();
        store.addEvictionListener((session, cause) -> {
            synchronized (evictions) {
                evictions.add(cause);
            }
        });
        CountDownLatch start = new CountDownLatch(1);

        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            boolean purger = t == 0;
            workers.add(pool.submit((Callable<Void>) () -> {
                start.await();
                long lastSeen = Long.MIN_VALUE;
                for (int i = 0; i < 5_000; i++) {
                    if (purger) {
                        store.purgeExpired();
                    } else {
                        clock.advance(1);
                        StoredSession seen = store.authenticate(grant.id(), grant.token())
                                .orElseThrow(() -> new AssertionError("busy session vanished"));
                        assertTrue(seen.lastUsedAtMillis() >= lastSeen, "last use went backwards");
                        lastSeen = seen.lastUsedAtMillis();
                    }
                }
                return null;
            }));
        }
        start.countDown();
        for (Future<?> worker : workers) {
            worker.get(20, TimeUnit.SECONDS);
        }

        assertTrue(store.get(grant.id()).isPresent());
        assertTrue(evictions.isEmpty(), evictions.toString());
    }
}
