package org.hhfr.negotiation.soap;

import com.google.auto.value.AutoValue;
import org.hhfr.schemas.Bounds;

/**
 * Bounds on what a {@link SoapEnvelopeReader} accepts from the network. Immutable; change limits with
 * {@link #toBuilder()}.
 */
@AutoValue
public abstract class SoapLimits {
    private static final SoapLimits DEFAULTS =
            new AutoValue_SoapLimits.Builder().maxEnvelopeBytes(4 << 20).maxHeaderBlocks(64).maxHeaderChars(64 << 10)
                    .maxDepth(64).maxFaultTextChars(4096).build();

    /** 4 MiB envelopes, 64 header blocks of together 64 Ki chars, depth 64 below a header, 4 Ki fault texts. */
    public static SoapLimits defaults() {
        return DEFAULTS;
    }

    /** Bytes of one whole envelope as read from the stream. */
    public abstract int maxEnvelopeBytes();

    /** Header blocks of one envelope. */
    public abstract int maxHeaderBlocks();

    /** Characters of all header blocks together, as kept in memory. */
    public abstract int maxHeaderChars();

    /** Element nesting below a header block or a fault. */
    public abstract int maxDepth();

    /** Characters of one fault code or reason. */
    public abstract int maxFaultTextChars();

    /** A builder holding these limits, to change some of them. */
    public abstract Builder toBuilder();

    /** Sets limits; {@link #build()} refuses any that is not positive. */
    @AutoValue.Builder
    public abstract static class Builder {
        public abstract Builder maxEnvelopeBytes(int value);

        public abstract Builder maxHeaderBlocks(int value);

        public abstract Builder maxHeaderChars(int value);

        public abstract Builder maxDepth(int value);

        public abstract Builder maxFaultTextChars(int value);

        abstract SoapLimits autoBuild();

        /** @throws IllegalArgumentException naming the first limit that is not positive */
        public SoapLimits build() {
            SoapLimits limits = autoBuild();
            Bounds.requirePositive(limits.maxEnvelopeBytes(), "maxEnvelopeBytes");
            Bounds.requirePositive(limits.maxHeaderBlocks(), "maxHeaderBlocks");
            Bounds.requirePositive(limits.maxHeaderChars(), "maxHeaderChars");
            Bounds.requirePositive(limits.maxDepth(), "maxDepth");
            Bounds.requirePositive(limits.maxFaultTextChars(), "maxFaultTextChars");
            return limits;
        }
    }
}
