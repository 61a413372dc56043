package org.hhfr.benchmarks.capacity;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntConsumer;

import io.netty.channel.EventLoopGroup;
import org.hhfr.benchmarks.session.SessionWorkload;

/**
 * The load: many sessions open at once on one shared event loop group (no thread per session), opened by a
 * bounded number of threads (each negotiation is a blocking HTTP request, each stream waits for its WELCOME),
 * then each sending one call per period, phases spread evenly over the period.
 */
final class SessionFleet implements AutoCloseable {
    private static final long FIRST_CALL_MILLIS = 30_000;
    private static final Latencies FIRST_CALL_UNTIMED = new Latencies(0);

    private final SessionOpener opener;
    private final EventLoopGroup group;
    private final List<SessionWorkload> workloads;
    private final List<LoadedSession> sessions = new ArrayList<>();
    private final List<ScheduledFuture<?>> ticks = new ArrayList<>();

    SessionFleet(SessionOpener opener, EventLoopGroup group, List<SessionWorkload> workloads) {
        this.opener = opener;
        this.group = group;
        this.workloads = List.copyOf(workloads);
    }

    /**
     * Opens {@code count} sessions, {@code concurrency} at a time, the workloads taking turns. Each makes one
     * call as soon as its stream is open and waits for the answer (counted in {@code tally}): a session is then
     * fully set up on the server (a UDP stream only starts with the first datagram, and a session whose stream
     * is never used expires soon).
     *
     * @param progress told the number of sessions open so far (with those opened before), now and then
     * @throws IOException the first session that could not be opened (the others stay open)
     */
    void open(int count, int concurrency, Tally tally, IntConsumer progress) throws IOException,
            InterruptedException {
        ExecutorService openers = Executors.newFixedThreadPool(concurrency, task -> {
            Thread thread = new Thread(task, "capacity-opener");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<LoadedSession>> opened = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                SessionWorkload workload = workloads.get(i % workloads.size());
                opened.add(openers.submit(() -> {
                    LoadedSession session = opener.open(workload);
                    session.call(FIRST_CALL_UNTIMED, tally).get(FIRST_CALL_MILLIS, TimeUnit.MILLISECONDS);
                    return session;
                }));
            }
            IOException first = null;
            for (int i = 0; i < opened.size(); i++) {
                try {
                    sessions.add(opened.get(i).get());
                } catch (ExecutionException e) {
                    if (first == null) {
                        first = new IOException("session " + i + " could not be opened: " + e.getCause(),
                                e.getCause());
                    }
                }
                if ((i + 1) % 1_000 == 0) {
                    progress.accept(sessions.size());
                }
            }
            if (first != null) {
                throw first;
            }
        } finally {
            openers.shutdownNow();
        }
    }

    int size() {
        return sessions.size();
    }

    /** Every session sends one call per {@code periodMillis}, starting at a random phase within the period. */
    void startCalls(long periodMillis, Latencies latencies, Tally tally) {
        Random phases = new Random(1);
        long periodMicros = TimeUnit.MILLISECONDS.toMicros(periodMillis);
        for (LoadedSession session : sessions) {
            ticks.add(group.scheduleAtFixedRate(() -> { session.call(latencies, tally); },
                    (long) (phases.nextDouble() * periodMicros), periodMicros, TimeUnit.MICROSECONDS));
        }
    }

    void stopCalls() {
        ticks.forEach(tick -> tick.cancel(false));
        ticks.clear();
    }

    /** Ends every session gracefully, waiting up to {@code timeoutMillis} in all; aborts those still open. */
    void closeAll(long timeoutMillis) throws InterruptedException {
        stopCalls();
        CompletableFuture<?>[] closing = sessions.stream().map(LoadedSession::closeGracefully)
                .toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(closing).get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // those that did not close gracefully are aborted below
        }
        sessions.forEach(LoadedSession::close);
        sessions.clear();
    }

    @Override
    public void close() throws InterruptedException {
        closeAll(10_000);
    }
}
