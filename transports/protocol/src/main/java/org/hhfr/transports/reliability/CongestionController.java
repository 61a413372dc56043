package org.hhfr.transports.reliability;

/**
 * Decides how many bytes of DATA may be in flight on a datagram link (RFC 9002 section 7). The engine counts
 * bytes in flight (encoded DATA frames sent and neither acknowledged nor declared lost) and reports what
 * happens to them; a controller keeps the window and the pacing rate. {@link Bbr} (the default) models the
 * path from delivery rates; {@link NewReno} reacts to losses. {@link CongestionControl} chooses.
 */
interface CongestionController {
    /** Datagrams' worth of bytes a new stream's window holds (RFC 9002's initial window of ten). */
    int INITIAL_DATAGRAMS = 10;

    /** Bytes that may be in flight now. */
    long window();

    /** Bytes per second the {@link Pacer} lets DATA go at (asked once a round-trip sample exists). */
    double pacingRate();

    /** A fragment of {@code bytes}, sent at {@code sentAt}, was acknowledged. */
    void onAcked(int bytes, long sentAt, long now);

    /**
     * Fragments were declared lost from one acknowledgement; {@code lastSentAt} is when the latest of them was
     * sent, which tells whether a reduction for this loss already happened.
     */
    void onLost(long bytes, long lastSentAt, long now);

    /** Losses spanning more than the persistent-congestion duration, nothing acknowledged between them. */
    void onPersistentCongestion();

    /**
     * An acknowledgement was processed, after {@link #onAcked} and {@link #onLost} for it: the delivery rate
     * it measured, and the bytes in flight now.
     */
    void onAcknowledgement(DeliveryRateSample sample, long bytesInFlight, long now);

    /** What the controller learned of the path, or null when it keeps no model of it (or has no sample yet). */
    default PathEstimate estimate() {
        return null;
    }

    /**
     * Before anything was sent: start from what an earlier stream learned of this path instead of from the
     * initial window. A controller without a model of the path ignores it.
     *
     * @return whether it starts from {@code earlier}
     */
    default boolean resume(PathEstimate earlier) {
        return false;
    }
}
