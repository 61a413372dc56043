package org.hhfr.transports.reliability;

import java.util.ArrayDeque;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.AckFrame;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.SequenceEndFrame;
import org.hhfr.transports.frame.SignalFrame;

/**
 * WS-ReliableMessaging for one session, without I/O: two sequences (ours out, the peer's in) with message
 * numbers, acknowledgement ranges, retransmission, a bounded window and credit, duplicate suppression, in-order
 * delivery, and a graceful CLOSE / TERMINATE ending. Over datagrams it also recovers losses and controls
 * congestion as QUIC does (RFC 9002: round-trip estimate, packet and time thresholds, probe timeout, NewReno
 * window, pacing); {@link #nextDeadline()} then includes when the pacer lets the next fragment go. It never blocks, starts no thread
 * and reads no clock: every call takes the current time ({@code System.nanoTime()} values, or virtual ones).
 *
 * <p>An adapter feeds it frames from the link ({@link #receive}), messages from the application
 * ({@link #offer}), transport resets and timer ticks; after each call it drains {@link #pollTransmit} onto the
 * link, {@link #poll} to the application and {@link #pollEvent} for what else happened, then arms a timer for
 * {@link #nextDeadline()}. Not thread-safe: confine an engine to one thread.
 */
public final class ReliabilityEngine {
    /** {@link #offer} returns this when the send buffer is full; retry after {@link EngineEvent.Kind#WRITABLE}. */
    public static final long REFUSED = -1;
    /** {@link #nextDeadline()} when no timer is needed. */
    public static final long NO_DEADLINE = Long.MAX_VALUE;

    /** Where the engine is in its life. */
    public enum State {
        OPEN,
        /** Both sequences ended gracefully. */
        FINISHED,
        FAILED
    }

    private final ReliabilityConfig config;
    private final RttEstimator timer;
    private final OutboundSequence outbound;
    private final InboundSequence inbound;
    /** Events not yet polled; made at the first (an idle session holds none). */
    private ArrayDeque<EngineEvent> events;

    private State state = State.OPEN;
    private ErrorFrame errorToSend;
    private long now;
    private long lastReceivedAt;
    private long lastTransmittedAt;
    private boolean pingDue;
    private boolean peerClosedReported;
    private long lingerAckAt = NO_DEADLINE;
    private int lingerAcks;

    /**
     * @param random source of retransmission jitter; seed it in tests to replay a run exactly
     * @param nowNanos the current time
     */
    public ReliabilityEngine(ReliabilityConfig config, Random random, long nowNanos) {
        config.validate();
        this.config = config;
        this.timer = new RttEstimator(config, random);
        this.outbound = new OutboundSequence(config, timer);
        this.inbound = new InboundSequence(config);
        this.now = nowNanos;
        this.lastReceivedAt = nowNanos;
        this.lastTransmittedAt = nowNanos;
    }

    public ReliabilityConfig config() {
        return config;
    }

    /** Offers a message with operation 0 that answers nothing. */
    public long offer(byte[] payload) {
        return offer(payload, 0, 0);
    }

    /**
     * Queues a message for sending. The engine keeps {@code payload} until it is acknowledged; do not change it.
     *
     * @param operation which operation of the session's service; 0 for the default
     * @param correlation the peer's message number this answers, or 0
     * @return the message's number (what the peer's answer names as correlation), or {@link #REFUSED} when the
     *         send buffer is full
     * @throws IllegalStateException after {@link #close} or once the engine is not open
     * @throws IllegalArgumentException for a message above the maximum size
     */
    public long offer(byte[] payload, int operation, long correlation) {
        if (state != State.OPEN) {
            throw new IllegalStateException("engine is " + state);
        }
        return outbound.offer(payload, operation, correlation);
    }

    /**
     * The number the next message offered will take: the message offered last takes the numbers from the one
     * {@link #offer} returned up to this one's predecessor, one per fragment.
     */
    public long nextMessageNumber() {
        return outbound.nextMessageNumber();
    }

    /** The next message of the peer's sequence, in order, or {@code null}. */
    public DeliveredMessage poll() {
        DeliveredMessage message = inbound.poll();
        if (message != null) {
            updateCompletion();
        }
        return message;
    }

    /**
     * Ends our sequence after the messages already offered: they are still delivered, then CLOSE and
     * TERMINATE follow. The engine finishes once the peer has closed its sequence too.
     */
    public void close() {
        if (state == State.OPEN) {
            outbound.close();
        }
    }

    /** Fails the session now and tells the peer why (an ERROR frame is the next to transmit). */
    public void abort(ErrorCode code, String reason) {
        if (state == State.OPEN) {
            fail(code, reason, true);
        }
    }

    /**
     * Handles one frame from the peer. Handshake frames must not reach the engine.
     *
     * @throws WireException when the frame breaks the protocol; the engine has then failed and its next
     *                       transmitted frame is the ERROR for the peer
     */
    public void receive(Frame frame, long nowNanos) throws WireException {
        if (state != State.OPEN) {
            return;
        }
        now = Math.max(now, nowNanos);
        lastReceivedAt = now;
        try {
            dispatch(frame);
        } catch (WireException e) {
            fail(e.code(), e.reason(), true);
            throw e;
        }
        advance(nowNanos);
        updateCompletion();
    }

    private void dispatch(Frame frame) throws WireException {
        switch (frame.type()) {
            case DATA:
                inbound.onData((DataFrame) frame, now);
                break;
            case ACK:
                outbound.onAck((AckFrame) frame, now);
                break;
            case ACK_REQUESTED:
            case PING:
                inbound.onAckRequested();
                break;
            case CLOSE:
                inbound.onClose(((SequenceEndFrame) frame).lastMessageNumber());
                break;
            case TERMINATE:
                inbound.onTerminate(((SequenceEndFrame) frame).lastMessageNumber());
                break;
            case ERROR:
                ErrorFrame error = (ErrorFrame) frame;
                fail(error.code() != null ? error.code() : ErrorCode.ABORTED, "peer: " + error.reason(), false);
                break;
            default:
                throw new WireException(ErrorCode.SEQUENCE_VIOLATION, frame.type() + " after the handshake");
        }
    }

    /**
     * The next frame to put on the link now, or {@code null} when there is nothing to send. Call until it
     * returns {@code null} (or the link stops accepting writes) after every other call. A DATA frame is
     * followed by an ACK of what the peer sent since the last one, so the two leave in one write.
     */
    public Frame pollTransmit(long nowNanos) {
        advance(nowNanos);
        if (errorToSend != null) {
            Frame error = errorToSend;
            errorToSend = null;
            return error;
        }
        if (state != State.OPEN) {
            return null;
        }
        Frame frame = inbound.isAckDue() ? inbound.buildAck(now) : outbound.nextFrame(now, timer);
        if (frame != null && frame.type() == FrameType.DATA) {
            inbound.ackWithOutgoingData(now);
        }
        if (frame == null && pingDue) {
            frame = SignalFrame.PING;
        }
        if (frame != null) {
            lastTransmittedAt = now;
            pingDue = false;
            updateCompletion();
        }
        return frame;
    }

    /** Runs the timers that are due; call at {@link #nextDeadline()}. */
    public void tick(long nowNanos) {
        advance(nowNanos);
    }

    /**
     * The link was replaced (a TCP connection resumed after a break) or may have lost everything in flight:
     * every unacknowledged message is sent again at once, and an acknowledgement of everything we hold goes
     * first, so the peer resends only what is missing. The peer drops what it already has.
     */
    public void onTransportReset(long nowNanos) {
        advance(nowNanos);
        if (state == State.OPEN) {
            outbound.onTransportReset();
            inbound.onTransportReset();
            updateCompletion();
        }
    }

    /**
     * Over datagrams, the peer's address changed (a validated migration): the round-trip estimate, the
     * congestion window and the pacer start over, as RFC 9002 section 9.4 asks for a new path, and the
     * acknowledgements of the peer's data go back to every second full datagram while the peer's window grows
     * again on the new path. Nothing is resent; on a stream this does nothing (a new connection is {@link
     * #onTransportReset}).
     */
    public void onPathChanged(long nowNanos) {
        advance(nowNanos);
        if (state == State.OPEN) {
            outbound.onPathChanged();
            inbound.onPathChanged();
        }
    }

    /**
     * Over datagrams, keeps bytes in flight at most {@code bytes} as well as within the congestion window, until
     * called again ({@link Long#MAX_VALUE} lifts the limit): an owner that knows its traffic must wait behind
     * other traffic on the path holds it back. At the limit the probe timeout sends nothing (the owner knows
     * why nothing is acknowledged). On a stream this does nothing.
     */
    public void limitFlight(long bytes) {
        outbound.limitFlight(bytes);
    }

    /** When {@link #tick} must next run, or {@link #NO_DEADLINE}. */
    public long nextDeadline() {
        if (state != State.OPEN) {
            return NO_DEADLINE;
        }
        long deadline = lastReceivedAt + config.idleTimeoutNanos();
        if (!pingDue) {
            deadline = Math.min(deadline, lastTransmittedAt + config.keepAliveNanos());
        }
        deadline = Math.min(deadline, lingerAckAt);
        return Math.min(deadline, Math.min(inbound.ackDeadline(), outbound.deadline()));
    }

    /** The next event, or {@code null}. */
    public EngineEvent pollEvent() {
        return events == null ? null : events.poll();
    }

    public State state() {
        return state;
    }

    /** Fragments sent and not yet settled; never more than the send window. */
    public int inFlight() {
        return outbound.inFlight();
    }

    /**
     * Every message numbered below this one was acknowledged by the peer (or, at most once, given up), so it
     * will never be asked for again.
     */
    public long acknowledgedBelow() {
        return outbound.settledBelow();
    }

    /**
     * Over datagrams, the congestion window: bytes of DATA that may be in flight (RFC 9002 NewReno);
     * {@link Long#MAX_VALUE} on a stream, where the kernel's TCP controls congestion.
     */
    public long congestionWindow() {
        return outbound.congestionWindow();
    }

    /**
     * Over datagrams, what the congestion controller learned of the path so far (its bandwidth and round trip),
     * for a later stream over the same path to {@linkplain #resumePath resume} from; null on a stream, with NewReno,
     * or before the first sample.
     */
    public PathEstimate pathEstimate() {
        return outbound.pathEstimate();
    }

    /**
     * Over datagrams, before anything was sent: start the congestion controller from {@code earlier}, an estimate
     * an earlier stream made of the same path (the same local and peer addresses, minutes ago), instead of from the
     * initial window. Ignored on a stream, once something was sent, and by NewReno.
     *
     * @return whether the controller starts from {@code earlier}: false on a stream, once something was sent, and
     *         with NewReno
     */
    public boolean resumePath(PathEstimate earlier) {
        return outbound.resumePath(Objects.requireNonNull(earlier, "earlier"));
    }

    /** Over datagrams, encoded bytes of DATA sent and neither acknowledged nor declared lost; 0 on a stream. */
    public long bytesInFlight() {
        return outbound.bytesInFlight();
    }

    /** Bytes of offered messages not yet acknowledged. */
    public long bufferedBytes() {
        return outbound.bufferedBytes();
    }

    /** Fragments sent again, after timeouts, acknowledgement gaps or transport resets. */
    public long retransmissions() {
        return outbound.retransmissions();
    }

    /** At most once: fragments given up unacknowledged. */
    public long abandoned() {
        return outbound.abandoned();
    }

    /** Fragments from the peer dropped because they arrived before (or, at most once, too late). */
    public long duplicatesDropped() {
        return inbound.duplicates();
    }

    /** At most once: messages from the peer dropped because the ready queue was full. */
    public long overflowDropped() {
        return inbound.overflowed();
    }

    private void advance(long nowNanos) {
        now = Math.max(now, nowNanos);
        if (state != State.OPEN) {
            return;
        }
        if (now - lastReceivedAt >= config.idleTimeoutNanos()) {
            endWithoutPeer("nothing received for " + TimeUnit.NANOSECONDS.toMillis(now - lastReceivedAt) + " ms");
            return;
        }
        String gone = outbound.expire(now);
        if (gone != null) {
            endWithoutPeer(gone);
            return;
        }
        inbound.expire(now);
        if (now - lastTransmittedAt >= config.keepAliveNanos()) {
            pingDue = true;
        }
        if (lingerAckAt <= now) {
            inbound.onAckRequested();
            outbound.repeatTerminate();
            lingerAckAt = now + timer.backedOff(++lingerAcks);
        }
        updateCompletion();
    }

    private void updateCompletion() {
        if (state != State.OPEN) {
            return;
        }
        if (outbound.takeWritable()) {
            report(EngineEvent.WRITABLE);
        }
        boolean inboundDone = inbound.isComplete();
        if (inboundDone && !peerClosedReported) {
            peerClosedReported = true;
            report(EngineEvent.PEER_CLOSED);
        }
        if (inboundDone && outbound.isTerminated()) {
            if (inbound.isTerminated()) {
                finish();
            } else if (lingerAckAt == NO_DEADLINE) {
                linger();
            }
        }
    }

    /**
     * Both sequences are done but the peer's TERMINATE has not come: it was lost, or the peer never got our
     * last acknowledgements and still repeats a message or its CLOSE (perhaps through an outage). So stay and
     * answer until the TERMINATE arrives or the peer has been silent for the idle timeout, which then ends the
     * session gracefully. Meanwhile repeat our acknowledgement and our TERMINATE now and then (with backoff):
     * either may be what was lost, and the peer may be lingering for our TERMINATE just as we are for its.
     */
    private void linger() {
        lingerAckAt = now + timer.backedOff(0);
    }

    /**
     * The peer stopped answering. If every message of ours is acknowledged and every message of the peer's
     * delivered, nothing was lost and the session still ends gracefully: this is how a lingering side ends
     * when the peer's TERMINATE was lost, and how a side ends whose CLOSE the peer never confirmed. Otherwise
     * the session fails.
     */
    private void endWithoutPeer(String reason) {
        if (outbound.isSettled() && inbound.isComplete()) {
            finish();
        } else {
            fail(ErrorCode.PEER_UNRESPONSIVE, reason, true);
        }
    }

    private void finish() {
        state = State.FINISHED;
        lingerAckAt = NO_DEADLINE;
        report(EngineEvent.FINISHED);
    }

    private void fail(ErrorCode code, String reason, boolean tellPeer) {
        state = State.FAILED;
        if (tellPeer) {
            errorToSend = ErrorFrame.of(code, reason);
        }
        report(EngineEvent.failed(code, reason));
    }

    private void report(EngineEvent event) {
        if (events == null) {
            events = new ArrayDeque<>(2);
        }
        events.add(event);
    }
}
