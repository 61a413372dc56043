package org.hhfr.schemas;

/**
 * Bounds that keep a hostile or absurd schema from exhausting memory or time. Every limit has a default
 * generous for real service schemas; exceeding one fails parsing with a {@link SchemaException} that names it.
 */
public final class SchemaLimits {
    private static final SchemaLimits DEFAULTS = new SchemaLimits(1 << 20, 64, 32, 10_000, 4_096, 1_024);

    private final int maxDocumentChars;
    private final int maxXmlDepth;
    private final int maxStructureDepth;
    private final int maxDeclarations;
    private final int maxEnumerationValues;
    private final int maxNameLength;

    private SchemaLimits(int maxDocumentChars, int maxXmlDepth, int maxStructureDepth, int maxDeclarations,
                         int maxEnumerationValues, int maxNameLength) {
        this.maxDocumentChars = positive(maxDocumentChars, "maxDocumentChars");
        this.maxXmlDepth = positive(maxXmlDepth, "maxXmlDepth");
        this.maxStructureDepth = positive(maxStructureDepth, "maxStructureDepth");
        this.maxDeclarations = positive(maxDeclarations, "maxDeclarations");
        this.maxEnumerationValues = positive(maxEnumerationValues, "maxEnumerationValues");
        this.maxNameLength = positive(maxNameLength, "maxNameLength");
    }

    private static int positive(int value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
        return value;
    }

    /** 1 MiB of text, XML depth 64, structure depth 32, 10,000 declarations, 4,096 enum values, names of 1,024. */
    public static SchemaLimits defaults() {
        return DEFAULTS;
    }

    /** Characters of schema text read at most (1 MiB by default); bytes, when the text comes as a byte stream. */
    public int maxDocumentChars() {
        return maxDocumentChars;
    }

    /** Nesting of XML elements in the schema document (64). */
    public int maxXmlDepth() {
        return maxXmlDepth;
    }

    /** Nesting of elements in a resolved data structure, through named types too (32). */
    public int maxStructureDepth() {
        return maxStructureDepth;
    }

    /**
     * Element, attribute and type declarations in all (10,000): in the document, and in each resolved
     * structure with named types counted at every use, so types that multiply cannot expand exponentially.
     */
    public int maxDeclarations() {
        return maxDeclarations;
    }

    /** Values of one enumeration (4,096). */
    public int maxEnumerationValues() {
        return maxEnumerationValues;
    }

    /** Characters of one name or attribute value (1,024). */
    public int maxNameLength() {
        return maxNameLength;
    }

    public SchemaLimits withMaxDocumentChars(int value) {
        return new SchemaLimits(value, maxXmlDepth, maxStructureDepth, maxDeclarations, maxEnumerationValues,
                maxNameLength);
    }

    public SchemaLimits withMaxXmlDepth(int value) {
        return new SchemaLimits(maxDocumentChars, value, maxStructureDepth, maxDeclarations, maxEnumerationValues,
                maxNameLength);
    }

    public SchemaLimits withMaxStructureDepth(int value) {
        return new SchemaLimits(maxDocumentChars, maxXmlDepth, value, maxDeclarations, maxEnumerationValues,
                maxNameLength);
    }

    public SchemaLimits withMaxDeclarations(int value) {
        return new SchemaLimits(maxDocumentChars, maxXmlDepth, maxStructureDepth, value, maxEnumerationValues,
                maxNameLength);
    }

    public SchemaLimits withMaxEnumerationValues(int value) {
        return new SchemaLimits(maxDocumentChars, maxXmlDepth, maxStructureDepth, maxDeclarations, value,
                maxNameLength);
    }

    public SchemaLimits withMaxNameLength(int value) {
        return new SchemaLimits(maxDocumentChars, maxXmlDepth, maxStructureDepth, maxDeclarations,
                maxEnumerationValues, value);
    }
}
