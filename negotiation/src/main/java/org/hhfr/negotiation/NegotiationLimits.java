package org.hhfr.negotiation;

import com.google.auto.value.AutoValue;
import org.hhfr.schemas.Bounds;

/**
 * Bounds on negotiation content read from a peer: schema text, static header blocks, list lengths and
 * short texts (URIs, host names, reasons). Immutable; change limits with {@link #toBuilder()}.
 */
@AutoValue
public abstract class NegotiationLimits {
    private static final NegotiationLimits DEFAULTS =
            new AutoValue_NegotiationLimits.Builder().maxSchemaChars(128 << 10).maxStaticHeaders(32)
                    .maxStaticHeaderChars(32 << 10).maxListEntries(16).maxTextChars(1024).build();

    /** 128 Ki chars per schema, 32 static headers of together 32 Ki chars, 16 URIs per list, 1 Ki per text. */
    public static NegotiationLimits defaults() {
        return DEFAULTS;
    }

    /** Characters of one XSD document sent inline. */
    public abstract int maxSchemaChars();

    /** Header blocks an offer may declare static. */
    public abstract int maxStaticHeaders();

    /** Characters of all static header blocks of one session together, as the store keeps them. */
    public abstract int maxStaticHeaderChars();

    /** Entries of one preference list (representations, transports). */
    public abstract int maxListEntries();

    /** Characters of one URI, host name, name, token or reason. */
    public abstract int maxTextChars();

    /** A builder holding these limits, to change some of them. */
    public abstract Builder toBuilder();

    /** Sets limits; {@link #build()} refuses any that is not positive. */
    @AutoValue.Builder
    public abstract static class Builder {
        public abstract Builder maxSchemaChars(int value);

        public abstract Builder maxStaticHeaders(int value);

        public abstract Builder maxStaticHeaderChars(int value);

        public abstract Builder maxListEntries(int value);

        public abstract Builder maxTextChars(int value);

        abstract NegotiationLimits autoBuild();

        /** @throws IllegalArgumentException naming the first limit that is not positive */
        public NegotiationLimits build() {
            NegotiationLimits limits = autoBuild();
            Bounds.requirePositive(limits.maxSchemaChars(), "maxSchemaChars");
            Bounds.requirePositive(limits.maxStaticHeaders(), "maxStaticHeaders");
            Bounds.requirePositive(limits.maxStaticHeaderChars(), "maxStaticHeaderChars");
            Bounds.requirePositive(limits.maxListEntries(), "maxListEntries");
            Bounds.requirePositive(limits.maxTextChars(), "maxTextChars");
            return limits;
        }
    }
}
