package org.hhfr.client;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Numbers a session's calls on its streams. A call keeps its number on every stream it is sent on, so a server
 * that ran it already answers with the reply it recorded instead of running it again. The numbers of one
 * session object start at a random point, so two clients of one server session (a cached ticket reused after a
 * restart) do not collide.
 */
final class CallNumbers {
    /** Numbers stay below 2^62: room for any count of calls, and always positive. */
    private static final long START_BOUND = 1L << 62;

    private final AtomicLong last;

    CallNumbers() {
        this(new SecureRandom().nextLong() & (START_BOUND - 1));
    }

    /** @param start the number before the first: 0 or more */
    CallNumbers(long start) {
        this.last = new AtomicLong(start);
    }

    long next() {
        return last.incrementAndGet();
    }
}
