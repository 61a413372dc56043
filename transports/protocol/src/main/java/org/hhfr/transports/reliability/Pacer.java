package org.hhfr.transports.reliability;

/**
 * Spreads DATA over the round trip (RFC 9002 section 7.7): a token bucket refilled at the congestion
 * controller's pacing rate ({@code 1.25 * window / smoothed round trip} for NewReno, a gain times the measured
 * bandwidth for BBR), holding at most a small burst (two datagrams, or what the rate brings in two
 * milliseconds when that is more, so a late timer on a fast path does not cap the rate). It paces datagrams, not
 * fragments: the fragments sent in the same turn as one the bucket let go follow it without waiting, up to a
 * datagram's worth, so that they leave in one datagram (their bytes are still taken from the bucket, which the
 * next datagram waits to refill). Sans-I/O: it says when the next fragment may go, the engine folds that into its
 * deadline.
 */
final class Pacer {
    private static final int BURST_DATAGRAMS = 2;
    private static final long BURST_NANOS = 2_000_000;

    private final int maxDatagramSize;
    /** Bytes that may go now; below zero after the fragments that filled a datagram, or DATA sent unpaced. */
    private double tokens;
    private long refilledAt;
    private boolean started;
    /** When the datagram being filled was let go, and the bytes sent into it since. */
    private long datagramAt;
    private int datagramBytes;

    Pacer(int maxDatagramSize) {
        this.maxDatagramSize = maxDatagramSize;
        this.tokens = BURST_DATAGRAMS * maxDatagramSize;
    }

    /**
     * When a fragment of {@code bytes} may be sent: {@code now} or earlier when it may go now.
     *
     * @param bytesPerSecond the pacing rate
     */
    long sendTime(int bytes, double bytesPerSecond, long now) {
        double rate = perNanosecond(bytesPerSecond);
        refill(rate, now);
        if (fillsDatagram(bytes, now) || tokens >= bytes) {
            return now;
        }
        return now + (long) Math.ceil((bytes - tokens) / rate);
    }

    void onSent(int bytes, double bytesPerSecond, long now) {
        refill(perNanosecond(bytesPerSecond), now);
        tokens -= bytes;
        if (fillsDatagram(bytes, now)) {
            datagramBytes += bytes;
        } else {
            datagramAt = now;
            datagramBytes = bytes;
        }
    }

    /** Whether {@code bytes} sent now still fit in the datagram the bucket let go in this turn. */
    private boolean fillsDatagram(int bytes, long now) {
        return datagramBytes > 0 && now == datagramAt && datagramBytes + bytes <= maxDatagramSize;
    }

    private void refill(double rate, long now) {
        if (!started) {
            started = true;
            refilledAt = now;
        }
        double burst = Math.max(BURST_DATAGRAMS * maxDatagramSize, rate * BURST_NANOS);
        tokens = Math.min(burst, tokens + rate * Math.max(0, now - refilledAt));
        refilledAt = Math.max(refilledAt, now);
    }

    private static double perNanosecond(double bytesPerSecond) {
        return bytesPerSecond / 1e9;
    }
}
