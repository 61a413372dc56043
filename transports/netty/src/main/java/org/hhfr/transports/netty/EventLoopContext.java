package org.hhfr.transports.netty;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.hhfr.transports.driver.SerialContext;

/** A Netty event loop as an engine's serial context: its tasks and its timers run on the loop's thread. */
final class EventLoopContext implements SerialContext {
    private final EventLoop loop;

    EventLoopContext(EventLoop loop) {
        this.loop = loop;
    }

    @Override
    public void execute(Runnable task) {
        loop.execute(task);
    }

    /**
     * On the loop's thread the timer goes into the loop's {@link EventLoopTimers} (O(1) to arm and cancel,
     * millisecond ticks); from elsewhere it is one of the loop's own scheduled tasks.
     */
    @Override
    public Timer schedule(Runnable task, long delayNanos) {
        if (loop.inEventLoop()) {
            Timer timer = EventLoopTimers.of(loop).schedule(task, delayNanos);
            return () -> {
                if (loop.inEventLoop()) {
                    timer.cancel();
                } else {
                    loop.execute(timer::cancel);
                }
            };
        }
        ScheduledFuture<?> scheduled = loop.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
        return () -> scheduled.cancel(false);
    }
}
