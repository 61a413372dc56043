package org.hhfr.client;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one small timer of a client, shared by all its sessions: call deadlines, the reliability engines'
 * retransmission, acknowledgement and keep-alive ticks. A single daemon thread, started on first use and
 * ended one second after the last task, so an idle client holds no thread; {@link #shutdown} ends it at once.
 */
final class ClientTimer {
    private static final long IDLE_THREAD_SECONDS = 1;

    private final ScheduledThreadPoolExecutor executor;
    /** The timer's current thread (a new one starts after an idle one ended); joined on shutdown. */
    private volatile Thread thread;

    ClientTimer() {
        executor = new ScheduledThreadPoolExecutor(1, task -> {
            Thread started = new Thread(task, "hhfr-timer");
            started.setDaemon(true);
            thread = started;
            return started;
        });
        executor.setKeepAliveTime(IDLE_THREAD_SECONDS, TimeUnit.SECONDS);
        executor.allowCoreThreadTimeOut(true);
        executor.setRemoveOnCancelPolicy(true);
    }

    /** Runs {@code task} after {@code delayNanos}; {@code null} once the timer is shut down. */
    ScheduledFuture<?> schedule(Runnable task, long delayNanos) {
        try {
            return executor.schedule(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            return null;
        }
    }

    /**
     * Cancels every task and waits briefly for the thread to end. The executor reports termination just
     * before its worker thread exits, so the thread is joined too: after this returns, none is left.
     */
    void shutdown() {
        executor.shutdownNow();
        try {
            executor.awaitTermination(IDLE_THREAD_SECONDS, TimeUnit.SECONDS);
            Thread last = thread;
            if (last != null && last != Thread.currentThread()) {
                last.join(TimeUnit.SECONDS.toMillis(IDLE_THREAD_SECONDS));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
