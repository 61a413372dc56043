package org.hhfr.contextstore;

import java.util.Objects;
import java.util.concurrent.TimeUnit;

import org.hhfr.transports.Role;
import org.hhfr.transports.reliability.DeliveryAssurance;
import org.hhfr.transports.reliability.ReliabilityConfig;

/**
 * The terms a stream agreed on in negotiation, which both ends run exactly: the delivery assurance and ordering
 * (WS-RM semantics), the retransmission and acknowledgement intervals, the window (also each side's initial
 * credit), the largest request and response, and how long the session lives unused. The server stores it with
 * the session, the client keeps it in its resumption ticket, and {@link #applyTo} turns it into the settings of
 * either end's reliability engine.
 */
public final class ReliabilityPolicy {
    /**
     * Each term is what the reliability engine runs by default (the window: with 64, a pipelined burst of 100
     * small calls stalled a round trip for credit on a slow link), 1 MiB messages and the context store's
     * default idle expiry.
     */
    private static final ReliabilityPolicy DEFAULTS = new ReliabilityPolicy(DeliveryAssurance.EXACTLY_ONCE, true,
            500, 5, 256, 1 << 20, 1 << 20, 10 * 60_000L);

    private final DeliveryAssurance deliveryAssurance;
    private final boolean inOrder;
    private final int retransmissionIntervalMillis;
    private final int ackIntervalMillis;
    private final int window;
    private final int maxRequestBytes;
    private final int maxResponseBytes;
    private final long validForMillis;

    /**
     * The reliability terms, with the default message sizes and lifetime.
     *
     * @param retransmissionIntervalMillis wait before resending an unacknowledged message, positive
     * @param ackIntervalMillis longest wait before acknowledging what arrived; 0 acknowledges at once
     * @param window messages that may be unacknowledged at a time, positive
     */
    public ReliabilityPolicy(DeliveryAssurance deliveryAssurance, boolean inOrder, int retransmissionIntervalMillis,
                             int ackIntervalMillis, int window) {
        this(deliveryAssurance, inOrder, retransmissionIntervalMillis, ackIntervalMillis, window,
                DEFAULTS.maxRequestBytes, DEFAULTS.maxResponseBytes, DEFAULTS.validForMillis);
    }

    private ReliabilityPolicy(DeliveryAssurance deliveryAssurance, boolean inOrder, int retransmissionIntervalMillis,
                              int ackIntervalMillis, int window, int maxRequestBytes, int maxResponseBytes,
                              long validForMillis) {
        this.deliveryAssurance = Objects.requireNonNull(deliveryAssurance, "deliveryAssurance");
        this.inOrder = inOrder;
        this.retransmissionIntervalMillis = positive(retransmissionIntervalMillis, "retransmission interval");
        if (ackIntervalMillis < 0) {
            throw new IllegalArgumentException("acknowledgement interval must not be negative: " + ackIntervalMillis);
        }
        this.ackIntervalMillis = ackIntervalMillis;
        this.window = positive(window, "window");
        this.maxRequestBytes = positive(maxRequestBytes, "max request bytes");
        this.maxResponseBytes = positive(maxResponseBytes, "max response bytes");
        if (validForMillis < 1) {
            throw new IllegalArgumentException("validity must be positive: " + validForMillis);
        }
        this.validForMillis = validForMillis;
    }

    /**
     * ExactlyOnce, InOrder, retransmit after 500 ms, acknowledge within 5 ms, window of 256 messages, requests
     * and responses up to 1 MiB, valid for 10 minutes unused.
     */
    public static ReliabilityPolicy defaults() {
        return DEFAULTS;
    }

    public DeliveryAssurance deliveryAssurance() {
        return deliveryAssurance;
    }

    /** Whether messages are handed on in the order they were sent. */
    public boolean inOrder() {
        return inOrder;
    }

    /** The retransmission timeout before the first round-trip sample; UDP only (TCP does not retransmit). */
    public int retransmissionIntervalMillis() {
        return retransmissionIntervalMillis;
    }

    /** Longest a receiver waits before acknowledging what arrived. */
    public int ackIntervalMillis() {
        return ackIntervalMillis;
    }

    /** Messages that may be sent and not yet acknowledged; also the credit each side has before the first ACK. */
    public int window() {
        return window;
    }

    /** The largest message the client may send: the server's limit. */
    public int maxRequestBytes() {
        return maxRequestBytes;
    }

    /** The largest message the server may send: the client's limit. */
    public int maxResponseBytes() {
        return maxResponseBytes;
    }

    /** How long the session lives unused (the server's idle expiry), counted from its last use. */
    public long validForMillis() {
        return validForMillis;
    }

    public ReliabilityPolicy withDeliveryAssurance(DeliveryAssurance value) {
        return new ReliabilityPolicy(value, inOrder, retransmissionIntervalMillis, ackIntervalMillis, window,
                maxRequestBytes, maxResponseBytes, validForMillis);
    }

    public ReliabilityPolicy withInOrder(boolean value) {
        return new ReliabilityPolicy(deliveryAssurance, value, retransmissionIntervalMillis, ackIntervalMillis,
                window, maxRequestBytes, maxResponseBytes, validForMillis);
    }

    public ReliabilityPolicy withRetransmissionIntervalMillis(int value) {
        return new ReliabilityPolicy(deliveryAssurance, inOrder, value, ackIntervalMillis, window,
                maxRequestBytes, maxResponseBytes, validForMillis);
    }

    public ReliabilityPolicy withAckIntervalMillis(int value) {
        return new ReliabilityPolicy(deliveryAssurance, inOrder, retransmissionIntervalMillis, value, window,
                maxRequestBytes, maxResponseBytes, validForMillis);
    }

    public ReliabilityPolicy withWindow(int value) {
        return new ReliabilityPolicy(deliveryAssurance, inOrder, retransmissionIntervalMillis, ackIntervalMillis,
                value, maxRequestBytes, maxResponseBytes, validForMillis);
    }

    public ReliabilityPolicy withMaxRequestBytes(int value) {
        return new ReliabilityPolicy(deliveryAssurance, inOrder, retransmissionIntervalMillis, ackIntervalMillis,
                window, value, maxResponseBytes, validForMillis);
    }

    public ReliabilityPolicy withMaxResponseBytes(int value) {
        return new ReliabilityPolicy(deliveryAssurance, inOrder, retransmissionIntervalMillis, ackIntervalMillis,
                window, maxRequestBytes, value, validForMillis);
    }

    public ReliabilityPolicy withValidForMillis(long value) {
        return new ReliabilityPolicy(deliveryAssurance, inOrder, retransmissionIntervalMillis, ackIntervalMillis,
                window, maxRequestBytes, maxResponseBytes, value);
    }

    /**
     * The engine settings with which {@code side} runs this agreement, starting from that side's own
     * {@code local} settings (link and frame budget, buffers, keep-alive, the floor and ceiling of the
     * retransmission timeout, its largest message). The agreement sets the assurance, the send and receive
     * windows and the initial credit (all equal to {@link #window()}), the acknowledgement delay, the initial
     * retransmission timeout, the largest message received (this side's agreed limit) and sent (the peer's,
     * or less if {@code local} allows less), and lowers the idle timeout to the session's lifetime: a stream
     * silent for longer has lost its session anyway. This is the one mapping both ends use, so both run the
     * same terms.
     *
     * @throws IllegalArgumentException for a term the engine cannot run: unordered delivery
     */
    public ReliabilityConfig applyTo(ReliabilityConfig local, Role side) {
        if (!inOrder) {
            throw new IllegalArgumentException("inOrder=false cannot be run: the reliability engine delivers in order");
        }
        long minRto = Math.min(millis(local.minRtoNanos()), retransmissionIntervalMillis);
        long maxRto = Math.max(millis(local.maxRtoNanos()), retransmissionIntervalMillis);
        int inbound = side == Role.SERVER ? maxRequestBytes : maxResponseBytes;
        int outbound = Math.min(side == Role.SERVER ? maxResponseBytes : maxRequestBytes, local.maxMessageSize());
        long idle = Math.max(2, Math.min(millis(local.idleTimeoutNanos()), validForMillis));
        long keepAlive = Math.max(1, Math.min(millis(local.keepAliveNanos()), idle / 4));
        return local.withAssurance(deliveryAssurance)
                .withSendWindow(window)
                .withReceiveWindow(window)
                .withInitialCredit(window)
                .withAckPolicy(ackIntervalMillis, local.ackEvery())
                .withRtoMillis(retransmissionIntervalMillis, minRto, maxRto)
                .withMaxMessageSizes(inbound, outbound)
                .withKeepAliveMillis(keepAlive, idle);
    }

    private static long millis(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    private static int positive(int value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
        return value;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ReliabilityPolicy)) {
            return false;
        }
        ReliabilityPolicy other = (ReliabilityPolicy) o;
        return deliveryAssurance == other.deliveryAssurance && inOrder == other.inOrder
                && retransmissionIntervalMillis == other.retransmissionIntervalMillis
                && ackIntervalMillis == other.ackIntervalMillis && window == other.window
                && maxRequestBytes == other.maxRequestBytes && maxResponseBytes == other.maxResponseBytes
                && validForMillis == other.validForMillis;
    }

    @Override
    public int hashCode() {
        return Objects.hash(deliveryAssurance, inOrder, retransmissionIntervalMillis, ackIntervalMillis, window,
                maxRequestBytes, maxResponseBytes, validForMillis);
    }

    @Override
    public String toString() {
        return deliveryAssurance + (inOrder ? "+InOrder" : "") + " retransmit=" + retransmissionIntervalMillis
                + "ms ack=" + ackIntervalMillis + "ms window=" + window + " maxRequest=" + maxRequestBytes
                + " maxResponse=" + maxResponseBytes + " validFor=" + validForMillis + "ms";
    }
}
