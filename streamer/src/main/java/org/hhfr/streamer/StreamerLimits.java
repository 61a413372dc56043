package org.hhfr.streamer;

/**
 * Bounds a decoder enforces on hostile input before it allocates: exceeding one fails decoding with a
 * {@link MalformedMessageException} naming the limit. Immutable; change a limit with its wither.
 */
public final class StreamerLimits {
    private static final StreamerLimits DEFAULTS =
            new StreamerLimits(16 << 20, 1 << 20, 4 << 20, 64, 1_000);

    private final int maxMessageBytes;
    private final int maxArrayLength;
    private final int maxStringBytes;
    private final int maxDepth;
    private final int maxDecimalDigits;

    private StreamerLimits(int maxMessageBytes, int maxArrayLength, int maxStringBytes, int maxDepth,
                           int maxDecimalDigits) {
        this.maxMessageBytes = positive(maxMessageBytes, "maxMessageBytes");
        this.maxArrayLength = positive(maxArrayLength, "maxArrayLength");
        this.maxStringBytes = positive(maxStringBytes, "maxStringBytes");
        this.maxDepth = positive(maxDepth, "maxDepth");
        this.maxDecimalDigits = positive(maxDecimalDigits, "maxDecimalDigits");
    }

    private static int positive(int value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
        return value;
    }

    /** 16 MiB messages, arrays of 1,048,576 items, strings of 4 MiB, depth 64, decimals of 1,000 digits. */
    public static StreamerLimits defaults() {
        return DEFAULTS;
    }

    /** Bytes of one encoded message (16 MiB). */
    public int maxMessageBytes() {
        return maxMessageBytes;
    }

    /** Items of one repeated element (1,048,576). */
    public int maxArrayLength() {
        return maxArrayLength;
    }

    /** Bytes of one string or base64Binary value; characters of one XML text (4 MiB). */
    public int maxStringBytes() {
        return maxStringBytes;
    }

    /** Nesting of elements, the root counting as 1 (64). */
    public int maxDepth() {
        return maxDepth;
    }

    /** Digits of one decimal, and the largest absolute scale (1,000); big numbers are costly to convert. */
    public int maxDecimalDigits() {
        return maxDecimalDigits;
    }

    public StreamerLimits withMaxMessageBytes(int value) {
        return new StreamerLimits(value, maxArrayLength, maxStringBytes, maxDepth, maxDecimalDigits);
    }

    public StreamerLimits withMaxArrayLength(int value) {
        return new StreamerLimits(maxMessageBytes, value, maxStringBytes, maxDepth, maxDecimalDigits);
    }

    public StreamerLimits withMaxStringBytes(int value) {
        return new StreamerLimits(maxMessageBytes, maxArrayLength, value, maxDepth, maxDecimalDigits);
    }

    public StreamerLimits withMaxDepth(int value) {
        return new StreamerLimits(maxMessageBytes, maxArrayLength, maxStringBytes, value, maxDecimalDigits);
    }

    public StreamerLimits withMaxDecimalDigits(int value) {
        return new StreamerLimits(maxMessageBytes, maxArrayLength, maxStringBytes, maxDepth, value);
    }

    @Override
    public String toString() {
        return "StreamerLimits{maxMessageBytes=" + maxMessageBytes + ", maxArrayLength=" + maxArrayLength
                + ", maxStringBytes=" + maxStringBytes + ", maxDepth=" + maxDepth
                + ", maxDecimalDigits=" + maxDecimalDigits + "}";
    }
}
