package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;
import java.util.concurrent.TimeUnit;

import org.hhfr.schemas.Bounds;
import org.hhfr.transports.Role;
import org.hhfr.transports.reliability.DeliveryAssurance;
import org.hhfr.transports.reliability.LinkType;
import org.hhfr.transports.reliability.ReliabilityConfig;

/**
 * The terms a stream agreed on in negotiation, which both ends run exactly: the delivery assurance and ordering
 * (WS-RM semantics), the retransmission and acknowledgement intervals, the window (also each side's initial
 * credit), the largest request and response, and how long the session lives unused. The server stores it with
 * the session, the client keeps it in its resumption ticket, and {@link #applyTo} turns it into the settings of
 * either end's reliability engine.
 */
@AutoValue
public abstract class ReliabilityPolicy {
    /**
     * How long a session lives unused unless agreed otherwise: 10 minutes, also the context store's default idle
     * expiry ({@code StoreLimits}).
     */
    public static final long DEFAULT_VALID_FOR_MILLIS = 10 * 60_000L;

    /**
     * Each term is what the reliability engine runs by default (the window: with 64, a pipelined burst of 100
     * small calls stalled a round trip for credit on a slow link), 1 MiB messages and
     * {@link #DEFAULT_VALID_FOR_MILLIS}.
     */
    private static final ReliabilityPolicy DEFAULTS = new AutoValue_ReliabilityPolicy.Builder()
            .deliveryAssurance(DeliveryAssurance.EXACTLY_ONCE)
            .inOrder(true)
            .retransmissionIntervalMillis(500)
            .ackIntervalMillis(5)
            .window(256)
            .maxRequestBytes(1 << 20)
            .maxResponseBytes(1 << 20)
            .validForMillis(DEFAULT_VALID_FOR_MILLIS)
            .build();

    /**
     * ExactlyOnce, InOrder, retransmit after 500 ms, acknowledge within 5 ms, window of 256 messages, requests
     * and responses up to 1 MiB, valid for 10 minutes unused.
     */
    public static ReliabilityPolicy defaults() {
        return DEFAULTS;
    }

    /**
     * The reliability terms, with the default message sizes and lifetime.
     *
     * @param retransmissionIntervalMillis wait before resending an unacknowledged message, positive
     * @param ackIntervalMillis longest wait before acknowledging what arrived; 0 acknowledges at once
     * @param window messages that may be unacknowledged at a time, positive
     */
    public static ReliabilityPolicy of(DeliveryAssurance deliveryAssurance, boolean inOrder,
                                       int retransmissionIntervalMillis, int ackIntervalMillis, int window) {
        return DEFAULTS.toBuilder()
                .deliveryAssurance(deliveryAssurance)
                .inOrder(inOrder)
                .retransmissionIntervalMillis(retransmissionIntervalMillis)
                .ackIntervalMillis(ackIntervalMillis)
                .window(window)
                .build();
    }

    public abstract DeliveryAssurance deliveryAssurance();

    /** Whether messages are handed on in the order they were sent. */
    public abstract boolean inOrder();

    /** The retransmission timeout before the first round-trip sample; UDP only (TCP does not retransmit). */
    public abstract int retransmissionIntervalMillis();

    /** Longest a receiver waits before acknowledging what arrived. */
    public abstract int ackIntervalMillis();

    /** Messages that may be sent and not yet acknowledged; also the credit each side has before the first ACK. */
    public abstract int window();

    /** The largest message the client may send: the server's limit. */
    public abstract int maxRequestBytes();

    /** The largest message the server may send: the client's limit. */
    public abstract int maxResponseBytes();

    /** How long the session lives unused (the server's idle expiry), counted from its last use. */
    public abstract long validForMillis();

    /** A builder holding these terms, to change some of them. */
    public abstract Builder toBuilder();

    /**
     * The engine settings with which {@code side} runs this agreement, starting from that side's own
     * {@code local} settings (link and frame budget, buffers, keep-alive, the floor and ceiling of the
     * retransmission timeout, its largest message). The agreement sets the assurance, the send and receive
     * windows and the initial credit (all three equal to {@link #window()}: the congestion window and pacing
     * of a datagram link, and TCP's own, keep a first flight from flooding a slow link), the acknowledgement
     * delay (over datagrams at least {@code local}'s, 25 ms by default as QUIC's: each acknowledgement that
     * cannot ride with data costs a datagram of its own, on a mobile uplink as much as a TCP segment of data),
     * the initial retransmission timeout, the largest message received (this side's agreed limit) and sent (the
     * peer's, or less if {@code local} allows less), and lowers the idle timeout to the session's lifetime: a stream
     * silent for longer has lost its session anyway. This is the one mapping both ends use, so both run the
     * same terms.
     *
     * @throws IllegalArgumentException for a term the engine cannot run: unordered delivery
     */
    public ReliabilityConfig applyTo(ReliabilityConfig local, Role side) {
        if (!inOrder()) {
            throw new IllegalArgumentException("inOrder=false cannot be run: the reliability engine delivers in order");
        }
        long minRto = Math.min(millis(local.minRtoNanos()), retransmissionIntervalMillis());
        long maxRto = Math.max(millis(local.maxRtoNanos()), retransmissionIntervalMillis());
        int inbound = side == Role.SERVER ? maxRequestBytes() : maxResponseBytes();
        int outbound = Math.min(side == Role.SERVER ? maxResponseBytes() : maxRequestBytes(),
                local.maxMessageSize());
        long idle = Math.max(2, Math.min(millis(local.idleTimeoutNanos()), validForMillis()));
        long keepAlive = Math.max(1, Math.min(millis(local.keepAliveNanos()), idle / 4));
        return local.toBuilder()
                .assurance(deliveryAssurance())
                .sendWindow(window())
                .receiveWindow(window())
                .initialCredit(window())
                .ackPolicy(local.link() == LinkType.DATAGRAM
                        ? Math.max(ackIntervalMillis(), millis(local.ackDelayNanos())) : ackIntervalMillis(),
                        local.ackEvery())
                .rtoMillis(retransmissionIntervalMillis(), minRto, maxRto)
                .maxMessageSizes(inbound, outbound)
                .keepAliveMillis(keepAlive, idle)
                .build();
    }

    private static long millis(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    @Override
    public final String toString() {
        return deliveryAssurance() + (inOrder() ? "+InOrder" : "") + " retransmit=" + retransmissionIntervalMillis()
                + "ms ack=" + ackIntervalMillis() + "ms window=" + window() + " maxRequest=" + maxRequestBytes()
                + " maxResponse=" + maxResponseBytes() + " validFor=" + validForMillis() + "ms";
    }

    /** Sets terms; {@link #build()} refuses a term out of its range. */
    @AutoValue.Builder
    public abstract static class Builder {
        public abstract Builder deliveryAssurance(DeliveryAssurance value);

        public abstract Builder inOrder(boolean value);

        /** Positive. */
        public abstract Builder retransmissionIntervalMillis(int value);

        /** 0 acknowledges at once. */
        public abstract Builder ackIntervalMillis(int value);

        /** Positive. */
        public abstract Builder window(int value);

        /** Positive. */
        public abstract Builder maxRequestBytes(int value);

        /** Positive. */
        public abstract Builder maxResponseBytes(int value);

        /** Positive. */
        public abstract Builder validForMillis(long value);

        abstract ReliabilityPolicy autoBuild();

        /** @throws IllegalArgumentException naming the first term out of its range */
        public ReliabilityPolicy build() {
            ReliabilityPolicy policy = autoBuild();
            Bounds.requirePositive(policy.retransmissionIntervalMillis(), "retransmission interval");
            Bounds.requireAtLeast(policy.ackIntervalMillis(), 0, "acknowledgement interval");
            Bounds.requirePositive(policy.window(), "window");
            Bounds.requirePositive(policy.maxRequestBytes(), "max request bytes");
            Bounds.requirePositive(policy.maxResponseBytes(), "max response bytes");
            Bounds.requirePositive(policy.validForMillis(), "validity");
            return policy;
        }
    }
}
