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

    @Override
    public Timer schedule(Runnable task, long delayNanos) {
        ScheduledFuture<?> scheduled = loop.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
        return () -> scheduled.cancel(false);
    }
}
