package org.hhfr.schemas;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.util.Map;
import java.util.Objects;

import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;

/**
 * The paper's DSParser: reads an XML Schema, or the schemas inside a WSDL 1.1 document's
 * {@code wsdl:types}, into a {@link Schema} whose global elements give each message its
 * {@link DataStructure}. Built on kxml2 so that it runs on Android as well as on a server.
 *
 * <p>The input may come from the other end of a network, so it is treated as hostile: no DTD, no entity
 * declaration, nothing fetched, every size bounded by {@link SchemaLimits}, and every failure (malformed
 * XML, a limit, a construct outside the supported subset) is a {@link SchemaException} with the position
 * of the offending construct. The supported subset is described in the module's README.
 *
 * <p>By default any construct outside the subset fails the whole document. A parser made with
 * {@link #perComponent()} refuses per global component instead: a global element or named type that uses
 * such a construct (directly, or through a type or element it uses) gets a {@link SchemaRefusal} in
 * {@link Schema#refusals()}, and every other element keeps its structure, so one operation of a WSDL that
 * HHFR cannot represent does not take the others with it. An {@code xs:import} of another document
 * ({@code schemaLocation}, never fetched) or of a namespace no schema of the document declares refuses only the
 * components that use its names. Malformed or hostile XML and every limit but the per-structure ones still fail
 * the whole document.
 *
 * <p>Instances are immutable and may be shared between threads.
 */
public final class SchemaParser {
    private static final int CHUNK = 8192;

    private final SchemaLimits limits;
    private final boolean perComponent;

    /** A parser with {@link SchemaLimits#defaults()}. */
    public SchemaParser() {
        this(SchemaLimits.defaults());
    }

    public SchemaParser(SchemaLimits limits) {
        this(limits, false);
    }

    private SchemaParser(SchemaLimits limits, boolean perComponent) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.perComponent = perComponent;
    }

    /**
     * A parser with the same limits that refuses per global component rather than the whole document (see
     * the class description).
     */
    public SchemaParser perComponent() {
        return new SchemaParser(limits, true);
    }

    /** Parses schema text. */
    public Schema parse(String document) throws SchemaException {
        return parse(new StringReader(document));
    }

    /**
     * Parses characters from {@code source}, reading at most {@link SchemaLimits#maxDocumentChars()} + 1 of
     * them: a longer document is refused without reading the rest. The reader is not closed.
     */
    public Schema parse(Reader source) throws SchemaException {
        StringBuilder text = new StringBuilder();
        char[] chunk = new char[CHUNK];
        readWithinLimit("characters", max -> {
            int read = source.read(chunk, 0, max);
            text.append(chunk, 0, Math.max(read, 0));
            return read;
        });
        String document = text.toString();
        return parse(parser -> parser.setInput(new StringReader(document)));
    }

    /**
     * Parses an encoded document, detecting its encoding as XML does (byte order mark or XML declaration,
     * UTF-8 otherwise). At most {@link SchemaLimits#maxDocumentChars()} + 1 bytes are read: for a byte
     * stream the limit counts bytes. The stream is not closed.
     */
    public Schema parse(InputStream source) throws SchemaException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] chunk = new byte[CHUNK];
        readWithinLimit("bytes", max -> {
            int read = source.read(chunk, 0, max);
            bytes.write(chunk, 0, Math.max(read, 0));
            return read;
        });
        byte[] document = bytes.toByteArray();
        return parse(parser -> XmlPull.setInput(parser, new ByteArrayInputStream(document)));
    }

    /** Reads up to {@code max} more units of the document, keeps them, and says how many (-1 at its end). */
    private interface ChunkReader {
        int read(int max) throws IOException;
    }

    /** Reads the whole document a chunk at a time, at most {@link SchemaLimits#maxDocumentChars()} + 1 units. */
    private void readWithinLimit(String unit, ChunkReader source) throws SchemaException {
        int total = 0;
        try {
            int read;
            while ((read = source.read(Math.min(CHUNK, limits.maxDocumentChars() + 1 - total))) > 0) {
                total += read;
                if (total > limits.maxDocumentChars()) {
                    throw tooLarge(unit);
                }
            }
        } catch (IOException e) {
            throw new SchemaException("cannot read the schema: " + e.getMessage(), -1, -1, e);
        }
    }

    private SchemaException tooLarge(String unit) {
        return new SchemaException("the document is longer than " + limits.maxDocumentChars() + " " + unit
                + " (SchemaLimits.maxDocumentChars)", -1, -1);
    }

    /** Hands a fresh kxml2 parser the buffered document; called once per pass. */
    private interface DocumentInput {
        void feed(XmlPullParser parser) throws XmlPullParserException;
    }

    /**
     * Parses the schemas of several documents as one: a WSDL and the documents its {@code wsdl:import} and
     * {@code xs:import schemaLocation} name, as the caller fetched them (nothing is fetched here). Each document
     * is read as {@link #parse(InputStream)} reads one, within the limits, and all are resolved together, so a
     * name one document uses and another declares is found. A failure in an imported document names it (one in the
     * first is positioned as {@link #parse(InputStream)} positions it).
     *
     * @param documents each document's bytes by the name (its URL) that failures give, the importing one first
     */
    public Schema parse(Map<String, byte[]> documents) throws SchemaException {
        SchemaDeclarations declarations = new SchemaDeclarations(true);
        boolean first = true;
        for (Map.Entry<String, byte[]> document : documents.entrySet()) {
            try {
                if (document.getValue().length > limits.maxDocumentChars()) {
                    throw tooLarge("bytes");
                }
                read(parser -> XmlPull.setInput(parser, new ByteArrayInputStream(document.getValue())),
                        document.getKey(), first ? "" : document.getKey(), declarations);
            } catch (SchemaException e) {
                if (first) {
                    throw e; // its position is in the document the caller names
                }
                SchemaException named = new SchemaException(document.getKey() + ": " + e.getMessage(),
                        e.construct(), -1, -1);
                named.initCause(e);
                throw named;
            }
            first = false;
        }
        return resolve(declarations);
    }

    private Schema parse(DocumentInput input) throws SchemaException {
        SchemaDeclarations declarations = new SchemaDeclarations(false);
        read(input, null, "", declarations);
        return resolve(declarations);
    }

    /**
     * @param document         the document's URL when its imports are read with it, else {@code null}
     * @param positionDocument the name positions in it are given under: {@code ""} for the document read first
     */
    private void read(DocumentInput input, String document, String positionDocument, SchemaDeclarations declarations)
            throws SchemaException {
        XmlCursor cursor = new XmlCursor(newParser(input), limits, positionDocument);
        try {
            new SchemaDocumentReader(cursor, limits, perComponent, document, declarations).read();
        } catch (RuntimeException e) {
            throw new SchemaException("unreadable schema: " + e, cursor.position().line(),
                    cursor.position().column(), e);
        }
        requireEntitiesDefined(input);
    }

    private Schema resolve(SchemaDeclarations declarations) throws SchemaException {
        if (!perComponent) {
            declarations.requireImportsPresent();
        }
        try {
            return new SchemaResolver(declarations, limits, perComponent).resolve();
        } catch (RuntimeException e) {
            throw new SchemaException("unusable schema: " + e, -1, -1, e);
        }
    }

    private static XmlPullParser newParser(DocumentInput input) throws SchemaException {
        XmlPullParser parser = XmlPull.newParser();
        try {
            parser.setFeature(XmlPullParser.FEATURE_PROCESS_NAMESPACES, true);
            input.feed(parser);
        } catch (XmlPullParserException | RuntimeException e) {
            throw new SchemaException("cannot start reading the document: " + e.getMessage(), 1, 1, e);
        }
        return parser;
    }

    /**
     * kxml2, walked token by token (which is what lets the reader see and refuse a DOCTYPE), drops an
     * undefined entity reference inside an attribute value instead of failing. A second, event-level pass
     * over the already bounded and well-formed document refuses those.
     */
    private static void requireEntitiesDefined(DocumentInput input) throws SchemaException {
        XmlPullParser parser = newParser(input);
        try {
            while (parser.next() != XmlPullParser.END_DOCUMENT) {
                // only the failure matters
            }
        } catch (XmlPullParserException e) {
            throw new SchemaException(XmlCursor.reason(e), e.getLineNumber(), Math.max(1, e.getColumnNumber()), e);
        } catch (IOException | RuntimeException e) {
            throw new SchemaException("malformed XML: " + XmlPull.message(e), parser.getLineNumber(),
                    Math.max(1, parser.getColumnNumber()), e);
        }
    }
}
