package org.hhfr.negotiation.soap;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.XmlPull;
import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;

/**
 * Reads SOAP 1.1 and 1.2 envelopes from the network with kxml2, within {@link SoapLimits}: the version
 * from the envelope namespace, each header block as a self-contained XML string, the body content through
 * a {@link BodyReader}. DTDs are refused (SOAP forbids them) and a fault body becomes a
 * {@link SoapFaultException}. Every other problem is a {@link MalformedEnvelopeException} saying where.
 * Thread-safe: it holds only its limits.
 */
public final class SoapEnvelopeReader {
    private final SoapLimits limits;

    public SoapEnvelopeReader(SoapLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    public SoapLimits limits() {
        return limits;
    }

    /**
     * Reads one envelope.
     *
     * @throws SoapFaultException        if the body is a SOAP fault
     * @throws MalformedEnvelopeException if the input is not a well-formed envelope within the limits
     * @throws IOException               if reading the stream fails
     */
    public <T> SoapMessage<T> read(InputStream in, BodyReader<T> bodyReader) throws IOException {
        XmlPullParser parser = XmlSubtree.parser(new SizeLimitedInputStream(in, limits.maxEnvelopeBytes()));
        try {
            SoapVersion version = readEnvelopeStart(parser);
            String ns = version.envelopeNamespace();
            List<HeaderBlock> headers = new ArrayList<>();
            List<QualifiedName> mustUnderstand = new ArrayList<>();
            parser.nextTag();
            if (isStart(parser, ns, "Header")) {
                readHeaders(parser, version, headers, mustUnderstand);
                parser.nextTag();
            }
            if (!isStart(parser, ns, "Body")) {
                throw malformed(parser, "expected the SOAP Body");
            }
            parser.nextTag();
            if (isStart(parser, ns, "Fault")) {
                throw new SoapFaultException(readFault(parser, version));
            }
            T body = bodyReader.read(parser);
            parser.require(XmlPullParser.END_TAG, ns, "Body");
            parser.nextTag();
            parser.require(XmlPullParser.END_TAG, ns, "Envelope");
            requireNothingAfterEnvelope(parser);
            return SoapMessage.of(version, headers, mustUnderstand, body);
        } catch (XmlPullParserException | RuntimeException e) {
            throw new MalformedEnvelopeException("not a well-formed SOAP envelope: " + XmlPull.message(e), e);
        }
    }

    /**
     * Reads a lone SOAP Header element of {@code version}, as {@link SoapEnvelopeWriter#headerSection} writes
     * it for a streamed request's own header blocks, within the same limits as an envelope's header.
     *
     * @throws MalformedEnvelopeException if it is not such an element, or breaks a limit
     */
    public List<HeaderBlock> readHeaderSection(InputStream in, SoapVersion version) throws IOException {
        XmlPullParser parser = XmlSubtree.parser(new SizeLimitedInputStream(in, limits.maxEnvelopeBytes()));
        try {
            toFirstElement(parser);
            if (!isStart(parser, version.envelopeNamespace(), "Header")) {
                throw malformed(parser, "expected a SOAP " + version + " Header");
            }
            List<HeaderBlock> headers = new ArrayList<>();
            readHeaders(parser, version, headers, new ArrayList<QualifiedName>());
            requireNothingAfterEnvelope(parser);
            return headers;
        } catch (XmlPullParserException | RuntimeException e) {
            throw new MalformedEnvelopeException("not a well-formed SOAP header: " + XmlPull.message(e), e);
        }
    }

    /** The name of the element the parser is on; kxml2 lets through a start tag without a local name ({@code <p:>}). */
    private static QualifiedName elementName(XmlPullParser parser) throws MalformedEnvelopeException {
        if (parser.getName() == null || parser.getName().isEmpty()) {
            throw malformed(parser, "an element without a local name");
        }
        return new QualifiedName(parser.getNamespace(), parser.getName());
    }

    private static SoapVersion readEnvelopeStart(XmlPullParser parser) throws IOException, XmlPullParserException {
        toFirstElement(parser);
        SoapVersion version = versionOf(parser.getNamespace());
        if (!"Envelope".equals(parser.getName()) || version == null) {
            throw malformed(parser, "expected a SOAP 1.1 or 1.2 Envelope, found " + elementName(parser));
        }
        return version;
    }

    /** Moves to the document's first element; a DTD, text or nothing before it is refused. */
    private static void toFirstElement(XmlPullParser parser) throws IOException, XmlPullParserException {
        int event = parser.nextToken();
        while (event != XmlPullParser.START_TAG) {
            if (event == XmlPullParser.DOCDECL) {
                throw new MalformedEnvelopeException("a SOAP message must not contain a document type declaration");
            }
            if (event == XmlPullParser.END_DOCUMENT) {
                throw new MalformedEnvelopeException("empty message: no SOAP element");
            }
            if (event == XmlPullParser.TEXT && !parser.isWhitespace()) {
                throw malformed(parser, "text before the SOAP envelope");
            }
            event = parser.nextToken();
        }
    }

    private static void requireNothingAfterEnvelope(XmlPullParser parser) throws IOException, XmlPullParserException {
        int event = parser.nextToken();
        while (event != XmlPullParser.END_DOCUMENT) {
            if (event == XmlPullParser.START_TAG || event == XmlPullParser.TEXT && !parser.isWhitespace()) {
                throw malformed(parser, "content after the SOAP envelope");
            }
            event = parser.nextToken();
        }
    }

    private void readHeaders(XmlPullParser parser, SoapVersion version, List<HeaderBlock> headers,
                             List<QualifiedName> mustUnderstand) throws IOException, XmlPullParserException {
        int remainingChars = limits.maxHeaderChars();
        while (parser.nextTag() == XmlPullParser.START_TAG) {
            if (headers.size() == limits.maxHeaderBlocks()) {
                throw malformed(parser, "more than " + limits.maxHeaderBlocks() + " header blocks");
            }
            QualifiedName name = elementName(parser);
            if (isTrue(parser.getAttributeValue(version.envelopeNamespace(), "mustUnderstand"))) {
                mustUnderstand.add(name);
            }
            String xml;
            try {
                xml = XmlSubtree.capture(parser, remainingChars, limits.maxDepth());
            } catch (MalformedEnvelopeException e) {
                throw new MalformedEnvelopeException("header block " + name + " refused: " + e.getMessage(), e);
            }
            remainingChars -= xml.length();
            headers.add(HeaderBlock.of(name, xml));
        }
    }

    private SoapFault readFault(XmlPullParser parser, SoapVersion version) throws IOException, XmlPullParserException {
        String ns = version.envelopeNamespace();
        QualifiedName code = null;
        String reason = null;
        int faultDepth = parser.getDepth();
        while (parser.next() != XmlPullParser.END_DOCUMENT) {
            int event = parser.getEventType();
            if (event == XmlPullParser.END_TAG && parser.getDepth() == faultDepth) {
                break;
            }
            if (event != XmlPullParser.START_TAG) {
                continue;
            }
            if (parser.getDepth() - faultDepth > limits.maxDepth()) {
                throw malformed(parser, "fault nested deeper than " + limits.maxDepth());
            }
            String name = parser.getName();
            if (version == SoapVersion.SOAP_11 && parser.getDepth() == faultDepth + 1) {
                if ("faultcode".equals(name)) {
                    code = resolveQName(parser, boundedText(parser));
                } else if ("faultstring".equals(name)) {
                    reason = boundedText(parser);
                }
            } else if (version == SoapVersion.SOAP_12 && ns.equals(parser.getNamespace())) {
                if ("Value".equals(name) && code == null && parser.getDepth() == faultDepth + 2) {
                    code = resolveQName(parser, boundedText(parser));
                } else if ("Text".equals(name) && reason == null) {
                    reason = boundedText(parser);
                }
            }
        }
        if (code == null) {
            throw malformed(parser, "SOAP fault without a code");
        }
        return SoapFault.of(code, reason == null ? "(no reason given)" : reason);
    }

    private String boundedText(XmlPullParser parser) throws IOException, XmlPullParserException {
        StringBuilder text = new StringBuilder();
        int depth = parser.getDepth();
        while (!(parser.next() == XmlPullParser.END_TAG && parser.getDepth() == depth)) {
            if (parser.getEventType() == XmlPullParser.TEXT) {
                text.append(parser.getText());
                if (text.length() > limits.maxFaultTextChars()) {
                    throw malformed(parser, "fault text longer than " + limits.maxFaultTextChars() + " characters");
                }
            } else if (parser.getEventType() == XmlPullParser.END_DOCUMENT) {
                throw malformed(parser, "document ended inside a fault");
            }
        }
        return text.toString().trim();
    }

    private static QualifiedName resolveQName(XmlPullParser parser, String text) throws MalformedEnvelopeException {
        int colon = text.indexOf(':');
        String prefix = colon < 0 ? null : text.substring(0, colon);
        String local = text.substring(colon + 1);
        String namespace = parser.getNamespace(prefix);
        if (local.isEmpty() || (prefix != null && namespace == null)) {
            throw malformed(parser, "fault code '" + text + "' is not a resolvable qualified name");
        }
        return new QualifiedName(namespace, local);
    }

    /** The version whose envelope namespace this is, or {@code null}. */
    public static SoapVersion versionOf(String envelopeNamespace) {
        for (SoapVersion version : SoapVersion.values()) {
            if (version.envelopeNamespace().equals(envelopeNamespace)) {
                return version;
            }
        }
        return null;
    }

    /** The xs:boolean true values, {@code 1} and {@code true}, that mustUnderstand may take. */
    private static boolean isTrue(String value) {
        return "1".equals(value) || "true".equals(value);
    }

    private static boolean isStart(XmlPullParser parser, String namespace, String name) throws XmlPullParserException {
        return parser.getEventType() == XmlPullParser.START_TAG && namespace.equals(parser.getNamespace())
                && name.equals(parser.getName());
    }

    private static MalformedEnvelopeException malformed(XmlPullParser parser, String problem) {
        return new MalformedEnvelopeException(problem + " (line " + parser.getLineNumber() + ", column " + parser.getColumnNumber() + ")");
    }
}
