package org.hhfr.transports.reliability;

/**
 * What one acknowledgement measured of the path: bytes delivered over an interval that spans at least a round
 * trip (their rate), whether the sender was application-limited then, and the round trip of the newest
 * fragment it acknowledged. Mutable and reused by {@link DeliveryRateSampler} for every acknowledgement.
 */
final class DeliveryRateSample {
    private static final double NANOS_PER_SECOND = 1e9;

    /** Bytes delivered in total once this acknowledgement was processed. */
    long totalDelivered;
    /** Bytes delivered in total when the newest acknowledged fragment was sent: the start of its round. */
    long priorDelivered;
    /** Bytes delivered over {@link #interval}. */
    long delivered;
    /** Nanoseconds over which {@link #delivered} were; 0 when the acknowledgement measured no rate. */
    long interval;
    boolean applicationLimited;
    /** The newest acknowledged fragment's round trip, or -1 when it was retransmitted (ambiguous). */
    long roundTrip;

    /** Bytes per second delivered, or 0 when nothing was measured. */
    double bandwidth() {
        return interval > 0 ? delivered * NANOS_PER_SECOND / interval : 0;
    }

    void clear() {
        priorDelivered = 0;
        delivered = 0;
        interval = 0;
        applicationLimited = false;
        roundTrip = -1;
    }
}
