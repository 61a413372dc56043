package org.hhfr.transports.client;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import org.hhfr.transports.reliability.ReliabilityEngine;

/**
 * A stream client's calls from the moment they are made until their response: first waiting, in order, for
 * room in the engine's send buffer, then, once offered, by the message number their response names as its
 * correlation. Shared by the java.net client and the Netty client. Not thread-safe: confined to the stream's
 * serial context.
 *
 * @param <C> the client's record of one call
 */
public final class ClientCalls<C extends ClientCalls.Call> {
    /** What the engine needs of a call. */
    public interface Call {
        byte[] payload();

        /** The service's operation; 0 for the default. */
        int operation();

        /** Whether the call already ended (its deadline passed) while it waited: it is dropped unsent. */
        boolean isDone();

        /**
         * The request's correlation: the client's number of the call relative to the stream's
         * {@link org.hhfr.transports.frame.CallBase} ({@code correlationOf}). The number is the same on every
         * stream of the session the call is sent on, so a server that ran it already answers with the reply it
         * recorded; 0 for none.
         */
        default long correlation() {
            return 0;
        }
    }

    private final ArrayDeque<C> waiting = new ArrayDeque<>();
    private final PendingCalls<C> sent = new PendingCalls<>();

    /** Queues {@code call} behind the calls waiting for room; {@link #offerWaiting} offers it. */
    public void add(C call) {
        waiting.add(call);
    }

    /**
     * Offers the waiting calls in order while the engine takes them (an open engine, not closed yet).
     *
     * @return true when none waits any more; false when the engine is full (offer again on its WRITABLE event)
     */
    public boolean offerWaiting(ReliabilityEngine engine) {
        C call;
        while ((call = waiting.peek()) != null) {
            if (!call.isDone()) {
                long number = engine.offer(call.payload(), call.operation(), call.correlation());
                if (number == ReliabilityEngine.REFUSED) {
                    return false;
                }
                sent.add(number, call);
            }
            waiting.poll();
        }
        return true;
    }

    /** The call a response answers (by its correlation), forgotten; null if none waits for it. */
    public C answered(long correlation) {
        return sent.take(correlation);
    }

    /**
     * Forgets {@code call}: unsent, it is dropped from the calls waiting for room; sent, its response will be
     * dropped on arrival.
     *
     * @return the message number it was sent as, 0 if it was not sent yet or is not held any more
     */
    public long cancel(C call) {
        if (waiting.remove(call)) {
            return 0;
        }
        long number = sent.numberOf(call);
        if (number != 0) {
            sent.take(number);
        }
        return number;
    }

    /** Calls sent and not yet answered. */
    public int awaitingResponse() {
        return sent.size();
    }

    /** Whether calls wait for room in the engine. */
    public boolean anyWaiting() {
        return !waiting.isEmpty();
    }

    /**
     * Forgets every call, sent ones first (in the order they were sent), then those still waiting, and
     * returns them so the client can fail or resend them.
     */
    public List<C> takeAll() {
        List<C> all = new ArrayList<>(sent.takeAll());
        all.addAll(waiting);
        waiting.clear();
        return all;
    }
}
