package org.hhfr.transports.frame;

/**
 * Bounds a decoder enforces on input from the network, so a hostile peer can make it hold at most one frame of
 * {@link #maxFrameLength()} bytes. Exceeding one fails decoding with {@code TOO_LARGE} or {@code MALFORMED}.
 */
public final class FrameLimits {
    /** Default largest message: 16 MiB. */
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 16 << 20;
    public static final int DEFAULT_MAX_ACK_RANGES = 256;

    private static final FrameLimits DEFAULTS =
            new FrameLimits(DEFAULT_MAX_MESSAGE_SIZE + DataFrame.MAX_HEADER_SIZE, DEFAULT_MAX_ACK_RANGES);

    private final int maxFrameLength;
    private final int maxAckRanges;

    private FrameLimits(int maxFrameLength, int maxAckRanges) {
        if (maxFrameLength < 64) {
            throw new IllegalArgumentException("maxFrameLength must be at least 64: " + maxFrameLength);
        }
        if (maxAckRanges < 1) {
            throw new IllegalArgumentException("maxAckRanges must be positive: " + maxAckRanges);
        }
        this.maxFrameLength = maxFrameLength;
        this.maxAckRanges = maxAckRanges;
    }

    /** Frames of a 16 MiB message plus its header; 256 acknowledgement ranges. */
    public static FrameLimits defaults() {
        return DEFAULTS;
    }

    /** Limits that admit DATA frames carrying {@code maxMessageSize} payload bytes. */
    public static FrameLimits forMaxMessageSize(int maxMessageSize) {
        return DEFAULTS.withMaxFrameLength(maxMessageSize + DataFrame.MAX_HEADER_SIZE);
    }

    /** Largest frame content (type byte and body, without the length prefix). */
    public int maxFrameLength() {
        return maxFrameLength;
    }

    /** Most ranges in one ACK. */
    public int maxAckRanges() {
        return maxAckRanges;
    }

    public FrameLimits withMaxFrameLength(int value) {
        return new FrameLimits(value, maxAckRanges);
    }

    public FrameLimits withMaxAckRanges(int value) {
        return new FrameLimits(maxFrameLength, value);
    }
}
