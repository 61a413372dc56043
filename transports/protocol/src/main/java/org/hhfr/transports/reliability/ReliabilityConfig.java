package org.hhfr.transports.reliability;

import com.google.auto.value.AutoValue;
import java.util.concurrent.TimeUnit;
import org.hhfr.schemas.Bounds;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.FrameLimits;

/**
 * Everything a {@link ReliabilityEngine} needs to know about its link, its bounds and its timers. Immutable:
 * start from {@link #forStream()} or {@link #forDatagrams(int)} and change settings with {@link #toBuilder()};
 * the defaults suit a mobile link and are listed in the wire format document. {@link Builder#build()} checks
 * each setting's range; the rules that tie settings together are checked when an engine is built.
 */
@AutoValue
public abstract class ReliabilityConfig {
    /** Encoded bytes around a fragment's payload: length prefix (up to 5) and the DATA header. */
    private static final int DATA_FRAME_OVERHEAD = 5 + DataFrame.MAX_HEADER_SIZE;
    /**
     * Encoded bytes of an ACK besides its ranges: prefix, type, count, limit and ack delay; each range takes up
     * to 18.
     */
    private static final int ACK_FRAME_OVERHEAD = 5 + 1 + 5 + 9 + 4;
    private static final int ACK_RANGE_SIZE = 18;
    private static final long ONE_MILLISECOND = TimeUnit.MILLISECONDS.toNanos(1);

    /** For a TCP connection: whole messages per frame, no retransmission timers. */
    public static ReliabilityConfig forStream() {
        return defaults(LinkType.STREAM, 0).build();
    }

    /**
     * For UDP datagrams whose frames may take {@code frameBudget} bytes each (see
     * {@code DatagramWriter.frameBudget}): larger messages are fragmented to fit.
     */
    public static ReliabilityConfig forDatagrams(int frameBudget) {
        if (frameBudget < 256) {
            throw new IllegalArgumentException("frame budget must be at least 256 bytes: " + frameBudget);
        }
        return defaults(LinkType.DATAGRAM, frameBudget).ackPolicy(25, 4).build();
    }

    private static Builder defaults(LinkType link, int datagramFrameBudget) {
        return new AutoValue_ReliabilityConfig.Builder()
                .link(link)
                .datagramFrameBudget(datagramFrameBudget)
                .assurance(DeliveryAssurance.EXACTLY_ONCE)
                .maxMessageSizes(FrameLimits.DEFAULT_MAX_MESSAGE_SIZE, FrameLimits.DEFAULT_MAX_MESSAGE_SIZE)
                .sendWindow(256)
                .receiveWindow(256)
                .initialCredit(256)
                .maxBuffered(1024, 32L << 20)
                .maxReady(1024, 32L << 20)
                .rtoMillis(500, 50, 10_000)
                .rtoJitter(0.1)
                .maxRetransmissions(10)
                .ackPolicy(5, 8)
                .keepAliveMillis(15_000, 60_000)
                .congestionControl(CongestionControl.BBR);
    }

    public abstract LinkType link();

    /** Bytes a datagram's frames may take; 0 on a stream. */
    abstract int datagramFrameBudget();

    public abstract DeliveryAssurance assurance();

    /** Largest application message accepted by {@code offer}: what the peer agreed to receive (16 MiB). */
    public abstract int maxMessageSize();

    /** Largest message reassembled on receipt; a larger one fails the session with TOO_LARGE (16 MiB). */
    public abstract int maxInboundMessageSize();

    /** Payload bytes per DATA frame: the whole message on a stream, what fits a datagram otherwise. */
    public int fragmentPayloadSize() {
        return link() == LinkType.STREAM ? maxMessageSize() : datagramFrameBudget() - DATA_FRAME_OVERHEAD;
    }

    /** Most ranges this engine puts in one ACK: 256, or fewer so that an ACK fits a datagram. */
    public int maxAckRanges() {
        int ranges = FrameLimits.DEFAULT_MAX_ACK_RANGES;
        return link() == LinkType.STREAM ? ranges
                : Math.min(ranges, (datagramFrameBudget() - ACK_FRAME_OVERHEAD) / ACK_RANGE_SIZE);
    }

    /** Most messages (fragments) sent and not yet acknowledged (256). */
    public abstract int sendWindow();

    /** How far beyond the next expected message the receiver holds early arrivals and grants credit (256). */
    public abstract int receiveWindow();

    /**
     * The highest message number either side may send before the peer's first acknowledgement grants more:
     * this engine grants it to the peer and assumes it from the peer (256). Both ends must use the same value;
     * a negotiated stream takes it from the agreed window (256 by default). At most {@link #receiveWindow()}.
     */
    public abstract int initialCredit();

    /** Messages offered and not yet acknowledged, queued or in flight, before {@code offer} refuses (1,024). */
    public abstract int maxBufferedMessages();

    /** Their bytes (32 MiB); at least {@link #maxMessageSize()}. */
    public abstract long maxBufferedBytes();

    /** Delivered messages not yet polled before the receiver stops granting credit (1,024). */
    public abstract int maxReadyMessages();

    /** Their bytes (32 MiB). */
    public abstract long maxReadyBytes();

    /**
     * Timeout before the first round-trip sample (500 ms): over datagrams the probe timeout (RFC 9002), also
     * the timeout of CLOSE, TERMINATE and credit probes.
     */
    public abstract long initialRtoNanos();

    /** Floor of the computed timeout (50 ms). */
    public abstract long minRtoNanos();

    /** Ceiling of the timeout and of its exponential backoff (10 s). */
    public abstract long maxRtoNanos();

    /** Each timeout is lengthened by a random fraction up to this (0.1). */
    public abstract double rtoJitter();

    /**
     * Timeouts after which the peer counts as gone (10): probe timeouts in a row without an acknowledgement over
     * datagrams, or timeouts of CLOSE, TERMINATE or a credit probe.
     */
    public abstract int maxRetransmissions();

    /**
     * Longest a receiver waits to coalesce acknowledgements (5 ms on a stream, 25 ms over datagrams); over
     * datagrams also the peer's max ack delay in the probe timeout, so both ends must use the same value.
     */
    public abstract long ackDelayNanos();

    /**
     * Arrivals after which an acknowledgement is sent without waiting: DATA frames on a stream (8); over
     * datagrams, full datagrams' worth of DATA payload (4; every second full datagram, as QUIC, for a
     * stream's first hundred).
     */
    public abstract int ackEvery();

    /** Silence on the sending side after which a PING goes out (15 s). */
    public abstract long keepAliveNanos();

    /** Silence from the peer after which the session fails (60 s); also how long a broken TCP link may last. */
    public abstract long idleTimeoutNanos();

    /**
     * Over datagrams, what bounds and paces the DATA this engine sends ({@link CongestionControl#BBR}); unused
     * on a stream. Only the sender's choice matters: the ends need not agree.
     */
    public abstract CongestionControl congestionControl();

    /** A builder holding these settings, to change some of them. */
    public abstract Builder toBuilder();

    /** Checks the rules that tie settings together. */
    void validate() {
        require(maxBufferedBytes() >= maxMessageSize(),
                "maxBufferedBytes " + maxBufferedBytes() + " below maxMessageSize " + maxMessageSize());
        require(initialCredit() <= receiveWindow(),
                "initialCredit " + initialCredit() + " above receiveWindow " + receiveWindow());
        require(minRtoNanos() <= initialRtoNanos() && initialRtoNanos() <= maxRtoNanos(),
                "RTOs must satisfy minimum <= initial <= maximum");
        require(keepAliveNanos() < idleTimeoutNanos(), "keep-alive interval must be shorter than the idle timeout");
        require(maxAckRanges() >= 2, "frame budget too small for acknowledgements");
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    /** Changes settings; {@link #build()} refuses any outside its range. The link type is fixed. */
    @AutoValue.Builder
    public abstract static class Builder {
        abstract Builder link(LinkType link);

        abstract Builder datagramFrameBudget(int bytes);

        public abstract Builder assurance(DeliveryAssurance value);

        /** Largest message {@code offer} accepts: what the peer agreed to receive. */
        public abstract Builder maxMessageSize(int bytes);

        /** Largest message reassembled on receipt. */
        public abstract Builder maxInboundMessageSize(int bytes);

        /** Largest message reassembled on receipt, and largest message {@code offer} accepts. */
        public Builder maxMessageSizes(int inbound, int outbound) {
            return maxInboundMessageSize(inbound).maxMessageSize(outbound);
        }

        public abstract Builder sendWindow(int messages);

        public abstract Builder receiveWindow(int messages);

        public abstract Builder initialCredit(int messages);

        abstract Builder maxBufferedMessages(int messages);

        abstract Builder maxBufferedBytes(long bytes);

        /** Messages offered and not yet acknowledged, and their bytes, before {@code offer} refuses. */
        public Builder maxBuffered(int messages, long bytes) {
            return maxBufferedMessages(messages).maxBufferedBytes(bytes);
        }

        abstract Builder maxReadyMessages(int messages);

        abstract Builder maxReadyBytes(long bytes);

        /** Delivered messages not yet polled, and their bytes, before the receiver stops granting credit. */
        public Builder maxReady(int messages, long bytes) {
            return maxReadyMessages(messages).maxReadyBytes(bytes);
        }

        abstract Builder initialRtoNanos(long nanos);

        abstract Builder minRtoNanos(long nanos);

        abstract Builder maxRtoNanos(long nanos);

        /** Initial, minimum and maximum retransmission timeouts in milliseconds. */
        public Builder rtoMillis(long initial, long min, long max) {
            return initialRtoNanos(nanos(initial)).minRtoNanos(nanos(min)).maxRtoNanos(nanos(max));
        }

        public abstract Builder rtoJitter(double fraction);

        public abstract Builder maxRetransmissions(int timeouts);

        abstract Builder ackDelayNanos(long nanos);

        abstract Builder ackEvery(int arrivals);

        /** Acknowledge after {@code every} arrivals or {@code delayMillis}, whichever comes first. */
        public Builder ackPolicy(long delayMillis, int every) {
            return ackDelayNanos(nanos(delayMillis)).ackEvery(every);
        }

        abstract Builder keepAliveNanos(long nanos);

        abstract Builder idleTimeoutNanos(long nanos);

        /** Silence before a PING goes out, and silence from the peer before the session fails, in milliseconds. */
        public Builder keepAliveMillis(long keepAlive, long idleTimeout) {
            return keepAliveNanos(nanos(keepAlive)).idleTimeoutNanos(nanos(idleTimeout));
        }

        public abstract Builder congestionControl(CongestionControl value);

        abstract ReliabilityConfig autoBuild();

        /** @throws IllegalArgumentException naming the first setting outside its range */
        public ReliabilityConfig build() {
            ReliabilityConfig config = autoBuild();
            Bounds.requirePositive(config.maxInboundMessageSize(), "maxInboundMessageSize");
            Bounds.requirePositive(config.maxMessageSize(), "maxMessageSize");
            Bounds.requirePositive(config.sendWindow(), "sendWindow");
            Bounds.requirePositive(config.receiveWindow(), "receiveWindow");
            Bounds.requirePositive(config.initialCredit(), "initialCredit");
            Bounds.requirePositive(config.maxBufferedMessages(), "maxBufferedMessages");
            Bounds.requirePositive(config.maxBufferedBytes(), "maxBufferedBytes");
            Bounds.requirePositive(config.maxReadyMessages(), "maxReadyMessages");
            Bounds.requirePositive(config.maxReadyBytes(), "maxReadyBytes");
            Bounds.requireAtLeast(config.initialRtoNanos(), ONE_MILLISECOND, "initial RTO (ns)");
            Bounds.requireAtLeast(config.minRtoNanos(), ONE_MILLISECOND, "minimum RTO (ns)");
            Bounds.requireAtLeast(config.maxRtoNanos(), ONE_MILLISECOND, "maximum RTO (ns)");
            if (!(config.rtoJitter() >= 0 && config.rtoJitter() <= 1)) {
                throw new IllegalArgumentException("rtoJitter must be within [0, 1]: " + config.rtoJitter());
            }
            Bounds.requirePositive(config.maxRetransmissions(), "maxRetransmissions");
            Bounds.requireAtLeast(config.ackDelayNanos(), 0, "ack delay (ns)");
            Bounds.requirePositive(config.ackEvery(), "ackEvery");
            Bounds.requireAtLeast(config.keepAliveNanos(), ONE_MILLISECOND, "keep-alive (ns)");
            Bounds.requireAtLeast(config.idleTimeoutNanos(), ONE_MILLISECOND, "idle timeout (ns)");
            return config;
        }

        private static long nanos(long millis) {
            return TimeUnit.MILLISECONDS.toNanos(millis);
        }
    }
}
