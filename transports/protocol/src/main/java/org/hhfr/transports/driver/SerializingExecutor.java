package org.hhfr.transports.driver;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs tasks one at a time on the threads that submit them, without a thread of its own: the submitter that
 * finds no other thread draining drains the queue, its own task and any added meanwhile, and the others just
 * queue and return. A task submitted from inside a task runs after it, never nested. Tasks must not block.
 * The drainer leaves the context after every few tasks to run the {@code onLeave} hook (work the tasks left
 * for outside the context, such as completing futures), then drains on. A task that throws a runtime exception
 * is reported to the thread's uncaught-exception handler and the queue goes on.
 */
public final class SerializingExecutor implements Executor {
    private static final int TASKS_PER_VISIT = 64;

    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    /** The thread draining {@link #tasks}; null when none is. */
    private final AtomicReference<Thread> drainer = new AtomicReference<>();
    private final Runnable onLeave;

    public SerializingExecutor() {
        this(() -> { });
    }

    /** @param onLeave runs on the draining thread, outside the context, each time it leaves it */
    public SerializingExecutor(Runnable onLeave) {
        this.onLeave = onLeave;
    }

    @Override
    public void execute(Runnable task) {
        tasks.add(task);
        drain();
    }

    /** Whether the calling thread is running one of the tasks. */
    public boolean inContext() {
        return drainer.get() == Thread.currentThread();
    }

    private void drain() {
        Thread current = Thread.currentThread();
        // Looping also drains a task queued between this thread's last poll and its release.
        while (!tasks.isEmpty() && drainer.compareAndSet(null, current)) {
            try {
                Runnable task;
                for (int run = 0; run < TASKS_PER_VISIT && (task = tasks.poll()) != null; run++) {
                    try {
                        task.run();
                    } catch (RuntimeException e) {
                        current.getUncaughtExceptionHandler().uncaughtException(current, e);
                    }
                }
            } finally {
                drainer.set(null);
            }
            onLeave.run();
        }
    }
}
