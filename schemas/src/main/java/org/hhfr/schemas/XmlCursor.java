package org.hhfr.schemas;

import java.io.IOException;
import java.util.HashSet;
import java.util.Set;

import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;

/**
 * A namespace-aware kxml2 pull parser walked token by token, so that nothing the schema reader does not
 * expect slips past: a DOCTYPE (and with it every entity declaration) is refused wherever it appears, an
 * undefined entity reference in text is refused, nesting and attribute values are bounded. Comments and
 * processing instructions are skipped; CDATA and entity references count as text. Every failure, including
 * kxml2's own, becomes a {@link SchemaException} positioned at the start of the offending token.
 */
final class XmlCursor {
    private final XmlPullParser parser;
    private final SchemaLimits limits;
    private int line = 1;
    private int column = 1;
    private int event = XmlPullParser.START_DOCUMENT;
    /** The namespace of QName values without one: none, or a chameleon-included schema's includer's. */
    private String noNamespace = "";
    /**
     * Set once a failure ended the whole document (malformed or hostile XML, a document-wide limit): the
     * parser's state is then not to be trusted, so nothing may be read or skipped past it.
     */
    private boolean broken;
    /** The document positions are in: an imported one's name, or {@code ""} for the document a parse reads first. */
    private final String document;

    XmlCursor(XmlPullParser parser, SchemaLimits limits) {
        this(parser, limits, "");
    }

    /** @param document an imported document's name (its URL), or {@code ""} for the document a parse reads first */
    XmlCursor(XmlPullParser parser, SchemaLimits limits, String document) {
        this.parser = parser;
        this.limits = limits;
        this.document = document;
    }

    /**
     * Moves to the next start tag, end tag, piece of text or the end of the document.
     *
     * @return {@link XmlPullParser#START_TAG}, {@link XmlPullParser#END_TAG}, {@link XmlPullParser#TEXT}
     *         or {@link XmlPullParser#END_DOCUMENT}
     */
    int next() throws SchemaException {
        try {
            return nextEvent();
        } catch (SchemaException e) {
            broken = true;
            throw e;
        }
    }

    private int nextEvent() throws SchemaException {
        while (true) {
            markTokenStart();
            int token = nextToken();
            switch (token) {
                case XmlPullParser.COMMENT:
                case XmlPullParser.PROCESSING_INSTRUCTION:
                case XmlPullParser.IGNORABLE_WHITESPACE:
                    continue;
                case XmlPullParser.DOCDECL:
                    throw error("a DOCTYPE declaration is not allowed (no DTDs, no entity declarations)");
                case XmlPullParser.ENTITY_REF:
                    if (parser.getText() == null) {
                        throw error("undefined entity reference &" + parser.getName() + ";");
                    }
                    event = XmlPullParser.TEXT;
                    return event;
                case XmlPullParser.CDSECT:
                case XmlPullParser.TEXT:
                    event = XmlPullParser.TEXT;
                    return event;
                case XmlPullParser.START_TAG:
                    event = token;
                    checkStartTag();
                    return event;
                case XmlPullParser.END_TAG:
                case XmlPullParser.END_DOCUMENT:
                    event = token;
                    return event;
                default:
                    throw error("unexpected XML token " + XmlPullParser.TYPES[token]);
            }
        }
    }

    /**
     * Remembers where the next token starts: where the parser stands now. kxml2 counts columns from 0 on
     * the first line and from 1 after each line break; positions here are 1-based everywhere.
     */
    private void markTokenStart() {
        line = parser.getLineNumber();
        column = line == 1 ? parser.getColumnNumber() + 1 : Math.max(1, parser.getColumnNumber());
    }

    private int nextToken() throws SchemaException {
        try {
            return parser.nextToken();
        } catch (XmlPullParserException e) {
            throw new SchemaException(reason(e), e.getLineNumber() > 0 ? e.getLineNumber() : line,
                    e.getLineNumber() > 0 ? Math.max(1, e.getColumnNumber()) : column, e);
        } catch (IOException | RuntimeException e) {
            // kxml2 reports some malformations (an undefined prefix) unchecked: its words, not the exception's name
            throw new SchemaException("malformed XML: " + XmlPull.message(e), parser.getLineNumber(),
                    Math.max(1, parser.getColumnNumber()), e);
        }
    }

    /** kxml2's message without the parser-state dump it appends. */
    static String reason(XmlPullParserException e) {
        return "malformed XML: " + XmlPull.message(e);
    }

    private void checkStartTag() throws SchemaException {
        if (parser.getDepth() > limits.maxXmlDepth()) {
            throw error("XML nesting deeper than " + limits.maxXmlDepth() + " levels");
        }
        checkLength(parser.getName(), "element name");
        int count = parser.getAttributeCount();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < count; i++) {
            String name = parser.getAttributeName(i);
            checkLength(name, "attribute name");
            if (!seen.add("{" + parser.getAttributeNamespace(i) + "}" + name)) {
                throw error("duplicate attribute " + name + " on <" + parser.getName() + ">");
            }
            String value = parser.getAttributeValue(i);
            checkLength(value, "value of attribute " + name);
            checkCharacters(value, name);
        }
    }

    private void checkLength(String text, String what) throws SchemaException {
        if (text.length() > limits.maxNameLength()) {
            throw error(what + " longer than " + limits.maxNameLength() + " characters");
        }
    }

    /** kxml2 passes character references to characters XML forbids, such as &#0;; a schema must not. */
    private void checkCharacters(String value, String attribute) throws SchemaException {
        int index = XmlSyntax.indexOfForbiddenChar(value);
        if (index >= 0) {
            throw error("attribute " + attribute + " holds the character U+"
                    + String.format(java.util.Locale.ROOT, "%04X", value.codePointAt(index))
                    + ", which XML does not allow");
        }
    }

    /** Whether the current text token holds nothing but XML white space. */
    boolean isWhitespaceText() {
        String text = parser.getText();
        if (text == null) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return false;
            }
        }
        return true;
    }

    /** A failure about the current text, positioned at its first character that is not white space. */
    SchemaException textError(String reason) {
        String text = parser.getText();
        int errorLine = line;
        int errorColumn = column;
        for (int i = 0; text != null && i < text.length() && Character.isWhitespace(text.charAt(i)); i++) {
            if (text.charAt(i) == '\n') {
                errorLine++;
                errorColumn = 1;
            } else {
                errorColumn++;
            }
        }
        return new SchemaException(reason, errorLine, errorColumn).inDocument(document);
    }

    /**
     * Skips forward to the end tag of the element at {@code depth} (as {@link #depth()} gave at its start
     * tag), from anywhere inside it; returns at once if that end tag is current.
     */
    void skipToEndOf(int depth) throws SchemaException {
        while (!isEndOf(depth)) {
            if (next() == XmlPullParser.END_DOCUMENT) {
                throw truncated();
            }
        }
    }

    /** Whether the current token is the end tag of the element at {@code depth}. */
    boolean isEndOf(int depth) {
        return event == XmlPullParser.END_TAG && parser.getDepth() == depth;
    }

    /** Whether the current token is a start tag. */
    boolean isStartTag() {
        return event == XmlPullParser.START_TAG;
    }

    /** The nesting level of the current start or end tag, 1 for the document element. */
    int depth() {
        return parser.getDepth();
    }

    /** Whether a failure ended the whole document (see {@link #documentError(String)}). */
    boolean isBroken() {
        return broken;
    }

    /**
     * A failure of the whole document at the start of the current token, not of one component of it: a
     * document-wide limit. Every failure of the XML itself is one too.
     */
    SchemaException documentError(String reason) {
        broken = true;
        return error(reason);
    }

    /** Skips the rest of the element whose start tag is current, whatever it holds. */
    void skipElement() throws SchemaException {
        int depth = 1;
        while (depth > 0) {
            int token = next();
            if (token == XmlPullParser.START_TAG) {
                depth++;
            } else if (token == XmlPullParser.END_TAG) {
                depth--;
            } else if (token == XmlPullParser.END_DOCUMENT) {
                throw truncated();
            }
        }
    }

    SchemaException truncated() {
        return documentError("the document ends before its elements are closed (truncated?)");
    }

    /** Namespace URI of the current start or end tag, {@code ""} for none. */
    String namespace() {
        return parser.getNamespace();
    }

    /** Local name of the current start or end tag. */
    String localName() {
        return parser.getName();
    }

    /** The current tag as written, e.g. {@code xs:element}, for messages. */
    String tagName() {
        String prefix = parser.getPrefix();
        return prefix == null || prefix.isEmpty() ? parser.getName() : prefix + ":" + parser.getName();
    }

    /** Where the current token starts. */
    SourcePosition position() {
        return SourcePosition.of(document, line, column);
    }

    /** A failure at the start of the current token, naming the current XSD tag as the construct refused. */
    SchemaException error(String reason) {
        return new SchemaException(reason, event == XmlPullParser.START_TAG ? tagName() : "", line, column)
                .inDocument(document);
    }

    int attributeCount() {
        return parser.getAttributeCount();
    }

    String attributeNamespace(int index) {
        return parser.getAttributeNamespace(index);
    }

    String attributeName(int index) {
        return parser.getAttributeName(index);
    }

    /** The value of the unprefixed attribute {@code name} of the current start tag, or {@code null}. */
    String attribute(String name) {
        return parser.getAttributeValue("", name);
    }

    /** From now on, QName values in no namespace name components of {@code namespace} (a chameleon include). */
    void referencesWithoutNamespaceIn(String namespace) {
        noNamespace = namespace;
    }

    /**
     * Resolves a QName-valued attribute (such as {@code type="tns:Poi"}) through the namespace bindings in
     * scope: a prefix must be bound; no prefix means the default namespace, or none if there is none (or the
     * including schema's, for a chameleon include).
     */
    QualifiedName resolveQName(String value, String attribute) throws SchemaException {
        String trimmed = value.trim();
        int colon = trimmed.indexOf(':');
        String prefix = colon < 0 ? null : trimmed.substring(0, colon);
        String local = trimmed.substring(colon + 1);
        if (!XmlSyntax.isNcName(local) || (prefix != null && !XmlSyntax.isNcName(prefix))) {
            throw error(attribute + "=\"" + value + "\" is not a qualified name");
        }
        String namespace = parser.getNamespace(prefix);
        if (namespace == null && prefix != null) {
            throw error(attribute + "=\"" + value + "\" uses the undeclared prefix '" + prefix + "'");
        }
        return new QualifiedName(namespace == null || namespace.isEmpty() ? noNamespace : namespace, local);
    }
}
