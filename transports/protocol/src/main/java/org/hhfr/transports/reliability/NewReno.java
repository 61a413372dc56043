package org.hhfr.transports.reliability;

/**
 * The congestion controller of RFC 9002 section 7: slow start from ten datagrams, congestion avoidance after
 * the first loss, one halving per recovery period (losses of fragments sent before the period began do not
 * halve again), and the two-datagram minimum after persistent congestion. Slow start also ends, before any
 * loss, when a round trip's smallest RTT sample grows by an eighth of the previous round's (4 to 16 ms), the
 * delay-increase exit of HyStart++ (RFC 9406, without its conservative slow start): on a path with a deep
 * drop-tail buffer, as mobile links have, doubling until the buffer overflows would lose up to half a window.
 */
final class NewReno implements CongestionController {
    static final int MINIMUM_DATAGRAMS = 2;
    /** RTT samples a round needs before its minimum counts (RFC 9406 N_RTT_SAMPLE). */
    private static final int ROUND_SAMPLES = 8;
    private static final long MIN_RTT_THRESHOLD = 4_000_000;
    private static final long MAX_RTT_THRESHOLD = 16_000_000;

    private final RttEstimator rtt;
    private final int maxDatagramSize;
    private long window;
    private long slowStartThreshold = Long.MAX_VALUE;
    private long recoveryStart = Long.MIN_VALUE;
    /** Bytes acknowledged in congestion avoidance not yet turned into window growth. */
    private long acknowledgedBytes;
    /** The round trip in progress began at this time: it ends with the acknowledgement of a later fragment. */
    private long roundStart = Long.MIN_VALUE;
    private long lastRoundMinRtt = Long.MAX_VALUE;
    private long roundMinRtt = Long.MAX_VALUE;
    private int roundSamples;

    NewReno(RttEstimator rtt, int maxDatagramSize) {
        this.rtt = rtt;
        this.maxDatagramSize = maxDatagramSize;
        this.window = (long) INITIAL_DATAGRAMS * maxDatagramSize;
    }

    @Override
    public long window() {
        return window;
    }

    /** 1.25 × window per smoothed round trip (RFC 9002 section 7.7). */
    @Override
    public double pacingRate() {
        return 1.25 * window * 1e9 / Math.max(rtt.smoothed(), RttEstimator.GRANULARITY_NANOS);
    }

    @Override
    public void onAcked(int bytes, long sentAt, long now) {
        if (sentAt <= recoveryStart) {
            return;
        }
        if (window < slowStartThreshold) {
            window += bytes;
            watchDelay(sentAt, now);
            return;
        }
        acknowledgedBytes += bytes;
        if (acknowledgedBytes >= window) {
            acknowledgedBytes -= window;
            window += maxDatagramSize;
        }
    }

    /** HyStart++: leaves slow start once queueing shows in the round trip. */
    private void watchDelay(long sentAt, long now) {
        if (sentAt >= roundStart) {
            roundStart = now;
            lastRoundMinRtt = roundMinRtt;
            roundMinRtt = Long.MAX_VALUE;
            roundSamples = 0;
        }
        if (rtt.hasSample()) {
            roundMinRtt = Math.min(roundMinRtt, rtt.latest());
            roundSamples++;
        }
        if (roundSamples >= ROUND_SAMPLES && lastRoundMinRtt != Long.MAX_VALUE) {
            long threshold = Math.max(MIN_RTT_THRESHOLD, Math.min(MAX_RTT_THRESHOLD, lastRoundMinRtt / 8));
            if (roundMinRtt >= lastRoundMinRtt + threshold) {
                slowStartThreshold = window;
            }
        }
    }

    @Override
    public void onLost(long bytes, long lastSentAt, long now) {
        if (lastSentAt <= recoveryStart) {
            return;
        }
        recoveryStart = now;
        window = Math.max(window / 2, minimum());
        slowStartThreshold = window;
        acknowledgedBytes = 0;
    }

    /** NewReno's window follows acknowledged bytes and losses only, not the delivery rate. */
    @Override
    public void onAcknowledgement(DeliveryRateSample sample, long bytesInFlight, long now) {
    }

    @Override
    public void onPersistentCongestion() {
        window = minimum();
        acknowledgedBytes = 0;
    }

    private long minimum() {
        return (long) MINIMUM_DATAGRAMS * maxDatagramSize;
    }
}
