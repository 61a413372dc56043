package org.hhfr.transports.reliability;

import java.util.ArrayDeque;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.AckFrame;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.SequenceEndFrame;
import org.hhfr.transports.frame.SignalFrame;

/**
 * The sending half of a session (the WS-RM source of our sequence): numbers and fragments offered messages,
 * keeps at most {@code sendWindow} fragments in flight and within the peer's credit, settles them as
 * acknowledgements arrive, and retransmits the lost ones or, at most once, abandons them. Over datagrams losses
 * are found as in RFC 9002 (packet and time thresholds, probe timeouts; see {@link DatagramRecovery}) and what
 * goes out is bounded by the congestion window and paced; on a stream only a transport reset resends. It also
 * runs the CLOSE / TERMINATE exchange.
 */
final class OutboundSequence {
    private static final long NONE = ReliabilityEngine.NO_DEADLINE;
    /** Probes sent when the probe timeout expires (RFC 9002 allows one or two). */
    private static final int PROBES_PER_TIMEOUT = 2;

    /** One message number's fragment, from first transmission until settled. */
    private static final class Fragment {
        final DataFrame frame;
        final int size;
        final boolean endsMessage;
        /** Encoded bytes, what counts in flight over datagrams; 0 on a stream. */
        final int wireSize;
        long sentOrder;
        /** The transmission number before the latest one (0 after the first). */
        long previousOrder;
        long sentAt;
        int transmissions;
        boolean settled;
        boolean queued;
        /** Counted in the bytes in flight: sent, and neither acknowledged nor declared lost. */
        boolean inFlight;
        /** Over datagrams, what was delivered when it was last sent (its delivery rate sample); else null. */
        final DeliverySnapshot delivery;

        Fragment(DataFrame frame, boolean measured) {
            this.frame = frame;
            this.size = frame.payload().length;
            this.endsMessage = !frame.hasMore();
            this.wireSize = measured ? FrameCodec.encodedSize(frame) : 0;
            this.delivery = measured ? new DeliverySnapshot() : null;
        }
    }

    /**
     * A closing frame (CLOSE, TERMINATE) that is due, then sent, and over datagrams sent again on timeouts until
     * the peer's acknowledgement shows it arrived.
     */
    private static final class ClosingFrame {
        boolean due;
        boolean sent;
        long deadline = NONE;
        int timeouts;

        /** Taken for sending now; times the retry when the answer is still to come. */
        void send(long now, RttEstimator timer, boolean awaitAnswer) {
            due = false;
            sent = true;
            if (awaitAnswer) {
                deadline = now + timer.backedOff(timeouts);
            }
        }

        void answered() {
            deadline = NONE;
        }

        /** Sends it again, if it was sent. */
        void repeat() {
            if (sent) {
                due = true;
            }
        }

        /** On an expired deadline, makes it due again; false once {@code maxRetransmissions} are used up. */
        boolean retryIfExpired(long now, int maxRetransmissions) {
            if (deadline <= now) {
                deadline = NONE;
                if (++timeouts > maxRetransmissions) {
                    return false;
                }
                due = true;
            }
            return true;
        }
    }

    /** An offered message whose fragments have not all been sent once. */
    private static final class PendingMessage {
        final long firstNumber;
        final byte[] payload;
        final int operation;
        final long correlation;
        final int fragments;
        int nextFragment;

        PendingMessage(long firstNumber, byte[] payload, int operation, long correlation, int fragments) {
            this.firstNumber = firstNumber;
            this.payload = payload;
            this.operation = operation;
            this.correlation = correlation;
            this.fragments = fragments;
        }

        DataFrame fragment(int index, int fragmentSize) {
            boolean more = index < fragments - 1;
            byte[] part = payload;
            if (fragments > 1) {
                int from = index * fragmentSize;
                int to = Math.min(payload.length, from + fragmentSize);
                part = new byte[to - from];
                System.arraycopy(payload, from, part, 0, part.length);
            }
            long number = firstNumber + index;
            return index == 0 ? DataFrame.first(number, operation, correlation, more, part)
                    : DataFrame.continuation(number, more, part);
        }
    }

    /** Slots a sequence starts with: enough for a session that sends one message at a time. */
    private static final int INITIAL_WINDOW_SLOTS = 8;

    private final boolean retransmits;
    private final boolean timed;
    private final int fragmentSize;
    private final int maxMessageSize;
    private final int maxBufferedMessages;
    private final long maxBufferedBytes;
    private final int maxRetransmissions;
    private final int sendWindow;
    /** Fragments sent and not yet settled, by slot; grows up to the send window as more are in flight. */
    private Fragment[] window;
    private final ArrayDeque<PendingMessage> pending = new ArrayDeque<>(2);
    /** Fragments to send again, in order; made at the first loss (an ordered stream may never need it). */
    private ArrayDeque<Fragment> retransmitQueue;
    /** The next new fragment, made before it may go (its size decides whether it may); or null. */
    private Fragment staged;
    /** Over datagrams: loss detection, congestion window, pacing, probe timeout; null on a stream. */
    private final DatagramRecovery recovery;
    private final ClosingFrame close = new ClosingFrame();
    private final ClosingFrame terminate = new ClosingFrame();

    private long nextNumber = 1;
    private long sendNext = 1;
    private long sendBase = 1;
    private long peerLimit;
    private int bufferedMessages;
    private long bufferedBytes;
    private boolean offerRefused;
    private boolean writable;

    private long transmitCounter;
    /** The latest transmission number acknowledged (RFC 9002's largest acknowledged packet). */
    private long largestAckedOrder;
    private int probesDue;
    /** Probes resend only fragments whose latest transmission is at most this one (before the timeout). */
    private long probeFloor;

    private boolean blockedAckRequested;
    private boolean ackRequestDue;
    private long probeDeadline = NONE;
    private int probeBackoff;
    private int unansweredProbes;

    private boolean closing;
    private long lastNumber;
    private boolean finalSeen;
    private long peerCumulative;

    private long retransmissions;
    private long abandoned;

    OutboundSequence(ReliabilityConfig config, RttEstimator rtt) {
        this.retransmits = config.assurance() == DeliveryAssurance.EXACTLY_ONCE;
        this.timed = config.link() == LinkType.DATAGRAM;
        this.recovery = timed
                ? new DatagramRecovery(rtt, config.datagramFrameBudget(), config.congestionControl()) : null;
        this.fragmentSize = config.fragmentPayloadSize();
        this.maxMessageSize = config.maxMessageSize();
        this.maxBufferedMessages = config.maxBufferedMessages();
        this.maxBufferedBytes = config.maxBufferedBytes();
        this.maxRetransmissions = config.maxRetransmissions();
        this.sendWindow = config.sendWindow();
        this.window = new Fragment[Math.min(sendWindow, INITIAL_WINDOW_SLOTS)];
        this.peerLimit = config.initialCredit();
    }

    /** Queues a message; returns its number, or {@link ReliabilityEngine#REFUSED} when the buffer is full. */
    long offer(byte[] payload, int operation, long correlation) {
        if (closing) {
            throw new IllegalStateException("the sequence is closed; no message can follow");
        }
        if (payload.length > maxMessageSize) {
            throw new IllegalArgumentException(
                    "message of " + payload.length + " bytes exceeds the maximum of " + maxMessageSize);
        }
        if (operation < 0 || correlation < 0) {
            throw new IllegalArgumentException("operation and correlation must not be negative");
        }
        if (bufferedMessages >= maxBufferedMessages || bufferedBytes + payload.length > maxBufferedBytes) {
            offerRefused = true;
            return ReliabilityEngine.REFUSED;
        }
        int fragments = Math.max(1, (payload.length + fragmentSize - 1) / fragmentSize);
        if (nextNumber > DataFrame.MAX_MESSAGE_NUMBER - fragments) {
            throw new IllegalStateException("message numbers of this sequence are exhausted");
        }
        long number = nextNumber;
        nextNumber += fragments;
        pending.add(new PendingMessage(number, payload, operation, correlation, fragments));
        bufferedMessages++;
        bufferedBytes += payload.length;
        return number;
    }

    long nextMessageNumber() {
        return nextNumber;
    }

    void close() {
        if (!closing) {
            closing = true;
            lastNumber = nextNumber - 1;
            close.due = true;
        }
    }

    /** The next frame to send now, or {@code null}. */
    Frame nextFrame(long now, RttEstimator timer) {
        if (probesDue > 0) {
            Frame probe = probe(now);
            if (probe != null) {
                return probe;
            }
        }
        boolean dataBlocked = false;
        Fragment fragment;
        while (retransmitQueue != null && (fragment = retransmitQueue.peek()) != null) {
            if (!fragment.settled && recovery != null && !recovery.allows(fragment.wireSize, now)) {
                dataBlocked = true;
                break;
            }
            retransmitQueue.poll();
            fragment.queued = false;
            if (!fragment.settled) {
                retransmissions++;
                return transmit(fragment, now);
            }
        }
        if (close.due) {
            close.send(now, timer, timed && !finalSeen);
            return SequenceEndFrame.close(lastNumber);
        }
        if (ackRequestDue) {
            ackRequestDue = false;
            return SignalFrame.ACK_REQUESTED;
        }
        if (recovery != null && !dataBlocked && (!hasNewData() || !mayNumberAnother())) {
            recovery.onApplicationLimited();
        }
        if (hasNewData() && !dataBlocked) {
            if (mayNumberAnother()) {
                probeDeadline = NONE;
                Fragment next = stage();
                if (recovery != null && !recovery.allows(next.wireSize, now)) {
                    return terminateIfDue(now, timer);
                }
                return transmit(enter(), now);
            }
            if (timed && sendBase == sendNext && probeDeadline == NONE) {
                probeDeadline = now + timer.backedOff(probeBackoff);
            }
            if (!blockedAckRequested) {
                blockedAckRequested = true;
                return SignalFrame.ACK_REQUESTED;
            }
        }
        return terminateIfDue(now, timer);
    }

    private Frame terminateIfDue(long now, RttEstimator timer) {
        if (terminate.due) {
            terminate.send(now, timer, timed && peerCumulative < lastNumber);
            return SequenceEndFrame.terminate(lastNumber);
        }
        return null;
    }

    private boolean hasNewData() {
        return staged != null || !pending.isEmpty();
    }

    /** Whether the send window and the peer's credit let one more number go out. */
    private boolean mayNumberAnother() {
        return sendNext - sendBase < sendWindow && sendNext <= peerLimit;
    }

    /**
     * After the probe timeout: new data if the window and credit allow it, else the fragment sent longest ago
     * again (which stays counted in flight once), each at most once per timeout. Probes ignore the congestion
     * window and the pacer (RFC 9002 section 6.2.4). At the owner's flight limit none is sent: the owner holds
     * the sequence back because the peer cannot acknowledge it yet.
     */
    private Frame probe(long now) {
        if (recovery.atFlightLimit()) {
            probesDue = 0;
            return null;
        }
        probesDue--;
        if (hasNewData() && mayNumberAnother()) {
            stage();
            return transmit(enter(), now);
        }
        Fragment oldest = null;
        for (long n = sendBase; n < sendNext; n++) {
            Fragment fragment = window[slot(n)];
            if (!fragment.settled && fragment.sentOrder <= probeFloor
                    && (oldest == null || fragment.sentOrder < oldest.sentOrder)) {
                oldest = fragment;
            }
        }
        if (oldest == null) {
            probesDue = 0;
            return null;
        }
        if (oldest.queued) {
            retransmitQueue.remove(oldest);
            oldest.queued = false;
        }
        retransmissions++;
        return transmit(oldest, now);
    }

    /** Makes the next new fragment, if not made yet. */
    private Fragment stage() {
        if (staged == null) {
            PendingMessage message = pending.peek();
            staged = new Fragment(message.fragment(message.nextFragment++, fragmentSize), recovery != null);
            if (message.nextFragment == message.fragments) {
                pending.poll();
            }
        }
        return staged;
    }

    /** Numbers the staged fragment: it enters the window. */
    private Fragment enter() {
        Fragment fragment = staged;
        staged = null;
        if (sendNext - sendBase == window.length) {
            growWindow();
        }
        window[slot(sendNext)] = fragment;
        sendNext++;
        return fragment;
    }

    /** Doubles the slots (at most to the send window), each fragment in flight moved to its new slot. */
    private void growWindow() {
        Fragment[] old = window;
        window = new Fragment[Math.min(sendWindow, 2 * old.length)];
        for (long n = sendBase; n < sendNext; n++) {
            window[slot(n)] = old[(int) (n % old.length)];
        }
    }

    private Frame transmit(Fragment fragment, long now) {
        fragment.sentAt = now;
        fragment.previousOrder = fragment.sentOrder;
        fragment.sentOrder = ++transmitCounter;
        fragment.transmissions++;
        if (recovery != null) {
            recovery.onSent(fragment.delivery, fragment.wireSize, !fragment.inFlight, now);
            fragment.inFlight = true;
        }
        return fragment.frame;
    }

    void onAck(AckFrame ack, long now) throws WireException {
        if (ack.highest() >= sendNext) {
            throw new WireException(ErrorCode.SEQUENCE_VIOLATION, "acknowledgement of message " + ack.highest()
                    + ", which was never sent (next is " + sendNext + ")");
        }
        if (ack.isFinal() && !close.sent) {
            throw new WireException(ErrorCode.SEQUENCE_VIOLATION, "final acknowledgement before CLOSE was sent");
        }
        unansweredProbes = 0;
        if (ack.rangeCount() > 0 && ack.lower(0) == 1) {
            peerCumulative = Math.max(peerCumulative, ack.upper(0));
            if (peerCumulative >= lastNumber) {
                terminate.answered();
            }
        }
        boolean newlyAcknowledged = false;
        long earliestSentAt = Long.MAX_VALUE;
        long latestSentAt = Long.MIN_VALUE;
        for (int range = 0; range < ack.rangeCount(); range++) {
            for (long n = Math.max(ack.lower(range), sendBase); n <= ack.upper(range); n++) {
                Fragment fragment = window[slot(n)];
                if (fragment.settled) {
                    continue;
                }
                newlyAcknowledged = true;
                largestAckedOrder = Math.max(largestAckedOrder, acknowledgedOrder(fragment, now));
                earliestSentAt = Math.min(earliestSentAt, fragment.sentAt);
                latestSentAt = Math.max(latestSentAt, fragment.sentAt);
                if (n == ack.highest() && fragment.transmissions == 1 && recovery != null) {
                    recovery.rtt().sample(now - fragment.sentAt, ack.ackDelayNanos());
                }
                if (recovery != null) {
                    recovery.onAcked(fragment.delivery, fragment.wireSize, fragment.inFlight, now);
                    fragment.inFlight = false;
                }
                settle(fragment);
            }
        }
        if (ack.limit() > peerLimit) {
            peerLimit = ack.limit();
            blockedAckRequested = false;
            probeBackoff = 0;
            probeDeadline = NONE;
        }
        if (ack.isFinal() && !finalSeen) {
            finalSeen = true;
            close.answered();
        }
        advanceBase();
        if (recovery != null && newlyAcknowledged) {
            detectLosses(now, earliestSentAt);
            recovery.afterNewAcknowledgement(latestSentAt, now);
        }
    }

    /**
     * Which transmission of {@code fragment} an acknowledgement arriving now answers. Acknowledgements name
     * message numbers, so for a fragment sent more than once it is ambiguous: one arriving sooner after the
     * latest transmission than the minimum round trip answers an earlier one (the case after a spurious
     * retransmission), otherwise the latest is assumed. Taking the latest too eagerly would declare everything
     * sent between the two transmissions lost, and their retransmissions would repeat that.
     */
    private long acknowledgedOrder(Fragment fragment, long now) {
        if (recovery != null && fragment.transmissions > 1 && now - fragment.sentAt < recovery.rtt().min()) {
            return fragment.previousOrder;
        }
        return fragment.sentOrder;
    }

    /**
     * RFC 9002 section 6.1: a fragment in flight sent before the latest acknowledged transmission is lost when
     * {@link DatagramRecovery#PACKET_THRESHOLD} transmissions followed it or the loss delay passed since it was
     * sent; the others wait for the earliest of their loss times. Lost fragments are queued for retransmission
     * (at most once: given up) and reported to the congestion controller.
     *
     * @param acknowledgedSentAt the earliest sending time of the fragments the latest ACK newly acknowledged
     */
    private void detectLosses(long now, long acknowledgedSentAt) {
        long lossDelay = recovery.rtt().lossDelay();
        long lossTime = NONE;
        long lostBytes = 0;
        long firstLost = Long.MAX_VALUE;
        long lastLost = Long.MIN_VALUE;
        for (long n = sendBase; n < sendNext; n++) {
            Fragment fragment = window[slot(n)];
            if (!fragment.inFlight || fragment.sentOrder >= largestAckedOrder) {
                continue;
            }
            if (largestAckedOrder - fragment.sentOrder >= DatagramRecovery.PACKET_THRESHOLD
                    || now - fragment.sentAt >= lossDelay) {
                fragment.inFlight = false;
                lostBytes += fragment.wireSize;
                firstLost = Math.min(firstLost, fragment.sentAt);
                lastLost = Math.max(lastLost, fragment.sentAt);
                if (retransmits) {
                    queueRetransmission(fragment);
                } else {
                    settle(fragment);
                    abandoned++;
                }
            } else {
                lossTime = Math.min(lossTime, fragment.sentAt + lossDelay);
            }
        }
        recovery.lossTime(lossTime);
        if (lostBytes > 0) {
            recovery.onLost(lostBytes, firstLost, lastLost, acknowledgedSentAt, now);
            advanceBase();
        }
    }

    /**
     * Handles expired timers.
     *
     * @return why the peer counts as gone, or {@code null}
     */
    String expire(long now) {
        if (recovery != null) {
            String gone = expireRecovery(now);
            if (gone != null) {
                return gone;
            }
        }
        if (!close.retryIfExpired(now, maxRetransmissions)) {
            return "CLOSE unacknowledged after " + maxRetransmissions + " retransmissions";
        }
        if (!terminate.retryIfExpired(now, maxRetransmissions)) {
            return "TERMINATE unconfirmed after " + maxRetransmissions + " retransmissions";
        }
        if (probeDeadline <= now) {
            probeDeadline = NONE;
            if (++unansweredProbes > maxRetransmissions) {
                return "no acknowledgement granting credit after " + maxRetransmissions + " requests";
            }
            probeBackoff++;
            ackRequestDue = true;
        }
        return null;
    }

    private String expireRecovery(long now) {
        recovery.expirePacing(now);
        if (recovery.lossTimeExpired(now)) {
            detectLosses(now, Long.MAX_VALUE);
        }
        if (!recovery.probeExpired(now)) {
            return null;
        }
        if (!retransmits) {
            abandonUnanswered(now);
        } else if (recovery.probeExpiries() > maxRetransmissions) {
            return "message " + sendBase + " unacknowledged after " + maxRetransmissions + " retransmissions";
        } else {
            probesDue = PROBES_PER_TIMEOUT;
            probeFloor = transmitCounter;
        }
        return null;
    }

    /** At most once, on the probe timeout: gives up the fragments that had a whole probe timeout to be answered. */
    private void abandonUnanswered(long now) {
        long timeout = recovery.rtt().probeTimeout();
        for (long n = sendBase; n < sendNext; n++) {
            Fragment fragment = window[slot(n)];
            if (fragment.inFlight && now - fragment.sentAt >= timeout) {
                settle(fragment);
                abandoned++;
            }
        }
        advanceBase();
    }

    /**
     * The peer moved to a validated new address: what went to the old one is presumed lost, so a retransmitting
     * sequence sends everything unacknowledged again at once (an at-most-once one never resends), and recovery
     * starts over on the new path.
     */
    void onPathChanged() {
        if (retransmits) {
            for (long n = sendBase; n < sendNext; n++) {
                Fragment fragment = window[slot(n)];
                if (!fragment.settled && !fragment.queued) {
                    queueRetransmission(fragment);
                }
            }
        }
        if (recovery != null) {
            recovery.onPathChanged();
        }
    }

    /** The link was replaced: send everything unacknowledged again (or, at most once, give it up). */
    void onTransportReset() {
        for (long n = sendBase; n < sendNext; n++) {
            Fragment fragment = window[slot(n)];
            if (fragment.settled || fragment.queued) {
                continue;
            }
            if (retransmits) {
                queueRetransmission(fragment);
            } else {
                settle(fragment);
                abandoned++;
            }
        }
        advanceBase();
        blockedAckRequested = false;
        if (!finalSeen) {
            close.repeat();
        }
        terminate.repeat();
    }

    long deadline() {
        long deadline = Math.min(Math.min(terminate.deadline, close.deadline), probeDeadline);
        return recovery != null ? Math.min(deadline, recovery.deadline()) : deadline;
    }

    private void queueRetransmission(Fragment fragment) {
        leaveFlight(fragment);
        fragment.queued = true;
        if (retransmitQueue == null) {
            retransmitQueue = new ArrayDeque<>(2);
        }
        retransmitQueue.add(fragment);
    }

    private void settle(Fragment fragment) {
        leaveFlight(fragment);
        fragment.settled = true;
    }

    /** Takes a fragment out of the bytes in flight without an acknowledgement. */
    private void leaveFlight(Fragment fragment) {
        if (fragment.inFlight) {
            fragment.inFlight = false;
            recovery.onRemoved(fragment.wireSize);
        }
    }

    private void advanceBase() {
        long oldBase = sendBase;
        while (sendBase < sendNext) {
            int slot = slot(sendBase);
            Fragment fragment = window[slot];
            if (!fragment.settled) {
                break;
            }
            window[slot] = null;
            bufferedBytes -= fragment.size;
            if (fragment.endsMessage) {
                bufferedMessages--;
            }
            sendBase++;
        }
        if (sendBase != oldBase) {
            blockedAckRequested = false;
        }
        if (offerRefused && bufferedMessages <= maxBufferedMessages / 2 && bufferedBytes <= maxBufferedBytes / 2) {
            offerRefused = false;
            writable = true;
        }
        if (closing && finalSeen && sendBase > lastNumber && !terminate.sent) {
            terminate.due = true;
        }
    }

    /** Whether room opened up since an offer was refused; reports it once. */
    boolean takeWritable() {
        boolean result = writable;
        writable = false;
        return result;
    }

    /** Sends TERMINATE once more (a lingering peer may have lost it). */
    void repeatTerminate() {
        terminate.repeat();
    }

    /** Closed, and every message up to the last is acknowledged (or, at most once, given up). */
    boolean isSettled() {
        return closing && sendBase > lastNumber;
    }

    /**
     * TERMINATE went out, everything was settled and the peer saw CLOSE, and the peer acknowledges up to the
     * last number. When it does not yet (at most once, the last messages were lost), TERMINATE is what lets it
     * stop waiting for them, so it counts only once the peer's acknowledgement shows it arrived: it is
     * repeated on timeouts over datagrams, and after a transport reset on streams.
     */
    boolean isTerminated() {
        return terminate.sent && peerCumulative >= lastNumber;
    }

    int inFlight() {
        return (int) (sendNext - sendBase);
    }

    /** Every fragment numbered below this one is settled: acknowledged (or, at most once, given up). */
    long settledBelow() {
        return sendBase;
    }

    /** Over datagrams, see {@link DatagramRecovery#limitFlight}; on a stream nothing. */
    void limitFlight(long bytes) {
        if (recovery != null) {
            recovery.limitFlight(bytes);
        }
    }

    long congestionWindow() {
        return recovery != null ? recovery.congestionWindow() : Long.MAX_VALUE;
    }

    /** Over datagrams, what the congestion controller learned of the path; null on a stream or before a sample. */
    PathEstimate pathEstimate() {
        return recovery != null ? recovery.pathEstimate() : null;
    }

    /** Over datagrams and before anything was sent, starts the congestion controller from {@code earlier}. */
    boolean resumePath(PathEstimate earlier) {
        return recovery != null && transmitCounter == 0 && recovery.resumePath(earlier);
    }

    long bytesInFlight() {
        return recovery != null ? recovery.bytesInFlight() : 0;
    }

    long bufferedBytes() {
        return bufferedBytes;
    }

    long retransmissions() {
        return retransmissions;
    }

    long abandoned() {
        return abandoned;
    }

    private int slot(long number) {
        return (int) (number % window.length);
    }
}
