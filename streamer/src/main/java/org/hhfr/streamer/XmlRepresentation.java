package org.hhfr.streamer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;
import org.xmlpull.v1.XmlSerializer;

import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.XmlPull;

/**
 * The XML representation {@value #URI}: the SOAP Body content exactly as a document/literal peer writes
 * it (e.g. {@code <ns:sum xmlns:ns="http://floatsum.hhfr.org"><values>1.5</values></ns:sum>}), with
 * {@link XmlPull}'s parsers and serializers. {@link #write} and {@link #read} work inside an envelope that the caller's serializer or parser
 * is in; {@link #encode} and {@link #decode} handle the body content alone, as UTF-8 without an XML
 * declaration. Decoding reads UTF-8 and refuses a DOCTYPE. Immutable and thread-safe.
 */
public final class XmlRepresentation extends LimitedRepresentation {
    /** The URI naming this representation in negotiation. */
    public static final String URI = "urn:hhfr:rep:xml";

    /** Decodes within the default limits. */
    public XmlRepresentation() {
        this(StreamerLimits.defaults());
    }

    public XmlRepresentation(StreamerLimits limits) {
        super(URI, limits);
    }

    /**
     * Writes the message's root element at the serializer's current position (e.g. inside
     * {@code soapenv:Body}), declaring the namespaces it needs. The serializer must write a Unicode
     * encoding, e.g. {@code setOutput(stream, "UTF-8")}: kxml2 writes characters outside the BMP as two
     * invalid surrogate references otherwise.
     */
    public void write(Message message, XmlSerializer out) throws IOException {
        new XmlWriter(out).write(message);
    }

    /**
     * Reads a message from a namespace-aware parser positioned on the root element's start tag, leaving it
     * on the root's end tag.
     *
     * @throws MalformedMessageException with line:column and element path for anything invalid
     * @throws IllegalArgumentException if the parser does not process namespaces
     */
    public Message read(DataStructure structure, XmlPullParser in) throws MalformedMessageException {
        if (!in.getFeature(XmlPullParser.FEATURE_PROCESS_NAMESPACES)) {
            throw new IllegalArgumentException("the parser must process namespaces");
        }
        return new XmlReader(in, limits()).read(structure);
    }

    @Override
    public byte[] encode(Message message) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(512);
        try {
            encode(message, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("a byte array stream does not fail", e);
        }
        return bytes.toByteArray();
    }

    @Override
    public void encode(Message message, OutputStream out) throws IOException {
        XmlSerializer serializer = XmlPull.newSerializer();
        serializer.setOutput(out, "UTF-8");
        write(message, serializer);
        serializer.flush();
    }

    /** The body content as a string. */
    public String encodeToString(Message message) {
        return new String(encode(message), StandardCharsets.UTF_8);
    }

    @Override
    public Message decode(DataStructure structure, byte[] bytes, int offset, int length)
            throws MalformedMessageException {
        checkRange(bytes, offset, length);
        requireWithinLimit(length, "bytes", "line 1:0");
        XmlPullParser parser = XmlPull.newParser();
        try {
            parser.setInput(new ByteArrayInputStream(bytes, offset, length), "UTF-8");
        } catch (XmlPullParserException e) {
            throw new MalformedMessageException("unreadable XML: " + XmlPull.message(e), "line 1:0", "", e);
        }
        return decodeDocument(structure, parser);
    }

    /** Decodes body content given as text. */
    public Message decode(DataStructure structure, String xml) throws MalformedMessageException {
        requireWithinLimit(xml.length(), "characters", "line 1:0");
        XmlPullParser parser = XmlPull.newParser();
        try {
            parser.setInput((Reader) new StringReader(xml));
        } catch (XmlPullParserException e) {
            throw new MalformedMessageException("unreadable XML: " + XmlPull.message(e), "line 1:0", "", e);
        }
        return decodeDocument(structure, parser);
    }

    /** The root element alone: comments, processing instructions and whitespace around it; no DOCTYPE. */
    private Message decodeDocument(DataStructure structure, XmlPullParser parser) throws MalformedMessageException {
        try {
            parser.setFeature(XmlPullParser.FEATURE_PROCESS_NAMESPACES, true);
            skipProlog(parser);
            Message message = new XmlReader(parser, limits()).read(structure);
            while (true) {
                int event = parser.nextToken();
                if (event == XmlPullParser.END_DOCUMENT) {
                    return message;
                }
                if (!isMiscellaneous(parser, event)) {
                    throw new MalformedMessageException("content after the root element", position(parser), "");
                }
            }
        } catch (XmlPullParserException e) {
            throw new MalformedMessageException("not well-formed XML: " + XmlPull.message(e), position(parser), "",
                    e);
        } catch (IOException | RuntimeException e) {
            throw new MalformedMessageException("unreadable XML", position(parser), "", e);
        }
    }

    private static void skipProlog(XmlPullParser parser)
            throws XmlPullParserException, IOException, MalformedMessageException {
        while (true) {
            int event = parser.nextToken();
            if (event == XmlPullParser.START_TAG) {
                return;
            }
            if (event == XmlPullParser.DOCDECL) {
                throw new MalformedMessageException("DOCTYPE is not allowed in a message", position(parser), "");
            }
            if (event == XmlPullParser.END_DOCUMENT) {
                throw new MalformedMessageException("no root element", position(parser), "");
            }
            if (!isMiscellaneous(parser, event)) {
                throw new MalformedMessageException("content before the root element", position(parser), "");
            }
        }
    }

    private static boolean isMiscellaneous(XmlPullParser parser, int event) throws XmlPullParserException {
        return event == XmlPullParser.COMMENT || event == XmlPullParser.PROCESSING_INSTRUCTION
                || event == XmlPullParser.IGNORABLE_WHITESPACE
                || (event == XmlPullParser.TEXT && parser.isWhitespace());
    }

    private static String position(XmlPullParser parser) {
        return "line " + parser.getLineNumber() + ":" + parser.getColumnNumber();
    }

    @Override
    public String toString() {
        return URI;
    }
}
