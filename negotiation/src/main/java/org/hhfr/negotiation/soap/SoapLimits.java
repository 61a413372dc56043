package org.hhfr.negotiation.soap;

/**
 * Bounds on what a {@link SoapEnvelopeReader} accepts from the network. Immutable; the {@code with}
 * methods return a changed copy.
 */
public final class SoapLimits {
    private static final SoapLimits DEFAULTS = new SoapLimits(4 << 20, 64, 64 << 10, 64, 4096);

    private final int maxEnvelopeBytes;
    private final int maxHeaderBlocks;
    private final int maxHeaderChars;
    private final int maxDepth;
    private final int maxFaultTextChars;

    private SoapLimits(int maxEnvelopeBytes, int maxHeaderBlocks, int maxHeaderChars, int maxDepth,
                       int maxFaultTextChars) {
        this.maxEnvelopeBytes = positive(maxEnvelopeBytes, "max envelope bytes");
        this.maxHeaderBlocks = positive(maxHeaderBlocks, "max header blocks");
        this.maxHeaderChars = positive(maxHeaderChars, "max header chars");
        this.maxDepth = positive(maxDepth, "max depth");
        this.maxFaultTextChars = positive(maxFaultTextChars, "max fault text chars");
    }

    /** 4 MiB envelopes, 64 header blocks of together 64 Ki chars, depth 64 below a header, 4 Ki fault texts. */
    public static SoapLimits defaults() {
        return DEFAULTS;
    }

    private static int positive(int value, String what) {
        if (value < 1) {
            throw new IllegalArgumentException(what + " must be positive, was " + value);
        }
        return value;
    }

    /** Bytes of one whole envelope as read from the stream. */
    public int maxEnvelopeBytes() {
        return maxEnvelopeBytes;
    }

    public int maxHeaderBlocks() {
        return maxHeaderBlocks;
    }

    /** Characters of all header blocks together, as kept in memory. */
    public int maxHeaderChars() {
        return maxHeaderChars;
    }

    /** Element nesting below a header block or a fault. */
    public int maxDepth() {
        return maxDepth;
    }

    /** Characters of one fault code or reason. */
    public int maxFaultTextChars() {
        return maxFaultTextChars;
    }

    public SoapLimits withMaxEnvelopeBytes(int value) {
        return new SoapLimits(value, maxHeaderBlocks, maxHeaderChars, maxDepth, maxFaultTextChars);
    }

    public SoapLimits withMaxHeaderBlocks(int value) {
        return new SoapLimits(maxEnvelopeBytes, value, maxHeaderChars, maxDepth, maxFaultTextChars);
    }

    public SoapLimits withMaxHeaderChars(int value) {
        return new SoapLimits(maxEnvelopeBytes, maxHeaderBlocks, value, maxDepth, maxFaultTextChars);
    }

    public SoapLimits withMaxDepth(int value) {
        return new SoapLimits(maxEnvelopeBytes, maxHeaderBlocks, maxHeaderChars, value, maxFaultTextChars);
    }

    public SoapLimits withMaxFaultTextChars(int value) {
        return new SoapLimits(maxEnvelopeBytes, maxHeaderBlocks, maxHeaderChars, maxDepth, value);
    }
}
