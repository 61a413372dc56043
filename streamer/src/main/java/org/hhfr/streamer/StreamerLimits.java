package org.hhfr.streamer;

import com.google.auto.value.AutoValue;
import org.hhfr.schemas.Bounds;

/**
 * Bounds a decoder enforces on hostile input before it allocates: exceeding one fails decoding with a
 * {@link MalformedMessageException} naming the limit. Immutable; change limits with {@link #toBuilder()}.
 */
@AutoValue
public abstract class StreamerLimits {
    private static final StreamerLimits DEFAULTS =
            new AutoValue_StreamerLimits.Builder().maxMessageBytes(16 << 20).maxArrayLength(1 << 20)
                    .maxStringBytes(4 << 20).maxDepth(64).maxDecimalDigits(1_000).build();

    /** 16 MiB messages, arrays of 1,048,576 items, strings of 4 MiB, depth 64, decimals of 1,000 digits. */
    public static StreamerLimits defaults() {
        return DEFAULTS;
    }

    /** Bytes of one encoded message (16 MiB). */
    public abstract int maxMessageBytes();

    /** Items of one repeated element (1,048,576). */
    public abstract int maxArrayLength();

    /** Bytes of one string or base64Binary value; characters of one XML text (4 MiB). */
    public abstract int maxStringBytes();

    /** Nesting of elements, the root counting as 1 (64). */
    public abstract int maxDepth();

    /** Digits of one decimal, and the largest absolute scale (1,000); big numbers are costly to convert. */
    public abstract int maxDecimalDigits();

    /** A builder holding these limits, to change some of them. */
    public abstract Builder toBuilder();

    /** Sets limits; {@link #build()} refuses any that is not positive. */
    @AutoValue.Builder
    public abstract static class Builder {
        public abstract Builder maxMessageBytes(int value);

        public abstract Builder maxArrayLength(int value);

        public abstract Builder maxStringBytes(int value);

        public abstract Builder maxDepth(int value);

        public abstract Builder maxDecimalDigits(int value);

        abstract StreamerLimits autoBuild();

        /** @throws IllegalArgumentException naming the first limit that is not positive */
        public StreamerLimits build() {
            StreamerLimits limits = autoBuild();
            Bounds.requirePositive(limits.maxMessageBytes(), "maxMessageBytes");
            Bounds.requirePositive(limits.maxArrayLength(), "maxArrayLength");
            Bounds.requirePositive(limits.maxStringBytes(), "maxStringBytes");
            Bounds.requirePositive(limits.maxDepth(), "maxDepth");
            Bounds.requirePositive(limits.maxDecimalDigits(), "maxDecimalDigits");
            return limits;
        }
    }
}
