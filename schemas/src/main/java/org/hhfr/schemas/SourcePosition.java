package org.hhfr.schemas;

/** Where a construct starts in the schema document, kept so errors found after reading can point at it. */
final class SourcePosition {
    private final int line;
    private final int column;

    SourcePosition(int line, int column) {
        this.line = line;
        this.column = column;
    }

    SchemaException error(String reason) {
        return new SchemaException(reason, line, column);
    }

    int line() {
        return line;
    }

    int column() {
        return column;
    }

    @Override
    public String toString() {
        return line + ":" + column;
    }
}
