package org.hhfr.transports.reliability;

/**
 * What the sender had delivered when one fragment was last transmitted (the per-packet state of delivery rate
 * estimation, draft-cheng-iccrg-delivery-rate-estimation): set by {@link DeliveryRateSampler#onSent}, read
 * when the fragment is acknowledged. One per fragment, reused by its retransmissions.
 */
final class DeliverySnapshot {
    long sentAt;
    /** Bytes delivered (acknowledged) before this transmission. */
    long delivered;
    /** When the latest of those bytes were acknowledged (or the flight started). */
    long deliveredTime;
    /** When the fragment acknowledged latest before this transmission was sent (or the flight started). */
    long firstSentTime;
    /** Sent while the sender had less to send than the window allowed: its rate says little of the path. */
    boolean applicationLimited;
    /** Sent at least once. */
    boolean sent;
    /** Sent before: its round trip is ambiguous. */
    boolean retransmission;
    /** Sent and not yet acknowledged. */
    boolean awaitingAck;
}
