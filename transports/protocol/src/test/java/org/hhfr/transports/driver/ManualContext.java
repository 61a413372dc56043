package org.hhfr.transports.driver;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;

/** A serial context operated by hand: tasks wait until {@link #runPending}, timers until {@link #advance}. */
public final class ManualContext implements SerialContext {
    public long now = 1_000_000_000L;
    final Queue<Runnable> tasks = new ArrayDeque<>();
    final List<ScheduledTask> timers = new ArrayList<>();

    @Override
    public void execute(Runnable task) {
        tasks.add(task);
    }

    @Override
    public Timer schedule(Runnable task, long delayNanos) {
        ScheduledTask scheduled = new ScheduledTask(now + delayNanos, task);
        timers.add(scheduled);
        return () -> timers.remove(scheduled);
    }

    /** Runs the queued tasks, and those they queue, in order. */
    public void runPending() {
        Runnable task;
        while ((task = tasks.poll()) != null) {
            task.run();
        }
    }

    /** Moves the clock on, running each timer that comes due at its time. */
    public void advance(long nanos) {
        long end = now + nanos;
        while (true) {
            ScheduledTask next = null;
            for (ScheduledTask timer : timers) {
                if (timer.at <= end && (next == null || timer.at < next.at)) {
                    next = timer;
                }
            }
            if (next == null) {
                break;
            }
            timers.remove(next);
            now = Math.max(now, next.at);
            next.task.run();
            runPending();
        }
        now = end;
    }

    static final class ScheduledTask {
        final long at;
        final Runnable task;

        ScheduledTask(long at, Runnable task) {
            this.at = at;
            this.task = task;
        }
    }
}
