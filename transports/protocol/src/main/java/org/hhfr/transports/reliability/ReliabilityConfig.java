package org.hhfr.transports.reliability;

import java.util.concurrent.TimeUnit;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.FrameLimits;

/**
 * Everything a {@link ReliabilityEngine} needs to know about its link, its bounds and its timers. Immutable:
 * each {@code with...} returns a changed copy. Start from {@link #forStream()} or {@link #forDatagrams(int)};
 * the defaults suit a mobile link and are listed in the wire format document. Cross-field rules are checked when
 * an engine is built.
 */
public final class ReliabilityConfig {
    /** Encoded bytes around a fragment's payload: length prefix (up to 5) and the DATA header. */
    private static final int DATA_FRAME_OVERHEAD = 5 + DataFrame.MAX_HEADER_SIZE;
    /** Encoded bytes of an ACK besides its ranges: prefix, type, count and limit; each range takes up to 18. */
    private static final int ACK_FRAME_OVERHEAD = 5 + 1 + 5 + 9;
    private static final int ACK_RANGE_SIZE = 18;

    private LinkType link;
    private DeliveryAssurance assurance = DeliveryAssurance.EXACTLY_ONCE;
    private int datagramFrameBudget;
    private int maxMessageSize = FrameLimits.DEFAULT_MAX_MESSAGE_SIZE;
    private int maxInboundMessageSize = FrameLimits.DEFAULT_MAX_MESSAGE_SIZE;
    private int sendWindow = 256;
    private int receiveWindow = 256;
    private int initialCredit = 256;
    private int maxBufferedMessages = 1024;
    private long maxBufferedBytes = 32L << 20;
    private int maxReadyMessages = 1024;
    private long maxReadyBytes = 32L << 20;
    private long initialRtoNanos = TimeUnit.MILLISECONDS.toNanos(500);
    private long minRtoNanos = TimeUnit.MILLISECONDS.toNanos(50);
    private long maxRtoNanos = TimeUnit.SECONDS.toNanos(10);
    private double rtoJitter = 0.1;
    private int maxRetransmissions = 10;
    private long ackDelayNanos = TimeUnit.MILLISECONDS.toNanos(5);
    private int ackEvery = 8;
    private long keepAliveNanos = TimeUnit.SECONDS.toNanos(15);
    private long idleTimeoutNanos = TimeUnit.SECONDS.toNanos(60);

    private ReliabilityConfig(LinkType link, int datagramFrameBudget) {
        this.link = link;
        this.datagramFrameBudget = datagramFrameBudget;
    }

    private ReliabilityConfig(ReliabilityConfig other) {
        link = other.link;
        assurance = other.assurance;
        datagramFrameBudget = other.datagramFrameBudget;
        maxMessageSize = other.maxMessageSize;
        maxInboundMessageSize = other.maxInboundMessageSize;
        sendWindow = other.sendWindow;
        receiveWindow = other.receiveWindow;
        initialCredit = other.initialCredit;
        maxBufferedMessages = other.maxBufferedMessages;
        maxBufferedBytes = other.maxBufferedBytes;
        maxReadyMessages = other.maxReadyMessages;
        maxReadyBytes = other.maxReadyBytes;
        initialRtoNanos = other.initialRtoNanos;
        minRtoNanos = other.minRtoNanos;
        maxRtoNanos = other.maxRtoNanos;
        rtoJitter = other.rtoJitter;
        maxRetransmissions = other.maxRetransmissions;
        ackDelayNanos = other.ackDelayNanos;
        ackEvery = other.ackEvery;
        keepAliveNanos = other.keepAliveNanos;
        idleTimeoutNanos = other.idleTimeoutNanos;
    }

    /** For a TCP connection: whole messages per frame, no retransmission timers. */
    public static ReliabilityConfig forStream() {
        return new ReliabilityConfig(LinkType.STREAM, 0);
    }

    /**
     * For UDP datagrams whose frames may take {@code frameBudget} bytes each (see
     * {@code DatagramWriter.frameBudget}): larger messages are fragmented to fit.
     */
    public static ReliabilityConfig forDatagrams(int frameBudget) {
        if (frameBudget < 256) {
            throw new IllegalArgumentException("frame budget must be at least 256 bytes: " + frameBudget);
        }
        return new ReliabilityConfig(LinkType.DATAGRAM, frameBudget);
    }

    public LinkType link() {
        return link;
    }

    public DeliveryAssurance assurance() {
        return assurance;
    }

    /** Largest application message accepted by {@code offer}: what the peer agreed to receive (16 MiB). */
    public int maxMessageSize() {
        return maxMessageSize;
    }

    /** Largest message reassembled on receipt; a larger one fails the session with TOO_LARGE (16 MiB). */
    public int maxInboundMessageSize() {
        return maxInboundMessageSize;
    }

    /** Payload bytes per DATA frame: the whole message on a stream, what fits a datagram otherwise. */
    public int fragmentPayloadSize() {
        return link == LinkType.STREAM ? maxMessageSize : datagramFrameBudget - DATA_FRAME_OVERHEAD;
    }

    /** Most ranges this engine puts in one ACK: 256, or fewer so that an ACK fits a datagram. */
    public int maxAckRanges() {
        int ranges = FrameLimits.DEFAULT_MAX_ACK_RANGES;
        return link == LinkType.STREAM ? ranges
                : Math.min(ranges, (datagramFrameBudget - ACK_FRAME_OVERHEAD) / ACK_RANGE_SIZE);
    }

    /** Most messages (fragments) sent and not yet acknowledged (256). */
    public int sendWindow() {
        return sendWindow;
    }

    /** How far beyond the next expected message the receiver holds early arrivals and grants credit (256). */
    public int receiveWindow() {
        return receiveWindow;
    }

    /**
     * The highest message number either side may send before the peer's first acknowledgement grants more:
     * this engine grants it to the peer and assumes it from the peer (256). Both ends must use the same value;
     * a negotiated stream takes it from the agreed window (256 by default). At most {@link #receiveWindow()}.
     */
    public int initialCredit() {
        return initialCredit;
    }

    /** Messages offered and not yet acknowledged, queued or in flight, before {@code offer} refuses (1,024). */
    public int maxBufferedMessages() {
        return maxBufferedMessages;
    }

    /** Their bytes (32 MiB); at least {@link #maxMessageSize()}. */
    public long maxBufferedBytes() {
        return maxBufferedBytes;
    }

    /** Delivered messages not yet polled before the receiver stops granting credit (1,024). */
    public int maxReadyMessages() {
        return maxReadyMessages;
    }

    /** Their bytes (32 MiB). */
    public long maxReadyBytes() {
        return maxReadyBytes;
    }

    /** Retransmission timeout before the first round-trip sample (500 ms). */
    public long initialRtoNanos() {
        return initialRtoNanos;
    }

    /** Floor of the computed timeout (50 ms). */
    public long minRtoNanos() {
        return minRtoNanos;
    }

    /** Ceiling of the timeout and of its exponential backoff (10 s). */
    public long maxRtoNanos() {
        return maxRtoNanos;
    }

    /** Each timeout is lengthened by a random fraction up to this (0.1). */
    public double rtoJitter() {
        return rtoJitter;
    }

    /** Timeouts of one message (or CLOSE, or credit probe) after which the peer counts as gone (10). */
    public int maxRetransmissions() {
        return maxRetransmissions;
    }

    /** Longest a receiver waits to coalesce acknowledgements (5 ms). */
    public long ackDelayNanos() {
        return ackDelayNanos;
    }

    /** Arrivals after which an acknowledgement is sent without waiting (8). */
    public int ackEvery() {
        return ackEvery;
    }

    /** Silence on the sending side after which a PING goes out (15 s). */
    public long keepAliveNanos() {
        return keepAliveNanos;
    }

    /** Silence from the peer after which the session fails (60 s); also how long a broken TCP link may last. */
    public long idleTimeoutNanos() {
        return idleTimeoutNanos;
    }

    public ReliabilityConfig withAssurance(DeliveryAssurance value) {
        ReliabilityConfig c = new ReliabilityConfig(this);
        c.assurance = value;
        return c;
    }

    /** The same limit on messages sent and received. */
    public ReliabilityConfig withMaxMessageSize(int value) {
        return withMaxMessageSizes(value, value);
    }

    /** Largest message reassembled on receipt, and largest message {@code offer} accepts. */
    public ReliabilityConfig withMaxMessageSizes(int inbound, int outbound) {
        ReliabilityConfig c = new ReliabilityConfig(this);
        c.maxInboundMessageSize = atLeast(inbound, 1, "maxInboundMessageSize");
        c.maxMessageSize = atLeast(outbound, 1, "maxMessageSize");
        return c;
    }

    public ReliabilityConfig withSendWindow(int value) {
        ReliabilityConfig c = new ReliabilityConfig(this);
        c.sendWindow = atLeast(value, 1, "sendWindow");
        return c;
    }

    public ReliabilityConfig withReceiveWindow(int value) {
        ReliabilityConfig c = new ReliabilityConfig(this);
        c.receiveWindow = atLeast(value, 1, "receiveWindow");
        return c;
    }

    public ReliabilityConfig withInitialCredit(int value) {
        ReliabilityConfig c = new ReliabilityConfig(this);
        c.initialCredit = atLeast(value, 1, "initialCredit");
        return c;
    }

    public ReliabilityConfig withMaxBuffered(int messages, long bytes) {
        ReliabilityConfig c = new ReliabilityConfig(this);
        c.maxBufferedMessages = atLeast(messages, 1, "maxBufferedMessages");
        c.maxBufferedBytes = atLeast(bytes, 1, "maxBufferedBytes");
        return c;
    }

    public ReliabilityConfig withMaxReady(int messages, long bytes) {
        ReliabilityConfig c = new ReliabilityConfig(this);
        c.maxReadyMessages = atLeast(messages, 1, "maxReadyMessages");
        c.maxReadyBytes = atLeast(bytes, 1, "maxReadyBytes");
        return c;
    }

    /** Initial, minimum and maximum retransmission timeouts in milliseconds. */
    public ReliabilityConfig withRtoMillis(long initial, long min, long max) {
        ReliabilityConfig c = new ReliabilityConfig(this);
        c.initialRtoNanos = millis(initial, "initial RTO");
        c.minRtoNanos = millis(min, "minimum RTO");
        c.maxRtoNanos = millis(max, "maximum RTO");
        return c;
    }

    public ReliabilityConfig withRtoJitter(double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException("rtoJitter must be within [0, 1]: " + value);
        }
        ReliabilityConfig c = new ReliabilityConfig(this);
        c.rtoJitter = value;
        return c;
    }

    public ReliabilityConfig withMaxRetransmissions(int value) {
        ReliabilityConfig c = new ReliabilityConfig(this);
        c.maxRetransmissions = atLeast(value, 1, "maxRetransmissions");
        return c;
    }

    /** Acknowledge after {@code every} arrivals or {@code delayMillis}, whichever comes first. */
    public ReliabilityConfig withAckPolicy(long delayMillis, int every) {
        ReliabilityConfig c = new ReliabilityConfig(this);
        c.ackDelayNanos = TimeUnit.MILLISECONDS.toNanos(atLeast(delayMillis, 0, "ack delay"));
        c.ackEvery = atLeast(every, 1, "ackEvery");
        return c;
    }

    public ReliabilityConfig withKeepAliveMillis(long keepAlive, long idleTimeout) {
        ReliabilityConfig c = new ReliabilityConfig(this);
        c.keepAliveNanos = millis(keepAlive, "keep-alive");
        c.idleTimeoutNanos = millis(idleTimeout, "idle timeout");
        return c;
    }

    /** Checks the rules that tie settings together. */
    void validate() {
        require(maxBufferedBytes >= maxMessageSize,
                "maxBufferedBytes " + maxBufferedBytes + " below maxMessageSize " + maxMessageSize);
        require(initialCredit <= receiveWindow,
                "initialCredit " + initialCredit + " above receiveWindow " + receiveWindow);
        require(minRtoNanos <= initialRtoNanos && initialRtoNanos <= maxRtoNanos,
                "RTOs must satisfy minimum <= initial <= maximum");
        require(keepAliveNanos < idleTimeoutNanos, "keep-alive interval must be shorter than the idle timeout");
        require(maxAckRanges() >= 2, "frame budget too small for acknowledgements");
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    private static int atLeast(int value, int min, String name) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ": " + value);
        }
        return value;
    }

    private static long atLeast(long value, long min, String name) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ": " + value);
        }
        return value;
    }

    private static long millis(long value, String name) {
        return TimeUnit.MILLISECONDS.toNanos(atLeast(value, 1, name));
    }
}
