package org.hhfr.client;

import java.util.concurrent.atomic.AtomicLong;

import org.hhfr.transports.frame.CallBase;

/**
 * Numbers a session's calls on its streams. A call keeps its number on every stream it is sent on, so a server
 * that ran it already answers with the reply it recorded instead of running it again. The session's {@code k}-th
 * numbered call takes number {@code k} from the {@link CallBase} of the stream it is first sent on: each stream's
 * base comes from its own keys (a new epoch, a new base), so the numbers of two clients of one server session (a
 * cached ticket reused after a restart) do not collide, and while a stream's calls keep pace with its message
 * numbers a request names its call in one byte.
 */
final class CallNumbers {
    private final AtomicLong numbered = new AtomicLong();

    /** The number of the next call, first sent on the stream of {@code base}. */
    long next(CallBase base) {
        return base.callNumberOf(numbered.incrementAndGet());
    }
}
