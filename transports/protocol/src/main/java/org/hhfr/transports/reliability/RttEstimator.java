package org.hhfr.transports.reliability;

import java.util.Random;

/**
 * The round-trip estimate of RFC 9002 section 5 and the probe timeout built on it (section 6.2): latest,
 * minimum and smoothed round trip and its variation, the peer's reported acknowledgement delay taken off a
 * sample (never below the minimum), and a timeout of {@code smoothed + max(4 * variation, granularity) +
 * maxAckDelay}, doubled per consecutive expiry, kept within the configured minimum and maximum and lengthened
 * by jitter. Before the first sample the timeout is the configured initial one. Also times CLOSE, TERMINATE
 * and credit probes, and on a stream the lingering end of a session.
 */
final class RttEstimator {
    /** Timer granularity (RFC 9002 kGranularity). */
    static final long GRANULARITY_NANOS = 1_000_000;

    private final long initialTimeout;
    private final long minTimeout;
    private final long maxTimeout;
    /** The longest the peer delays an acknowledgement: both ends use the same setting. */
    private final long maxAckDelay;
    private final double jitter;
    private final Random random;
    private long latest;
    private long min;
    private long smoothed = -1;
    private long variation;

    RttEstimator(ReliabilityConfig config, Random random) {
        this.initialTimeout = config.initialRtoNanos();
        this.minTimeout = config.minRtoNanos();
        this.maxTimeout = config.maxRtoNanos();
        this.maxAckDelay = config.ackDelayNanos();
        this.jitter = config.rtoJitter();
        this.random = random;
    }

    /**
     * A round trip measured from the first transmission of the largest acknowledged fragment.
     *
     * @param ackDelay how long the peer held the acknowledgement, as it reported (0 when it did not)
     */
    void sample(long roundTrip, long ackDelay) {
        latest = Math.max(roundTrip, 0);
        if (smoothed < 0) {
            min = latest;
            smoothed = latest;
            variation = latest / 2;
            return;
        }
        min = Math.min(min, latest);
        long adjusted = latest;
        long delay = Math.min(ackDelay, maxAckDelay);
        if (latest >= min + delay) {
            adjusted = latest - delay;
        }
        variation = (3 * variation + Math.abs(smoothed - adjusted)) / 4;
        smoothed = (7 * smoothed + adjusted) / 8;
    }

    /** Forgets every sample: the path changed (RFC 9002 section 9.4). */
    void reset() {
        smoothed = -1;
        min = 0;
        latest = 0;
        variation = 0;
    }

    boolean hasSample() {
        return smoothed >= 0;
    }

    /** The smoothed round trip, or the initial timeout's third (RFC 9002's initial 333 ms for 1 s) before a sample. */
    long smoothed() {
        return smoothed >= 0 ? smoothed : initialTimeout / 3;
    }

    /** The smallest round trip seen (0 before a sample). */
    long min() {
        return min;
    }

    long latest() {
        return latest;
    }

    /** The longest the peer delays an acknowledgement. */
    long maxAckDelay() {
        return maxAckDelay;
    }

    /** How long after its sending a fragment with a later one acknowledged counts as lost: 9/8 of the round trip. */
    long lossDelay() {
        return Math.max(GRANULARITY_NANOS, 9 * Math.max(smoothed(), latest) / 8);
    }

    /** The probe timeout without backoff, without jitter: also the span that makes congestion persistent. */
    long probeTimeout() {
        if (smoothed < 0) {
            return initialTimeout;
        }
        long computed = smoothed + Math.max(GRANULARITY_NANOS, 4 * variation) + maxAckDelay;
        return Math.max(minTimeout, Math.min(maxTimeout, computed));
    }

    /** The probe timeout after {@code expiries} in a row: doubled each time up to the maximum, plus jitter. */
    long backedOff(int expiries) {
        long timeout = probeTimeout();
        for (int i = 0; i < expiries && timeout < maxTimeout; i++) {
            timeout <<= 1;
        }
        timeout = Math.min(timeout, maxTimeout);
        return timeout + (long) (timeout * jitter * random.nextDouble());
    }
}
