package org.hhfr.transports.netty;

import java.util.ArrayList;
import java.util.List;
import org.hhfr.transports.driver.SerialContext;

/**
 * A hashed timer wheel for one thread, with time passed in: arming and cancelling cost O(1) however many
 * timers wait, where a priority queue costs O(log n) and keeps cancelled entries until they come up.
 * Time is cut into ticks; a timer goes into the slot of the tick it falls due in ({@code slots} slots, one
 * turn of the wheel covers {@code slots} ticks; a later timer waits there for its turn). {@link #expire}
 * runs every timer whose tick has come: a timer runs at or after its deadline, at most one tick late if
 * {@code expire} is called every tick. A cancelled timer leaves the wheel at once. Not thread-safe: every
 * call comes from the owning thread.
 */
final class TimerWheel {
    private final long tickNanos;
    private final int mask;
    /** Each slot's first timer; the slot's timers form a doubly linked list. */
    private final Entry[] heads;
    private final List<Entry> due = new ArrayList<>();
    /** The last tick {@link #expire} has run (every timer of it and of earlier ticks has run). */
    private long expiredTick;
    private int size;

    /**
     * @param slots a power of two
     * @param now   the current time in nanoseconds: ticks before it count as expired
     */
    TimerWheel(long tickNanos, int slots, long now) {
        if (tickNanos <= 0 || slots <= 0 || Integer.bitCount(slots) != 1) {
            throw new IllegalArgumentException("tick must be positive and slots a power of two");
        }
        this.tickNanos = tickNanos;
        this.mask = slots - 1;
        this.heads = new Entry[slots];
        this.expiredTick = Math.floorDiv(now, tickNanos);
    }

    /** Arms {@code task} to run once {@code delayNanos} have passed after {@code now}. */
    Entry arm(Runnable task, long delayNanos, long now) {
        long deadline = now + Math.max(0, delayNanos);
        long tick = Math.max(ceilDiv(deadline, tickNanos), expiredTick + 1);
        Entry entry = new Entry(task, tick);
        link(entry);
        return entry;
    }

    /**
     * Runs every timer whose tick has come by {@code now}, tick by tick (all at once after a gap of a whole
     * turn or more); timers they arm wait for a later call.
     */
    void expire(long now) {
        long nowTick = Math.floorDiv(now, tickNanos);
        if (nowTick <= expiredTick) {
            return;
        }
        if (size == 0) {
            expiredTick = nowTick;
        } else if (nowTick - expiredTick > mask) {
            for (int slot = 0; slot <= mask; slot++) {
                collectDue(slot, nowTick);
            }
            expiredTick = nowTick;
            runDue();
        } else {
            while (expiredTick < nowTick) {
                long tick = ++expiredTick;
                collectDue((int) (tick & mask), tick);
                runDue();
            }
        }
    }

    /**
     * The first tick after the last expired one whose slot holds a timer (which may be due only a turn or
     * more later), or {@link Long#MAX_VALUE} when no timer waits: when to call {@link #expire} next.
     */
    long nextBusyTick() {
        if (size == 0) {
            return Long.MAX_VALUE;
        }
        for (long tick = expiredTick + 1; ; tick++) {
            if (heads[(int) (tick & mask)] != null) {
                return tick;
            }
        }
    }

    long tickNanos() {
        return tickNanos;
    }

    /** How many timers wait. */
    int size() {
        return size;
    }

    private void collectDue(int slot, long tick) {
        Entry entry = heads[slot];
        while (entry != null) {
            Entry next = entry.next;
            if (entry.tick <= tick) {
                unlink(entry);
                due.add(entry);
            }
            entry = next;
        }
    }

    private void runDue() {
        try {
            for (int i = 0; i < due.size(); i++) {
                Entry entry = due.get(i);
                if (!entry.cancelled) {
                    entry.cancelled = true;
                    entry.task.run();
                }
            }
        } finally {
            due.clear();
        }
    }

    private void link(Entry entry) {
        int slot = (int) (entry.tick & mask);
        entry.slot = slot;
        entry.next = heads[slot];
        if (entry.next != null) {
            entry.next.previous = entry;
        }
        heads[slot] = entry;
        size++;
    }

    private void unlink(Entry entry) {
        if (entry.previous != null) {
            entry.previous.next = entry.next;
        } else {
            heads[entry.slot] = entry.next;
        }
        if (entry.next != null) {
            entry.next.previous = entry.previous;
        }
        entry.previous = null;
        entry.next = null;
        entry.slot = -1;
        size--;
    }

    private static long ceilDiv(long x, long y) {
        return -Math.floorDiv(-x, y);
    }

    /** One armed timer; also the handle that cancels it. */
    final class Entry implements SerialContext.Timer {
        final Runnable task;
        final long tick;
        int slot = -1;
        Entry previous;
        Entry next;
        boolean cancelled;

        Entry(Runnable task, long tick) {
            this.task = task;
            this.tick = tick;
        }

        /** The tick the timer falls due in. */
        long tick() {
            return tick;
        }

        @Override
        public void cancel() {
            if (cancelled) {
                return;
            }
            cancelled = true;
            if (slot >= 0) {
                unlink(this);
            }
        }
    }
}
