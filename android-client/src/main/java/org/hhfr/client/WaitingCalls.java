package org.hhfr.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

import org.hhfr.contextstore.MonotonicClock;

/**
 * The calls of a {@link SessionStateMachine} waiting, in order, for a negotiation or a stream: at most
 * {@code maxWaitingCalls} new ones (calls handed back by a stream wait beyond that), and none past its
 * deadline or finished (cancelled): those leave the line when it is full or released. Pure, like the machine:
 * time comes from its clock.
 *
 * @param <C> a call with its request
 */
final class WaitingCalls<C> {
    private final int maxWaitingCalls;
    private final MonotonicClock clock;
    private final ToLongFunction<? super C> deadlineMillis;
    /** Whether a call is over before its deadline: cancelled by the app. */
    private final Predicate<? super C> finished;
    /** Whether a call was sent on a stream that was lost: only a stream of the same server session may take it. */
    private final Predicate<? super C> inDoubt;
    private List<C> waiting = new ArrayList<>();

    WaitingCalls(int maxWaitingCalls, MonotonicClock clock, ToLongFunction<? super C> deadlineMillis,
                 Predicate<? super C> finished, Predicate<? super C> inDoubt) {
        this.maxWaitingCalls = maxWaitingCalls;
        this.clock = clock;
        this.deadlineMillis = deadlineMillis;
        this.finished = finished;
        this.inDoubt = inDoubt;
    }

    /** Adds a call to the line; a new one fails ({@code out}) when the line is full of calls still in time. */
    <S> void enqueue(C call, boolean returned, List<SessionAction<C, S>> out) {
        if (!add(call, returned)) {
            out.add(SessionAction.<C, S>failCalls(Collections.singletonList(call),
                    SessionAction.Failure.TOO_MANY_WAITING));
        }
    }

    /** Fails ({@code out}) the calls in doubt (no other session may run them again); returns the others, in order. */
    <S> List<C> failInDoubt(List<C> calls, List<SessionAction<C, S>> out) {
        List<C> others = new ArrayList<>(calls.size());
        List<C> failed = new ArrayList<>();
        for (C call : calls) {
            (inDoubt.test(call) ? failed : others).add(call);
        }
        if (!failed.isEmpty()) {
            out.add(SessionAction.<C, S>failCalls(failed, SessionAction.Failure.STREAM_LOST));
        }
        return others;
    }

    /**
     * Adds a call to the line, unless it is over (its deadline passed, or it finished). {@code returned}: a
     * call accepted once already (handed back by a stream). False when a new call finds the line full of calls
     * still in time.
     */
    boolean add(C call, boolean returned) {
        long now = clock.millis();
        if (isOver(call, now)) {
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

    /** Takes the waiting calls neither past their deadline nor finished, in order. */
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
            if (!isOver(call, now)) {
                live.add(call);
            }
        }
        waiting = live;
    }

    private boolean isOver(C call, long now) {
        return finished.test(call) || now - deadlineMillis.applyAsLong(call) >= 0;
    }

    static <C> List<C> tail(List<C> calls, int from) {
        return new ArrayList<>(calls.subList(from, calls.size()));
    }
}
