package org.hhfr.transports.reliability;

/**
 * Spreads DATA over the round trip (RFC 9002 section 7.7): a token bucket refilled at the congestion
 * controller's pacing rate ({@code 1.25 * window / smoothed round trip} for NewReno, a gain times the measured
 * bandwidth for BBR), holding at most a small burst (two datagrams, or what the rate brings in two
 * milliseconds when that is more, so a late timer on a fast path does not cap the rate). Sans-I/O: it says when
 * the next fragment may go, the engine folds that into its deadline.
 */
final class Pacer {
    private static final int BURST_DATAGRAMS = 2;
    private static final long BURST_NANOS = 2_000_000;

    private final int maxDatagramSize;
    /** Bytes that may go now; below zero by at most one fragment. */
    private double tokens;
    private long refilledAt;
    private boolean started;

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
        if (tokens >= bytes) {
            return now;
        }
        return now + (long) Math.ceil((bytes - tokens) / rate);
    }

    void onSent(int bytes, double bytesPerSecond, long now) {
        refill(perNanosecond(bytesPerSecond), now);
        tokens -= bytes;
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
