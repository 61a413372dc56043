package org.hhfr.benchmarks.transport;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The pipelining discipline every request-reply client of the shoot-out follows, so that they differ only in
 * the protocol: a fixed number of requests in flight; each reply lets one more request go. Unbounded until
 * {@link #stop}, or bounded to {@code limit} requests (the byte-counting run). Thread-safe.
 */
final class ClosedLoop {
    private final long limit;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong completed = new AtomicLong();
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private volatile boolean stopped;

    /** @param limit requests to send in all, or 0 for no limit */
    ClosedLoop(long limit) {
        this.limit = limit;
    }

    /** Claims the right to send one more request; false once stopped or at the limit. */
    boolean startOne() {
        if (stopped) {
            return false;
        }
        long number = sent.incrementAndGet();
        return limit == 0 || number <= limit;
    }

    /** One reply arrived. */
    void replied() {
        if (completed.incrementAndGet() == limit) {
            done.complete(null);
        }
    }

    /** The run broke: {@link #done()} completes exceptionally and nothing more is sent. */
    void fail(Throwable cause) {
        stopped = true;
        done.completeExceptionally(cause);
    }

    void stop() {
        stopped = true;
    }

    long completed() {
        return completed.get();
    }

    /** Completes when {@code limit} replies arrived (never for an unbounded loop unless it fails). */
    CompletableFuture<Void> done() {
        return done;
    }
}
