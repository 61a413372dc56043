package org.hhfr.contextstore;

import java.util.Objects;

/**
 * The reliability a stream agreed on in negotiation (WS-RM semantics): delivery assurance, ordering, and the
 * timing and window the reliability engine runs with.
 */
public final class ReliabilityPolicy {
    /**
     * The window is the reliability engine's own default and a default server's largest: with 64, a
     * pipelined burst of 100 small calls stalled a round trip for credit on a slow link.
     */
    private static final ReliabilityPolicy DEFAULTS =
            new ReliabilityPolicy(DeliveryAssurance.EXACTLY_ONCE, true, 500, 100, 256);

    private final DeliveryAssurance deliveryAssurance;
    private final boolean inOrder;
    private final int retransmissionIntervalMillis;
    private final int ackIntervalMillis;
    private final int window;

    /**
     * @param retransmissionIntervalMillis wait before resending an unacknowledged message, positive
     * @param ackIntervalMillis longest wait before acknowledging what arrived; 0 acknowledges at once
     * @param window messages that may be unacknowledged at a time, positive
     */
    public ReliabilityPolicy(DeliveryAssurance deliveryAssurance, boolean inOrder, int retransmissionIntervalMillis,
                             int ackIntervalMillis, int window) {
        this.deliveryAssurance = Objects.requireNonNull(deliveryAssurance, "deliveryAssurance");
        this.inOrder = inOrder;
        if (retransmissionIntervalMillis <= 0) {
            throw new IllegalArgumentException("retransmission interval must be positive: " + retransmissionIntervalMillis);
        }
        if (ackIntervalMillis < 0) {
            throw new IllegalArgumentException("acknowledgement interval must not be negative: " + ackIntervalMillis);
        }
        if (window <= 0) {
            throw new IllegalArgumentException("window must be positive: " + window);
        }
        this.retransmissionIntervalMillis = retransmissionIntervalMillis;
        this.ackIntervalMillis = ackIntervalMillis;
        this.window = window;
    }

    /** ExactlyOnce, InOrder, retransmit after 500 ms, acknowledge within 100 ms, window of 256 messages. */
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

    public int retransmissionIntervalMillis() {
        return retransmissionIntervalMillis;
    }

    public int ackIntervalMillis() {
        return ackIntervalMillis;
    }

    /** Messages that may be sent and not yet acknowledged. */
    public int window() {
        return window;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ReliabilityPolicy)) {
            return false;
        }
        ReliabilityPolicy other = (ReliabilityPolicy) o;
        return deliveryAssurance == other.deliveryAssurance && inOrder == other.inOrder
                && retransmissionIntervalMillis == other.retransmissionIntervalMillis
                && ackIntervalMillis == other.ackIntervalMillis && window == other.window;
    }

    @Override
    public int hashCode() {
        return Objects.hash(deliveryAssurance, inOrder, retransmissionIntervalMillis, ackIntervalMillis, window);
    }

    @Override
    public String toString() {
        return deliveryAssurance + (inOrder ? "+InOrder" : "") + " retransmit=" + retransmissionIntervalMillis
                + "ms ack=" + ackIntervalMillis + "ms window=" + window;
    }
}
