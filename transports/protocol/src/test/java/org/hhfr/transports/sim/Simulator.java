package org.hhfr.transports.sim;

import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;

/** A discrete-event loop over virtual time: events run in time order, ties in the order they were scheduled. */
final class Simulator {
    private static final class Event implements Comparable<Event> {
        final long time;
        final long order;
        final Runnable action;

        Event(long time, long order, Runnable action) {
            this.time = time;
            this.order = order;
            this.action = action;
        }

        @Override
        public int compareTo(Event other) {
            int byTime = Long.compare(time, other.time);
            return byTime != 0 ? byTime : Long.compare(order, other.order);
        }
    }

    private final PriorityQueue<Event> queue = new PriorityQueue<>();
    private long now;
    private long scheduled;
    private long executed;

    long now() {
        return now;
    }

    long executedEvents() {
        return executed;
    }

    void at(long time, Runnable action) {
        queue.add(new Event(Math.max(time, now), scheduled++, action));
    }

    void after(long delay, Runnable action) {
        at(now + delay, action);
    }

    /**
     * Runs events until {@code done} holds, the queue empties, virtual time passes {@code maxTime} or
     * {@code maxEvents} have run.
     *
     * @return whether {@code done} holds at the end
     */
    boolean runUntil(BooleanSupplier done, long maxTime, long maxEvents) {
        while (!done.getAsBoolean()) {
            Event event = queue.poll();
            if (event == null || event.time > maxTime || executed >= maxEvents) {
                return false;
            }
            now = event.time;
            executed++;
            event.action.run();
        }
        return true;
    }
}
