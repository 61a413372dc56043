package org.hhfr.schemas;

import com.google.auto.value.AutoValue;

/** Where a construct starts in the schema document, kept so errors found after reading can point at it. */
@AutoValue
abstract class SourcePosition {
    static SourcePosition of(int line, int column) {
        return new AutoValue_SourcePosition(line, column);
    }

    abstract int line();

    abstract int column();

    SchemaException error(String reason) {
        return new SchemaException(reason, line(), column());
    }

    /** A refusal of {@code construct} (as written, e.g. {@code xs:date}) at this position. */
    SchemaException error(String reason, String construct) {
        return new SchemaException(reason, construct, line(), column());
    }

    @Override
    public final String toString() {
        return line() + ":" + column();
    }
}
