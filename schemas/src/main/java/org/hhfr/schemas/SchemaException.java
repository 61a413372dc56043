package org.hhfr.schemas;

/**
 * A schema HHFR cannot use: malformed, hostile, over a limit, or outside the supported subset. The message
 * names the construct and, when known, its line and column in the source document.
 */
public final class SchemaException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;
    private final String reason;
    private final String construct;
    private String document = "";

    /** @param line 1-based, or -1 when the position is unknown (as for a cycle found after parsing) */
    public SchemaException(String reason, int line, int column) {
        this(reason, "", line, column);
    }

    /**
     * @param construct the XSD construct refused as written ({@code xs:choice}, {@code xs:date}...), or
     *                  {@code ""} when the failure is not about one construct
     */
    public SchemaException(String reason, String construct, int line, int column) {
        super(line > 0 ? line + ":" + column + ": " + reason : reason);
        this.reason = reason;
        this.construct = construct;
        this.line = line;
        this.column = column;
    }

    public SchemaException(String reason, int line, int column, Throwable cause) {
        this(reason, line, column);
        initCause(cause);
    }

    /** 1-based line of the offending construct, or -1 if unknown. */
    public int line() {
        return line;
    }

    /** 1-based column of the offending construct, or -1 if unknown. */
    public int column() {
        return column;
    }

    /**
     * The XSD construct refused, as written in the document ({@code xs:choice}, {@code xs:date},
     * {@code xs:element}...), or {@code ""} when the failure is not about one construct (malformed XML, a
     * limit).
     */
    public String construct() {
        return construct;
    }

    /**
     * The document the position is in, by the name (URL) the parse was given it under, when a parse read a WSDL
     * with the documents it imports and the position is in one of those; {@code ""} otherwise (the position is in
     * the document read first, or there is none).
     */
    public String document() {
        return document;
    }

    /** This failure, its position in {@code document} (see {@link #document()}) unless it has one already. */
    SchemaException inDocument(String document) {
        if (this.document.isEmpty() && document != null) {
            this.document = document;
        }
        return this;
    }

    /** The message without the position. */
    public String reason() {
        return reason;
    }
}
