package org.hhfr.transports.driver;

import java.util.concurrent.Executor;

/**
 * Where one engine's work runs: tasks run one at a time, in the order submitted, so the state they share
 * needs no lock. A Netty event loop is one; {@link SerializingExecutor} makes one out of the threads that
 * submit. Tasks must not block: no network call runs inside the context.
 */
public interface SerialContext extends Executor {
    /** Runs {@code task} in the context, after the tasks submitted before it; may return before it ran. */
    @Override
    void execute(Runnable task);

    /** Runs {@code task} in the context once {@code delayNanos} have passed. */
    Timer schedule(Runnable task, long delayNanos);

    /** A scheduled task that may still be called off. */
    interface Timer {
        /** Makes sure the task does not run, if it has not started yet. */
        void cancel();
    }
}
