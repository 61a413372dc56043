package org.hhfr.client;

import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Supplier;

import org.hhfr.transports.driver.SerialContext;
import org.hhfr.transports.driver.SerializingExecutor;

/**
 * One stream's serial context on the client, without a thread of its own: its tasks run one at a time on the
 * threads that submit them (callers, the link's reader and writer, the client's timer), its timers on the
 * client's {@link ClientTimer}. What must not run inside the context (completing a call, whose callbacks may
 * block or make calls; handing calls back to the session) is deferred with {@link #afterwards} and run by
 * the thread that ran the task, each time it leaves the context.
 */
final class ClientSerialContext implements SerialContext {
    private final Queue<Runnable> deferred = new ConcurrentLinkedQueue<>();
    private final SerializingExecutor serializer = new SerializingExecutor(this::runDeferred);
    private final ClientTimer timer;

    ClientSerialContext(ClientTimer timer) {
        this.timer = timer;
    }

    @Override
    public void execute(Runnable task) {
        serializer.execute(task);
    }

    @Override
    public Timer schedule(Runnable task, long delayNanos) {
        ScheduledFuture<?> scheduled = timer.schedule(() -> execute(task), delayNanos);
        return () -> {
            if (scheduled != null) {
                scheduled.cancel(false);
            }
        };
    }

    /** From a task: runs {@code action} outside the context, once the current tasks are done. */
    void afterwards(Runnable action) {
        deferred.add(action);
    }

    /** Runs {@code query} in the context and returns its answer; never call it from inside the context. */
    <T> T ask(Supplier<T> query) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        execute(() -> answer.complete(query.get()));
        return answer.join();
    }

    private void runDeferred() {
        Runnable action;
        while ((action = deferred.poll()) != null) {
            action.run();
        }
    }
}
