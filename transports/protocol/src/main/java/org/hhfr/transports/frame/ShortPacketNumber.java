package org.hhfr.transports.frame;

/**
 * The packet number in a short datagram header: its low {@value #SIZE} bytes, big-endian. The receiver takes the
 * full number closest to the one after the highest it accepted (RFC 9000, appendix A.3), which is right while
 * the sender is less than 2^23 datagrams ahead of or behind that: far beyond what the reliability engine lets
 * go unanswered (its windows hold hundreds of fragments, the replay window 1,024 datagrams). The tag covers the
 * full number, so a wrong guess (or a datagram replayed 2^24 datagrams later) fails authentication.
 */
final class ShortPacketNumber {
    static final int SIZE = 3;
    private static final long WINDOW = 1L << (8 * SIZE);
    private static final long MASK = WINDOW - 1;

    private ShortPacketNumber() {
    }

    /** Writes the low bytes of {@code packetNumber} at {@code offset}; returns the offset after them. */
    static int write(long packetNumber, byte[] dst, int offset) {
        for (int i = SIZE - 1; i >= 0; i--) {
            dst[offset++] = (byte) (packetNumber >>> (8 * i));
        }
        return offset;
    }

    /** The low bytes at {@code offset}. */
    static long read(byte[] buf, int offset) {
        long truncated = 0;
        for (int i = 0; i < SIZE; i++) {
            truncated = truncated << 8 | (buf[offset + i] & 0xFF);
        }
        return truncated;
    }

    /** The full packet number nearest to {@code highest + 1} whose low bytes are {@code truncated}. */
    static long expand(long truncated, long highest) {
        long expected = highest + 1;
        long candidate = (expected & ~MASK) | truncated;
        if (candidate <= expected - WINDOW / 2 && candidate < Long.MAX_VALUE - WINDOW) {
            return candidate + WINDOW;
        }
        if (candidate > expected + WINDOW / 2 && candidate >= WINDOW) {
            return candidate - WINDOW;
        }
        return candidate;
    }
}
