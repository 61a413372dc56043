package org.hhfr.client;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Where a session's network work runs when the thread that caused it must not block (an asynchronous call, a
 * stream's reader): on the builder's executor, or on a short-lived daemon thread {@code hhfr-call} without one
 * (or, for the session's own work, when the executor refuses it). Over the callback executor, where the futures of
 * asynchronous calls complete.
 */
final class BackgroundWork {
    /** The app's executor, or {@code null}. */
    private final Executor executor;

    BackgroundWork(Executor executor) {
        this.executor = executor;
    }

    /**
     * Runs {@code task}, work that must be done (the session's own: an offer, a negotiation, connecting a stream,
     * calls a stream hands back; or completing a call's future), in the background: on the executor, or on a
     * short-lived thread when there is none or it refuses the task (a bounded pool full for a moment, one shut
     * down), since the session or the app waits for that work.
     */
    void run(Runnable task) {
        if (executor != null) {
            try {
                executor.execute(task);
                return;
            } catch (RejectedExecutionException e) {
                // Left undone, the session would wait for it for good: a thread of its own does it.
            }
        }
        thread(task);
    }

    /**
     * Runs {@code task} in the background, on the executor or on a short-lived thread without one.
     *
     * @throws RejectedExecutionException the executor refused it (what else it throws too)
     */
    void runOrRefuse(Runnable task) {
        if (executor != null) {
            executor.execute(task);
        } else {
            thread(task);
        }
    }

    private static void thread(Runnable task) {
        Thread thread = new Thread(task, "hhfr-call");
        thread.setDaemon(true);
        thread.start();
    }

    /** Runs {@code task} right here when this thread {@code mayBlock}, otherwise in the background. */
    void runHereOr(boolean mayBlock, Runnable task) {
        if (mayBlock) {
            task.run();
        } else {
            run(task);
        }
    }
}
