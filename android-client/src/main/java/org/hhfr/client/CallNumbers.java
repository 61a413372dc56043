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

    private CallNumbers(SessionId session, long epoch, byte[] token) {
        this.session = session;
        this.epoch = epoch;
        this.base = CallBase.of(SessionKeys.fromToken(token, epoch));
    }

    /**
     * The numbering of a stream of {@code session} at {@code epoch}, given the one the client used last ({@code
     * null} before its first stream): that one again for another stream of the same epoch (a proposed session's
     * early stream, then the stream its answer grants), so no number repeats within a stream; a new one, counting
     * from 1 on the new stream's base, for a new epoch or session.
     */
    static CallNumbers forStream(CallNumbers last, SessionId session, long epoch, byte[] token) {
        return last != null && last.epoch == epoch && last.session.equals(session) ? last
                : new CallNumbers(session, epoch, token);
    }

    long next() {
        return base.callNumberOf(numbered.incrementAndGet());
    }

    /** What a request with {@code callNumber} carries on this stream as its correlation. */
    long correlationOf(long callNumber) {
        return base.correlationOf(callNumber);
    }
}
