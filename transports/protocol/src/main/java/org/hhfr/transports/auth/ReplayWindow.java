package org.hhfr.transports.auth;

import java.util.Arrays;

/**
 * Remembers which datagram packet numbers were accepted, so a captured datagram replayed later is refused.
 * Keeps the highest number seen and a bitmap of the {@value #SIZE} numbers below it (as in IPsec's anti-replay
 * window); anything older is refused too, which the reliability engine repairs by retransmitting.
 */
public final class ReplayWindow {
    /** Packet numbers tracked below the highest one; a multiple of 64. */
    public static final int SIZE = 1024;

    private final long[] seen = new long[SIZE / 64];
    private long highest;

    /** The highest packet number accepted, 0 before the first: a short datagram header's number is read near it. */
    public long highest() {
        return highest;
    }

    /**
     * Records {@code packetNumber} if it is fresh.
     *
     * @return false when the number was seen before or is more than {@value #SIZE} below the highest
     */
    public boolean accept(long packetNumber) {
        if (packetNumber <= 0) {
            return false;
        }
        if (packetNumber > highest) {
            long advance = packetNumber - highest;
            if (advance >= SIZE) {
                Arrays.fill(seen, 0L);
            } else {
                for (long n = highest + 1; n < packetNumber; n++) {
                    clear(n);
                }
            }
            highest = packetNumber;
            set(packetNumber);
            return true;
        }
        if (highest - packetNumber >= SIZE || isSet(packetNumber)) {
            return false;
        }
        set(packetNumber);
        return true;
    }

    private void set(long n) {
        int bit = (int) (n % SIZE);
        seen[bit >>> 6] |= 1L << (bit & 63);
    }

    private void clear(long n) {
        int bit = (int) (n % SIZE);
        seen[bit >>> 6] &= ~(1L << (bit & 63));
    }

    private boolean isSet(long n) {
        int bit = (int) (n % SIZE);
        return (seen[bit >>> 6] & (1L << (bit & 63))) != 0;
    }
}
