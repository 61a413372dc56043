package org.hhfr.transports.netty;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.FastThreadLocal;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.hhfr.transports.driver.SerialContext;

/**
 * The timers of one event loop's sessions: a {@link TimerWheel} with millisecond ticks, driven by a single
 * task on the loop's own scheduler that wakes at the next tick holding a timer. Thousands of sessions
 * re-arming their timers on every message then cost O(1) each instead of entries in the loop's priority
 * queue. Used from the loop's thread only.
 */
final class EventLoopTimers {
    private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    /** One turn: about 16 s, longer than the engines' keep-alive, so most timers fire on their first pass. */
    private static final int SLOTS = 16_384;
    private static final FastThreadLocal<EventLoopTimers> OF_THREAD = new FastThreadLocal<>();

    private final EventLoop loop;
    private final TimerWheel wheel;
    private ScheduledFuture<?> wakeUp;
    private long wakeUpTick = Long.MAX_VALUE;

    private EventLoopTimers(EventLoop loop) {
        this.loop = loop;
        this.wheel = new TimerWheel(TICK_NANOS, SLOTS, System.nanoTime());
    }

    /** The timers of {@code loop}; call on the loop's thread. */
    static EventLoopTimers of(EventLoop loop) {
        EventLoopTimers timers = OF_THREAD.get();
        if (timers == null || timers.loop != loop) {
            timers = new EventLoopTimers(loop);
            OF_THREAD.set(timers);
        }
        return timers;
    }

    /** Runs {@code task} on the loop once {@code delayNanos} have passed (at most a tick later). */
    SerialContext.Timer schedule(Runnable task, long delayNanos) {
        TimerWheel.Entry entry = wheel.arm(task, delayNanos, System.nanoTime());
        if (entry.tick() < wakeUpTick) {
            wakeAt(entry.tick());
        }
        return entry;
    }

    private void wakeAt(long tick) {
        if (wakeUp != null) {
            wakeUp.cancel(false);
        }
        wakeUpTick = tick;
        long delay = Math.max(0, tick * TICK_NANOS - System.nanoTime());
        wakeUp = loop.schedule(this::onWakeUp, delay, TimeUnit.NANOSECONDS);
    }

    private void onWakeUp() {
        wakeUp = null;
        wakeUpTick = Long.MAX_VALUE;
        try {
            wheel.expire(System.nanoTime());
        } finally {
            long next = wheel.nextBusyTick();
            if (next != Long.MAX_VALUE && next < wakeUpTick) {
                wakeAt(next);
            }
        }
    }
}
