package org.hhfr.transports.reliability;

/**
 * Measures the rate at which the path delivers DATA (draft-cheng-iccrg-delivery-rate-estimation): each
 * transmission records how much was delivered until then ({@link DeliverySnapshot}); each acknowledgement
 * divides the bytes delivered since its newest fragment was sent by the longer of the sending and the
 * acknowledging spans, so neither a burst of sends nor a compressed burst of acknowledgements overstates the
 * rate. Transmissions while the sender had nothing more to send are marked application-limited until what
 * was in flight then is delivered.
 */
final class DeliveryRateSampler {
    private long delivered;
    private long deliveredTime;
    private long firstSentTime;
    /** While above 0: samples are application-limited until {@code delivered} passes it. */
    private long applicationLimitedUntil;
    private final DeliveryRateSample sample = new DeliveryRateSample();
    private boolean measured;

    /** A fragment goes out with {@code bytesInFlight} already in flight (not counting it). */
    void onSent(DeliverySnapshot snapshot, long bytesInFlight, long now) {
        if (bytesInFlight == 0) {
            firstSentTime = now;
            deliveredTime = now;
        }
        snapshot.retransmission = snapshot.sent;
        snapshot.sent = true;
        snapshot.sentAt = now;
        snapshot.delivered = delivered;
        snapshot.deliveredTime = deliveredTime;
        snapshot.firstSentTime = firstSentTime;
        snapshot.applicationLimited = applicationLimitedUntil > 0;
        snapshot.awaitingAck = true;
    }

    /** The sender has less to send than the window allows, with {@code bytesInFlight} in flight. */
    void onApplicationLimited(long bytesInFlight) {
        applicationLimitedUntil = Math.max(delivered + bytesInFlight, 1);
    }

    /** One fragment of {@code bytes} of an acknowledgement; call {@link #finish} after the last. */
    void onAcked(DeliverySnapshot snapshot, int bytes, long now) {
        if (!snapshot.awaitingAck) {
            return;
        }
        snapshot.awaitingAck = false;
        if (!measured) {
            measured = true;
            sample.clear();
        }
        delivered += bytes;
        deliveredTime = now;
        if (snapshot.delivered >= sample.priorDelivered) {
            sample.priorDelivered = snapshot.delivered;
            sample.applicationLimited = snapshot.applicationLimited;
            sample.interval = Math.max(snapshot.sentAt - snapshot.firstSentTime, now - snapshot.deliveredTime);
            sample.roundTrip = snapshot.retransmission ? -1 : now - snapshot.sentAt;
            firstSentTime = snapshot.sentAt;
        }
    }

    /** The sample of the acknowledgement whose fragments were passed to {@link #onAcked}, or null if none. */
    DeliveryRateSample finish() {
        if (!measured) {
            return null;
        }
        measured = false;
        if (applicationLimitedUntil > 0 && delivered > applicationLimitedUntil) {
            applicationLimitedUntil = 0;
        }
        sample.totalDelivered = delivered;
        sample.delivered = delivered - sample.priorDelivered;
        return sample;
    }
}
