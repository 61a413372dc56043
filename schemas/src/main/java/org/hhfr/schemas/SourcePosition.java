package org.hhfr.schemas;

import com.google.auto.value.AutoValue;

/**
 * Where a construct starts in the schema document, kept so errors found after reading can point at it: in which
 * document too, when a parse reads a WSDL with the documents it imports and the construct is in one of those.
 */
@AutoValue
abstract class SourcePosition {
    static SourcePosition of(int line, int column) {
        return of("", line, column);
    }

    /** @param document the imported document's name (its URL), or {@code ""} for the document a parse reads first */
    static SourcePosition of(String document, int line, int column) {
        return new AutoValue_SourcePosition(document, line, column);
    }

    abstract String document();

    abstract int line();

    abstract int column();

    SchemaException error(String reason) {
        return new SchemaException(reason, line(), column()).inDocument(document());
    }

    /** A refusal of {@code construct} (as written, e.g. {@code xs:date}) at this position. */
    SchemaException error(String reason, String construct) {
        return new SchemaException(reason, construct, line(), column()).inDocument(document());
    }

    @Override
    public final String toString() {
        return (document().isEmpty() ? "" : document() + ":") + line() + ":" + column();
    }
}
