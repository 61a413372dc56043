package org.hhfr.client;

import java.util.concurrent.atomic.AtomicLong;

import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.CallBase;

/**
 * Numbers the calls first sent on one stream of a session (one epoch), from the stream's {@link CallBase}: the
 * k-th is {@code callNumberOf(k)}. A call keeps its number on every later stream it is sent on, so a server that
 * ran it already answers with the reply it recorded instead of running it again. Each stream's base comes from
 * its own keys (a new epoch, a new base), so the numbers of two streams, and of two clients of one server session
 * (a cached ticket reused after a restart), do not collide; and as each stream counts from 1, its requests name
 * their calls in one byte while they keep pace with its message numbers.
 */
final class CallNumbers {
    private final SessionId session;
    private final long epoch;
    private final CallBase base;
    private final AtomicLong numbered = new AtomicLong();

    CallNumbers(SessionId session, long epoch, byte[] token) {
        this.session = session;
        this.epoch = epoch;
        this.base = CallBase.of(SessionKeys.fromToken(token, epoch));
    }

    /** Whether these number the calls of that stream. */
    boolean number(SessionId session, long epoch) {
        return this.epoch == epoch && this.session.equals(session);
    }

    long next() {
        return base.callNumberOf(numbered.incrementAndGet());
    }

    /** What a request with {@code callNumber} carries on this stream as its correlation. */
    long correlationOf(long callNumber) {
        return base.correlationOf(callNumber);
    }
}
