package org.hhfr.transports.reliability;

import java.util.Random;

/**
 * Estimates the round-trip time from acknowledgements (RFC 6298: smoothed RTT and its variation, samples only
 * from messages sent once) and turns it into retransmission timeouts with exponential backoff and jitter.
 */
final class RetransmissionTimer {
    private static final long GRANULARITY_NANOS = 1_000_000;

    private final long minRto;
    private final long maxRto;
    private final long ackDelay;
    private final double jitter;
    private final Random random;
    private long smoothed = -1;
    private long variation;
    private long rto;

    RetransmissionTimer(ReliabilityConfig config, Random random) {
        this.minRto = config.minRtoNanos();
        this.maxRto = config.maxRtoNanos();
        this.ackDelay = config.ackDelayNanos();
        this.jitter = config.rtoJitter();
        this.random = random;
        this.rto = config.initialRtoNanos();
    }

    void sample(long roundTrip) {
        if (smoothed < 0) {
            smoothed = roundTrip;
            variation = roundTrip / 2;
        } else {
            variation = (3 * variation + Math.abs(smoothed - roundTrip)) / 4;
            smoothed = (7 * smoothed + roundTrip) / 8;
        }
        long computed = smoothed + Math.max(GRANULARITY_NANOS, 4 * variation) + ackDelay;
        rto = Math.max(minRto, Math.min(maxRto, computed));
    }

    /** The current timeout, without backoff. */
    long rto() {
        return rto;
    }

    /** The timeout after {@code timeouts} expirations: doubled each time up to the maximum, plus jitter. */
    long backedOff(int timeouts) {
        long timeout = rto;
        for (int i = 0; i < timeouts && timeout < maxRto; i++) {
            timeout <<= 1;
        }
        timeout = Math.min(timeout, maxRto);
        return timeout + (long) (timeout * jitter * random.nextDouble());
    }
}
