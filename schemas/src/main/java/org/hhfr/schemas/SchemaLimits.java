package org.hhfr.schemas;

import com.google.auto.value.AutoValue;

/**
 * Bounds that keep a hostile or absurd schema from exhausting memory or time. Every limit has a default
 * generous for real service schemas; exceeding one fails parsing with a {@link SchemaException} that names it.
 * Immutable; change limits with {@link #toBuilder()}.
 */
@AutoValue
public abstract class SchemaLimits {
    private static final SchemaLimits DEFAULTS =
            new AutoValue_SchemaLimits.Builder().maxDocumentChars(1 << 20).maxXmlDepth(64).maxStructureDepth(32)
                    .maxDeclarations(10_000).maxEnumerationValues(4_096).maxNameLength(1_024).build();

    /** 1 MiB of text, XML depth 64, structure depth 32, 10,000 declarations, 4,096 enum values, names of 1,024. */
    public static SchemaLimits defaults() {
        return DEFAULTS;
    }

    /** Characters of schema text read at most (1 MiB by default); bytes, when the text comes as a byte stream. */
    public abstract int maxDocumentChars();

    /** Nesting of XML elements in the schema document (64). */
    public abstract int maxXmlDepth();

    /**
     * Nesting of elements in a resolved data structure, through named types too (32); also of group refs, and the
     * length of a chain of derivations ({@code xs:extension}).
     */
    public abstract int maxStructureDepth();

    /**
     * Element, attribute and type declarations in all (10,000): in the document, and in each resolved
     * structure with named types and groups counted at every use, so types or groups that multiply cannot expand
     * exponentially.
     */
    public abstract int maxDeclarations();

    /** Values of one enumeration (4,096). */
    public abstract int maxEnumerationValues();

    /** Characters of one name or attribute value (1,024). */
    public abstract int maxNameLength();

    /** A builder holding these limits, to change some of them. */
    public abstract Builder toBuilder();

    /** Sets limits; {@link #build()} refuses any that is not positive. */
    @AutoValue.Builder
    public abstract static class Builder {
        public abstract Builder maxDocumentChars(int value);

        public abstract Builder maxXmlDepth(int value);

        public abstract Builder maxStructureDepth(int value);

        public abstract Builder maxDeclarations(int value);

        public abstract Builder maxEnumerationValues(int value);

        public abstract Builder maxNameLength(int value);

        abstract SchemaLimits autoBuild();

        /** @throws IllegalArgumentException naming the first limit that is not positive */
        public SchemaLimits build() {
            SchemaLimits limits = autoBuild();
            Bounds.requirePositive(limits.maxDocumentChars(), "maxDocumentChars");
            Bounds.requirePositive(limits.maxXmlDepth(), "maxXmlDepth");
            Bounds.requirePositive(limits.maxStructureDepth(), "maxStructureDepth");
            Bounds.requirePositive(limits.maxDeclarations(), "maxDeclarations");
            Bounds.requirePositive(limits.maxEnumerationValues(), "maxEnumerationValues");
            Bounds.requirePositive(limits.maxNameLength(), "maxNameLength");
            return limits;
        }
    }
}
