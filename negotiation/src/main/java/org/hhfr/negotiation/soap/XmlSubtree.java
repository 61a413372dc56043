package org.hhfr.negotiation.soap;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.Map;

import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;
import org.xmlpull.v1.XmlSerializer;

import org.hhfr.schemas.XmlPull;

/**
 * One element and everything below it, kept as a self-contained XML string: the root declares every
 * namespace in scope where it was read, so the string means the same wherever it is replayed (prefixes in
 * QName-valued content keep resolving). This is how header blocks are stored for a whole stream and put
 * back into reconstructed envelopes. Comments and processing instructions are dropped; text, attributes,
 * names and namespaces are kept.
 */
public final class XmlSubtree {
    private static final String XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace";

    private XmlSubtree() {
    }

    /** A namespace-aware kxml2 parser on a UTF-8 (or declared-encoding) stream. */
    public static XmlPullParser parser(InputStream in) throws MalformedEnvelopeException {
        try {
            XmlPullParser parser = XmlPull.newParser();
            parser.setFeature(XmlPullParser.FEATURE_PROCESS_NAMESPACES, true);
            XmlPull.setInput(parser, in);
            return parser;
        } catch (XmlPullParserException e) {
            throw new MalformedEnvelopeException("cannot start reading XML: " + e.getMessage(), e);
        }
    }

    /** A namespace-aware kxml2 parser on characters. */
    public static XmlPullParser parser(Reader in) throws MalformedEnvelopeException {
        try {
            XmlPullParser parser = XmlPull.newParser();
            parser.setFeature(XmlPullParser.FEATURE_PROCESS_NAMESPACES, true);
            parser.setInput(in);
            return parser;
        } catch (XmlPullParserException e) {
            throw new MalformedEnvelopeException("cannot start reading XML: " + e.getMessage(), e);
        }
    }

    /**
     * Reads the element the parser is on (a START_TAG) into a self-contained string, leaving the parser on
     * its END_TAG.
     *
     * @throws MalformedEnvelopeException if it is longer than {@code maxChars} or nests deeper than
     *                                   {@code maxDepth} below the element
     */
    public static String capture(XmlPullParser parser, int maxChars, int maxDepth)
            throws IOException, XmlPullParserException {
        parser.require(XmlPullParser.START_TAG, null, null);
        BoundedWriter text = new BoundedWriter(maxChars);
        XmlSerializer out = XmlPull.newSerializer();
        out.setOutput(text);
        int rootDepth = parser.getDepth();
        declareInScope(parser, out);
        writeStartTag(parser, out);
        while (true) {
            int event = parser.next();
            if (event == XmlPullParser.START_TAG) {
                if (parser.getDepth() - rootDepth > maxDepth) {
                    throw new MalformedEnvelopeException("element nesting deeper than " + maxDepth + " (line "
                            + parser.getLineNumber() + ")");
                }
                declareNew(parser, out);
                writeStartTag(parser, out);
            } else if (event == XmlPullParser.TEXT) {
                out.text(parser.getText());
            } else if (event == XmlPullParser.END_TAG) {
                out.endTag(parser.getNamespace(), parser.getName());
                if (parser.getDepth() == rootDepth) {
                    out.flush();
                    return text.toString();
                }
            } else if (event == XmlPullParser.END_DOCUMENT) {
                throw new MalformedEnvelopeException("document ended inside an element");
            }
        }
    }

    /**
     * Writes a string produced by {@link #capture} (or any well-formed element) as events on
     * {@code out}, keeping its prefixes where they do not clash.
     */
    public static void replay(String xml, XmlSerializer out) throws IOException {
        XmlPullParser parser = parser(new StringReader(xml));
        try {
            int event = parser.nextTag();
            if (event != XmlPullParser.START_TAG) {
                throw new MalformedEnvelopeException("not an element: " + abbreviate(xml));
            }
            int rootDepth = parser.getDepth();
            while (true) {
                if (event == XmlPullParser.START_TAG) {
                    declareNew(parser, out);
                    writeStartTag(parser, out);
                } else if (event == XmlPullParser.TEXT) {
                    out.text(parser.getText());
                } else if (event == XmlPullParser.END_TAG) {
                    out.endTag(parser.getNamespace(), parser.getName());
                    if (parser.getDepth() == rootDepth) {
                        return;
                    }
                } else if (event == XmlPullParser.END_DOCUMENT) {
                    throw new MalformedEnvelopeException("element not closed: " + abbreviate(xml));
                }
                event = parser.next();
            }
        } catch (XmlPullParserException | RuntimeException e) {
            throw new MalformedEnvelopeException("not well-formed XML (" + XmlPull.message(e) + "): " + abbreviate(xml), e);
        }
    }

    private static void declareInScope(XmlPullParser parser, XmlSerializer out)
            throws IOException, XmlPullParserException {
        Map<String, String> scope = new LinkedHashMap<>();
        for (int i = 0; i < parser.getNamespaceCount(parser.getDepth()); i++) {
            String prefix = parser.getNamespacePrefix(i);
            scope.put(prefix == null ? "" : prefix, parser.getNamespaceUri(i));
        }
        scope.remove("xml");
        for (Map.Entry<String, String> binding : scope.entrySet()) {
            out.setPrefix(binding.getKey(), binding.getValue());
        }
    }

    private static void declareNew(XmlPullParser parser, XmlSerializer out)
            throws IOException, XmlPullParserException {
        int depth = parser.getDepth();
        for (int i = parser.getNamespaceCount(depth - 1); i < parser.getNamespaceCount(depth); i++) {
            String prefix = parser.getNamespacePrefix(i);
            String uri = parser.getNamespaceUri(i);
            if ("xml".equals(prefix) && XML_NAMESPACE.equals(uri)) {
                continue;
            }
            if ("xml".equals(prefix) || "xmlns".equals(prefix)) {
                throw new MalformedEnvelopeException("element " + parser.getName() + " binds the reserved prefix "
                        + prefix + " to a namespace of its own");
            }
            out.setPrefix(prefix == null ? "" : prefix, uri);
        }
    }

    private static void writeStartTag(XmlPullParser parser, XmlSerializer out) throws IOException {
        out.startTag(parser.getNamespace(), parser.getName());
        for (int i = 0; i < parser.getAttributeCount(); i++) {
            out.attribute(parser.getAttributeNamespace(i), parser.getAttributeName(i), parser.getAttributeValue(i));
        }
    }

    private static String abbreviate(String text) {
        return text.length() <= 120 ? text : text.substring(0, 120) + "...";
    }

    /** Collects characters and fails once there are more than a fixed number. */
    private static final class BoundedWriter extends Writer {
        private final StringBuilder text = new StringBuilder();
        private final int maxChars;

        BoundedWriter(int maxChars) {
            this.maxChars = maxChars;
        }

        @Override
        public void write(char[] chars, int offset, int length) throws IOException {
            if (text.length() + length > maxChars) {
                throw new MalformedEnvelopeException("XML element longer than the limit of " + maxChars
                        + " characters");
            }
            text.append(chars, offset, length);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }

        @Override
        public String toString() {
            return text.toString();
        }
    }
}
