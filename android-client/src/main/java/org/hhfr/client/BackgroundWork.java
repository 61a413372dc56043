package org.hhfr.client;

import java.util.concurrent.Executor;

/**
 * Where a session's network work runs when the thread that caused it must not block (an asynchronous call, a
 * stream's reader): on the builder's executor, or on a short-lived daemon thread {@code hhfr-call} without one.
 */
final class BackgroundWork {
    /** The app's executor, or {@code null}. */
    private final Executor executor;

    BackgroundWork(Executor executor) {
        this.executor = executor;
    }

    /** Runs {@code task} in the background. */
    void run(Runnable task) {
        if (executor != null) {
            executor.execute(task);
        } else {
            Thread thread = new Thread(task, "hhfr-call");
            thread.setDaemon(true);
            thread.start();
        }
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
