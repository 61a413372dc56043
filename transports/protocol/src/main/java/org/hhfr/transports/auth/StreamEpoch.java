package org.hhfr.transports.auth;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Epochs name the streams of one session. A negotiated session lives (unused) for minutes, and a client may
 * open a new stream of it as long as it lives, skipping negotiation; each stream's keys derive from its epoch
 * ({@link SessionKeys}), and a server accepts a new stream only with an epoch above every one it accepted for
 * the session before. So a recorded handshake or datagram of an earlier stream never opens or enters a later
 * one.
 *
 * <p>A client right after its own negotiation knows the session has had no stream: it uses {@link #FIRST}
 * (one varint byte). A client that opens a stream from a resumption ticket cannot know the last epoch (it may
 * be a new process): it uses {@link #fresh()}, the wall clock in milliseconds, made strictly increasing within
 * the process. The server only compares epochs of one session with each other, never with its own clock, so
 * clocks need not agree; a device whose clock was set back below its last stream's epoch is refused
 * ({@code REPLAYED}) and negotiates a new session.
 */
public final class StreamEpoch {
    /** The epoch of a session's first stream, opened right after the negotiation that created it. */
    public static final long FIRST = 1;

    private static final AtomicLong LAST = new AtomicLong();

    private StreamEpoch() {
    }

    /**
     * An epoch above every one this process handed out and, as long as the clock is not set back, above every
     * epoch of an earlier process: {@code max(wall clock ms, last + 1)}.
     */
    public static long fresh() {
        long now = System.currentTimeMillis();
        return LAST.accumulateAndGet(now, (last, clock) -> Math.max(last + 1, clock));
    }

    /** {@code epoch}, or IllegalArgumentException when it is below {@link #FIRST}. */
    static long check(long epoch) {
        if (epoch < FIRST) {
            throw new IllegalArgumentException("stream epochs count from " + FIRST + ": " + epoch);
        }
        return epoch;
    }
}
