package org.hhfr.transports.driver;

/**
 * How far a new TCP connection's writes are into its first flight. Before the first acknowledgement comes back,
 * a sender may have at most its initial congestion window in flight: ten segments on common stacks (RFC 6928),
 * however small they are; whatever does not fit waits a round trip. So while a connection is young, a burst
 * of small writes (pipelined calls, their answers) should leave in a few full segments rather than one small
 * segment each. Counts segments as the writes would fill them; one per connection, on the thread that writes.
 */
public final class FirstFlight {
    /**
     * Segments of a connection's first flight that its writes may use: the initial window of ten, less the
     * handshake frame (HELLO or WELCOME) and one to spare.
     */
    public static final int SEGMENTS = 8;
    /** Payload of a full segment on the common path (1,500-byte MTU, IPv4 and TCP headers with timestamps). */
    public static final int SEGMENT_BYTES = 1_448;

    private int segments;

    /** Counts a write of {@code bytes} handed to the socket at once. */
    public void wrote(int bytes) {
        if (segments < SEGMENTS) {
            segments += (int) Math.min(SEGMENTS, (bytes + (long) SEGMENT_BYTES - 1) / SEGMENT_BYTES);
        }
    }

    /** Whether the writes so far fill less than the first flight. */
    public boolean isYoung() {
        return segments < SEGMENTS;
    }

    /** Whether {@code bytes} written at once fill less than a segment. */
    public static boolean isSmall(int bytes) {
        return bytes < SEGMENT_BYTES;
    }
}
