package org.hhfr.transports.auth;

import java.security.SecureRandom;
import java.util.Random;
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
 * be a new process): it uses {@link #fresh()}, a <b>clock epoch</b>: the wall clock in milliseconds with
 * {@value #RANDOM_BITS} random low bits, made strictly increasing within the process. The random bits keep
 * two processes that open a stream of one session in the same millisecond apart (but for one chance in
 * 1,024): the server admits the higher and refuses or supersedes the other, as for any two streams, instead
 * of taking both for one stream with the same keys. The server only compares epochs of one session with each
 * other, never with its own clock, so clocks need not agree; a device whose clock was set back below its last
 * stream's epoch is refused ({@code REPLAYED}) and negotiates a new session.
 */
public final class StreamEpoch {
    /** The epoch of a session's first stream, opened right after the negotiation that created it. */
    public static final long FIRST = 1;
    /** Random low bits of a clock epoch. A clock epoch stays below 2^53 (exact as a double) until the year 2248. */
    static final int RANDOM_BITS = 10;

    /**
     * The process's epochs, their low bits from a {@link SecureRandom}, seeded apart in every process. (A
     * {@code ThreadLocalRandom} kept in a field would not do: on a thread other than the one that made it, it
     * draws from that thread's seed, the same in every process until the thread uses {@code current()}.)
     */
    private static final StreamEpoch PROCESS = new StreamEpoch(new SecureRandom());

    private final Random random;
    private final AtomicLong last = new AtomicLong();

    /** A process's source of clock epochs, drawing their low bits from {@code random}. */
    StreamEpoch(Random random) {
        this.random = random;
    }

    /**
     * A clock epoch above every one this process handed out and, as long as the clock is not set back, above
     * every epoch of an earlier process: {@code max(wall clock ms << }{@value #RANDOM_BITS}{@code | random,
     * last + 1)}.
     */
    public static long fresh() {
        return PROCESS.next(System.currentTimeMillis());
    }

    long next(long clockMillis) {
        long clockEpoch = clockMillis << RANDOM_BITS | random.nextInt(1 << RANDOM_BITS);
        return last.accumulateAndGet(clockEpoch, (previous, candidate) -> Math.max(previous + 1, candidate));
    }

    /** {@code epoch}, or IllegalArgumentException when it is below {@link #FIRST}. */
    static long check(long epoch) {
        if (epoch < FIRST) {
            throw new IllegalArgumentException("stream epochs count from " + FIRST + ": " + epoch);
        }
        return epoch;
    }
}
