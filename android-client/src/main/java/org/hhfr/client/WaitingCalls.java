package org.hhfr.client;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

import org.hhfr.contextstore.MonotonicClock;

/**
 * The calls of a {@link SessionStateMachine} waiting, in order, for a negotiation or a stream: at most
 * {@code maxWaitingCalls} new ones (calls handed back by a stream wait beyond that), and none past its
 * deadline. Pure, like the machine: time comes from its clock.
 *
 * @param <C> a call with its request
 */
final class WaitingCalls<C> {
    private final int maxWaitingCalls;
    private final MonotonicClock clock;
    private final ToLongFunction<? super C> deadlineMillis;
    private List<C> waiting = new ArrayList<>();

    WaitingCalls(int maxWaitingCalls, MonotonicClock clock, ToLongFunction<? super C> deadlineMillis) {
        this.maxWaitingCalls = maxWaitingCalls;
        this.clock = clock;
        this.deadlineMillis = deadlineMillis;
    }

    /**
     * Adds a call to the line, unless its deadline passed. {@code returned}: a call accepted once already
     * (handed back by a stream). False when a new call finds the line full of calls still in time.
     */
    boolean add(C call, boolean returned) {
        long now = clock.millis();
        if (isExpired(call, now)) {
            return true;
        }
        if (!returned && waiting.size() >= maxWaitingCalls) {
            dropExpired(now);
        }
        if (!returned && waiting.size() >= maxWaitingCalls) {
            return false;
        }
        waiting.add(call);
        return true;
    }

    /** Takes the waiting calls whose deadline has not passed, in order. */
    List<C> release() {
        dropExpired(clock.millis());
        return takeAll();
    }

    /** Takes every waiting call, in order. */
    List<C> takeAll() {
        List<C> released = waiting;
        waiting = new ArrayList<>();
        return released;
    }

    private void dropExpired(long now) {
        List<C> live = new ArrayList<>(waiting.size());
        for (C call : waiting) {
            if (!isExpired(call, now)) {
                live.add(call);
            }
        }
        waiting = live;
    }

    private boolean isExpired(C call, long now) {
        return now - deadlineMillis.applyAsLong(call) >= 0;
    }

    static <C> List<C> tail(List<C> calls, int from) {
        return new ArrayList<>(calls.subList(from, calls.size()));
    }
}
