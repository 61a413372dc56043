package org.hhfr.negotiation;

/**
 * Bounds on negotiation content read from a peer: schema text, static header blocks, list lengths and
 * short texts (URIs, host names, reasons). Immutable; the {@code with} methods return a changed copy.
 */
public final class NegotiationLimits {
    private static final NegotiationLimits DEFAULTS = new NegotiationLimits(128 << 10, 32, 32 << 10, 16, 1024);

    private final int maxSchemaChars;
    private final int maxStaticHeaders;
    private final int maxStaticHeaderChars;
    private final int maxListEntries;
    private final int maxTextChars;

    private NegotiationLimits(int maxSchemaChars, int maxStaticHeaders, int maxStaticHeaderChars,
                              int maxListEntries, int maxTextChars) {
        this.maxSchemaChars = positive(maxSchemaChars, "max schema chars");
        this.maxStaticHeaders = positive(maxStaticHeaders, "max static headers");
        this.maxStaticHeaderChars = positive(maxStaticHeaderChars, "max static header chars");
        this.maxListEntries = positive(maxListEntries, "max list entries");
        this.maxTextChars = positive(maxTextChars, "max text chars");
    }

    /** 128 Ki chars per schema, 32 static headers of together 32 Ki chars, 16 URIs per list, 1 Ki per text. */
    public static NegotiationLimits defaults() {
        return DEFAULTS;
    }

    private static int positive(int value, String what) {
        if (value < 1) {
            throw new IllegalArgumentException(what + " must be positive, was " + value);
        }
        return value;
    }

    /** Characters of one XSD document sent inline. */
    public int maxSchemaChars() {
        return maxSchemaChars;
    }

    /** Header blocks an offer may declare static. */
    public int maxStaticHeaders() {
        return maxStaticHeaders;
    }

    /** Characters of all static header blocks of one session together, as the store keeps them. */
    public int maxStaticHeaderChars() {
        return maxStaticHeaderChars;
    }

    /** Entries of one preference list (representations, transports). */
    public int maxListEntries() {
        return maxListEntries;
    }

    /** Characters of one URI, host name, name, token or reason. */
    public int maxTextChars() {
        return maxTextChars;
    }

    public NegotiationLimits withMaxSchemaChars(int value) {
        return new NegotiationLimits(value, maxStaticHeaders, maxStaticHeaderChars, maxListEntries, maxTextChars);
    }

    public NegotiationLimits withMaxStaticHeaders(int value) {
        return new NegotiationLimits(maxSchemaChars, value, maxStaticHeaderChars, maxListEntries, maxTextChars);
    }

    public NegotiationLimits withMaxStaticHeaderChars(int value) {
        return new NegotiationLimits(maxSchemaChars, maxStaticHeaders, value, maxListEntries, maxTextChars);
    }

    public NegotiationLimits withMaxListEntries(int value) {
        return new NegotiationLimits(maxSchemaChars, maxStaticHeaders, maxStaticHeaderChars, value, maxTextChars);
    }

    public NegotiationLimits withMaxTextChars(int value) {
        return new NegotiationLimits(maxSchemaChars, maxStaticHeaders, maxStaticHeaderChars, maxListEntries, value);
    }
}
