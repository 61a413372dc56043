package org.hhfr.transports.reliability;

import java.util.ArrayDeque;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.AckFrame;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.SequenceEndFrame;
import org.hhfr.transports.frame.SignalFrame;

/**
 * The sending half of a session (the WS-RM source of our sequence): numbers and fragments offered messages,
 * keeps at most {@code sendWindow} fragments in flight and within the peer's credit, settles them as
 * acknowledgements arrive, and retransmits the lost ones (on timeouts over datagrams, on acknowledgement gaps,
 * and after a transport reset) or, at most once, abandons them. It also runs the CLOSE / TERMINATE exchange.
 */
final class OutboundSequence {
    /** A fragment this many numbers below an acknowledged later one counts as lost (as in QUIC and TCP). */
    private static final int REORDER_THRESHOLD = 3;
    private static final long NONE = ReliabilityEngine.NO_DEADLINE;

    /** One message number's fragment, from first transmission until settled. */
    private static final class Fragment {
        final DataFrame frame;
        final int size;
        final boolean endsMessage;
        long sentOrder;
        long sentAt;
        long deadline = NONE;
        int timeouts;
        int transmissions;
        boolean settled;
        boolean queued;

        Fragment(DataFrame frame) {
            this.frame = frame;
            this.size = frame.payload().length;
            this.endsMessage = !frame.hasMore();
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
        void send(long now, RetransmissionTimer timer, boolean awaitAnswer) {
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
    private long largestAcked;
    private long largestAckedOrder;
    private long earliestDeadline = NONE;
    private boolean earliestDeadlineStale;

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

    OutboundSequence(ReliabilityConfig config) {
        this.retransmits = config.assurance() == DeliveryAssurance.EXACTLY_ONCE;
        this.timed = config.link() == LinkType.DATAGRAM;
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

    void close() {
        if (!closing) {
            closing = true;
            lastNumber = nextNumber - 1;
            close.due = true;
        }
    }

    /** The next frame to send now, or {@code null}. */
    Frame nextFrame(long now, RetransmissionTimer timer) {
        Fragment fragment;
        while (retransmitQueue != null && (fragment = retransmitQueue.poll()) != null) {
            fragment.queued = false;
            if (!fragment.settled) {
                retransmissions++;
                return transmit(fragment, now, timer);
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
        if (!pending.isEmpty()) {
            if (sendNext - sendBase < sendWindow && sendNext <= peerLimit) {
                probeDeadline = NONE;
                return transmit(nextFragment(), now, timer);
            }
            if (timed && sendBase == sendNext && probeDeadline == NONE) {
                probeDeadline = now + timer.backedOff(probeBackoff);
            }
            if (!blockedAckRequested) {
                blockedAckRequested = true;
                return SignalFrame.ACK_REQUESTED;
            }
        }
        if (terminate.due) {
            terminate.send(now, timer, timed && peerCumulative < lastNumber);
            return SequenceEndFrame.terminate(lastNumber);
        }
        return null;
    }

    private Fragment nextFragment() {
        PendingMessage message = pending.peek();
        Fragment fragment = new Fragment(message.fragment(message.nextFragment++, fragmentSize));
        if (message.nextFragment == message.fragments) {
            pending.poll();
        }
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

    private Frame transmit(Fragment fragment, long now, RetransmissionTimer timer) {
        fragment.sentAt = now;
        fragment.sentOrder = ++transmitCounter;
        fragment.transmissions++;
        if (timed) {
            fragment.deadline = now + timer.backedOff(fragment.timeouts);
            if (!earliestDeadlineStale) {
                earliestDeadline = Math.min(earliestDeadline, fragment.deadline);
            }
        }
        return fragment.frame;
    }

    void onAck(AckFrame ack, long now, RetransmissionTimer timer) throws WireException {
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
        Fragment sample = null;
        for (int range = 0; range < ack.rangeCount(); range++) {
            for (long n = Math.max(ack.lower(range), sendBase); n <= ack.upper(range); n++) {
                Fragment fragment = window[slot(n)];
                if (fragment.settled) {
                    continue;
                }
                settle(fragment);
                if (n > largestAcked) {
                    largestAcked = n;
                    largestAckedOrder = fragment.sentOrder;
                    sample = fragment.transmissions == 1 ? fragment : null;
                }
            }
        }
        if (sample != null) {
            timer.sample(now - sample.sentAt);
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
        if (retransmits && timed) {
            detectLosses();
        }
    }

    /** Queues fragments sent before one that was acknowledged, yet themselves unacknowledged. */
    private void detectLosses() {
        for (long n = sendBase; n <= largestAcked - REORDER_THRESHOLD; n++) {
            Fragment fragment = window[slot(n)];
            if (!fragment.settled && !fragment.queued && fragment.sentOrder < largestAckedOrder) {
                queueRetransmission(fragment);
            }
        }
    }

    /**
     * Handles expired timers.
     *
     * @return why the peer counts as gone, or {@code null}
     */
    String expire(long now) {
        if (timed && earliestDeadline() <= now) {
            for (long n = sendBase; n < sendNext; n++) {
                Fragment fragment = window[slot(n)];
                if (fragment.settled || fragment.queued || fragment.deadline > now) {
                    continue;
                }
                if (!retransmits) {
                    settle(fragment);
                    abandoned++;
                } else if (++fragment.timeouts > maxRetransmissions) {
                    return "message " + n + " unacknowledged after " + maxRetransmissions + " retransmissions";
                } else {
                    queueRetransmission(fragment);
                    ackRequestDue = true;
                }
            }
            earliestDeadlineStale = true;
            advanceBase();
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
        return Math.min(Math.min(timed ? earliestDeadline() : NONE, terminate.deadline),
                Math.min(close.deadline, probeDeadline));
    }

    private long earliestDeadline() {
        if (earliestDeadlineStale) {
            long earliest = NONE;
            for (long n = sendBase; n < sendNext; n++) {
                Fragment fragment = window[slot(n)];
                if (!fragment.settled && !fragment.queued) {
                    earliest = Math.min(earliest, fragment.deadline);
                }
            }
            earliestDeadline = earliest;
            earliestDeadlineStale = false;
        }
        return earliestDeadline;
    }

    private void queueRetransmission(Fragment fragment) {
        unschedule(fragment);
        fragment.queued = true;
        if (retransmitQueue == null) {
            retransmitQueue = new ArrayDeque<>(2);
        }
        retransmitQueue.add(fragment);
    }

    private void settle(Fragment fragment) {
        unschedule(fragment);
        fragment.settled = true;
    }

    private void unschedule(Fragment fragment) {
        if (fragment.deadline == earliestDeadline) {
            earliestDeadlineStale = true;
        }
        fragment.deadline = NONE;
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
