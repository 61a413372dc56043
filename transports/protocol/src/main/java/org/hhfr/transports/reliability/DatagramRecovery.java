package org.hhfr.transports.reliability;

/**
 * What a datagram link's sender keeps besides its fragments to recover losses and share the path (RFC 9002):
 * the round-trip estimate, bytes in flight and the congestion controller that bounds them, the delivery rate
 * sampler that feeds it, the pacer, the probe timeout and its backoff, and the earliest time-threshold loss. A
 * <em>packet</em> of RFC 9002 is here one transmission of a DATA fragment, numbered by the sequence's
 * transmission counter (a retransmission keeps its message number and gets a new transmission number); an
 * acknowledgement of a message number acknowledges its latest transmission.
 */
final class DatagramRecovery {
    /** A fragment this many transmissions before an acknowledged one counts as lost (kPacketThreshold). */
    static final int PACKET_THRESHOLD = 3;
    /** Factor of the probe timeout that lost fragments must span to make congestion persistent. */
    private static final int PERSISTENT_CONGESTION_THRESHOLD = 3;
    private static final long NONE = ReliabilityEngine.NO_DEADLINE;

    private final RttEstimator rtt;
    private final int maxDatagramSize;
    private final CongestionControl congestionControl;
    private final DeliveryRateSampler sampler = new DeliveryRateSampler();
    private CongestionController controller;
    private Pacer pacer;

    private long bytesInFlight;
    /** The owner's bound on bytes in flight, below the window's; {@link Long#MAX_VALUE} when there is none. */
    private long flightLimit = Long.MAX_VALUE;
    private long lastSentAt;
    private int probeExpiries;
    private long probeDeadline = NONE;
    private long lossTime = NONE;
    private long pacingDeadline = NONE;
    /** The latest sending time of every fragment acknowledged by earlier ACKs. */
    private long acknowledgedSentAt = Long.MIN_VALUE;
    /** Started from an earlier estimate of the path: what goes beyond the initial window is paced at once. */
    private boolean resumed;

    DatagramRecovery(RttEstimator rtt, int maxDatagramSize, CongestionControl congestionControl) {
        this.rtt = rtt;
        this.maxDatagramSize = maxDatagramSize;
        this.congestionControl = congestionControl;
        this.controller = newController();
        this.pacer = new Pacer(maxDatagramSize);
    }

    private CongestionController newController() {
        return congestionControl == CongestionControl.BBR ? new Bbr(rtt, maxDatagramSize)
                : new NewReno(rtt, maxDatagramSize);
    }

    /**
     * The peer's address changed: what was learned about the old path does not hold (RFC 9002 section 9.4).
     * The round-trip estimate, the window and the pacer start over; bytes in flight stay counted.
     */
    void onPathChanged() {
        resumed = false;
        rtt.reset();
        controller = newController();
        pacer = new Pacer(maxDatagramSize);
        probeExpiries = 0;
        armProbe();
    }

    RttEstimator rtt() {
        return rtt;
    }

    /** Bytes in flight stay at most {@code bytes} (and the window) from now on; {@link Long#MAX_VALUE} lifts it. */
    void limitFlight(long bytes) {
        flightLimit = bytes;
    }

    /** Whether the owner's limit holds the sender back: then the probe timeout sends nothing. */
    boolean atFlightLimit() {
        return bytesInFlight >= flightLimit;
    }

    /**
     * Whether a fragment of {@code bytes} may go now: the window (and the owner's {@linkplain #limitFlight
     * limit}) has room and the pacer a token. When the pacer says later, that time becomes part of
     * {@link #deadline()}.
     */
    boolean allows(int bytes, long now) {
        if (bytesInFlight >= Math.min(controller.window(), flightLimit)) {
            return false;
        }
        long initialWindow = (long) CongestionController.INITIAL_DATAGRAMS * maxDatagramSize;
        if (rtt.hasSample() || resumed && bytesInFlight >= initialWindow) {
            long at = pacer.sendTime(bytes, controller.pacingRate(), now);
            if (at > now) {
                pacingDeadline = at;
                return false;
            }
        }
        return true;
    }

    /** A fragment goes out; {@code entersFlight} unless its earlier transmission is still counted. */
    void onSent(DeliverySnapshot snapshot, int bytes, boolean entersFlight, long now) {
        sampler.onSent(snapshot, bytesInFlight, now);
        if (entersFlight) {
            bytesInFlight += bytes;
        }
        pacer.onSent(bytes, controller.pacingRate(), now);
        lastSentAt = now;
        pacingDeadline = NONE;
        armProbe();
    }

    /**
     * A fragment of {@code bytes} was newly acknowledged; {@code inFlight} unless it had been declared lost
     * (then it still counts as delivered).
     */
    void onAcked(DeliverySnapshot snapshot, int bytes, boolean inFlight, long now) {
        sampler.onAcked(snapshot, bytes, now);
        if (inFlight) {
            bytesInFlight -= bytes;
            controller.onAcked(bytes, snapshot.sentAt, now);
        }
    }

    /** The sender has less to send than the window allows (no data, or the peer's credit is used up). */
    void onApplicationLimited() {
        if (bytesInFlight < controller.window()) {
            sampler.onApplicationLimited(bytesInFlight);
        }
    }

    /**
     * An ACK that newly acknowledged something was handled (losses too): the controller gets the delivery rate
     * it measured, and the backoff starts over.
     */
    void afterNewAcknowledgement(long latestAcknowledgedSentAt, long now) {
        DeliveryRateSample sample = sampler.finish();
        if (sample != null) {
            controller.onAcknowledgement(sample, bytesInFlight, now);
        }
        probeExpiries = 0;
        acknowledgedSentAt = Math.max(acknowledgedSentAt, latestAcknowledgedSentAt);
        armProbe();
    }

    /** A fragment leaves the flight without an acknowledgement (given up, or after a transport reset). */
    void onRemoved(int bytes) {
        bytesInFlight -= bytes;
    }

    /**
     * Fragments sent between {@code firstSentAt} and {@code lastSentAt} were declared lost from one ACK whose
     * newly acknowledged fragments were all sent at or after {@code earliestAcknowledgedSentAt}.
     */
    void onLost(long bytes, long firstSentAt, long lastSentAt, long earliestAcknowledgedSentAt, long now) {
        bytesInFlight -= bytes;
        controller.onLost(bytes, lastSentAt, now);
        boolean nothingAcknowledgedBetween = acknowledgedSentAt < firstSentAt
                && earliestAcknowledgedSentAt > lastSentAt;
        if (rtt.hasSample() && nothingAcknowledgedBetween
                && lastSentAt - firstSentAt > PERSISTENT_CONGESTION_THRESHOLD * rtt.probeTimeout()) {
            controller.onPersistentCongestion();
        }
        armProbe();
    }

    /** The earliest time a fragment awaiting the time threshold counts as lost, or NONE. */
    void lossTime(long time) {
        lossTime = time;
    }

    boolean lossTimeExpired(long now) {
        return lossTime <= now;
    }

    /**
     * Whether the probe timeout expired; if so it is backed off (the caller sends probes or gives up) and runs
     * again from now, so a timer that fired late does not count several expiries at once.
     */
    boolean probeExpired(long now) {
        if (probeDeadline > now) {
            return false;
        }
        probeExpiries++;
        probeDeadline = bytesInFlight > 0 ? now + rtt.backedOff(probeExpiries) : NONE;
        return true;
    }

    int probeExpiries() {
        return probeExpiries;
    }

    /** Forgets a pacing time that passed: the next poll computes a new one if still needed. */
    void expirePacing(long now) {
        if (pacingDeadline <= now) {
            pacingDeadline = NONE;
        }
    }

    long deadline() {
        return Math.min(lossTime != NONE ? lossTime : probeDeadline, pacingDeadline);
    }

    long bytesInFlight() {
        return bytesInFlight;
    }

    long congestionWindow() {
        return controller.window();
    }

    /** What the congestion controller learned of the current path, or null. */
    PathEstimate pathEstimate() {
        return controller.estimate();
    }

    /**
     * Before anything was sent: the controller starts from {@code earlier}, learned on this path before. The
     * initial window's worth leaves at once as on any new stream; the rest of a larger resumed window is paced
     * from the start, as it has no round-trip sample of this stream to wait for.
     *
     * @return whether the controller starts from {@code earlier} (one without a model of the path ignores it)
     */
    boolean resumePath(PathEstimate earlier) {
        resumed = controller.resume(earlier);
        return resumed;
    }

    private void armProbe() {
        probeDeadline = bytesInFlight > 0 ? lastSentAt + rtt.backedOff(probeExpiries) : NONE;
    }
}
