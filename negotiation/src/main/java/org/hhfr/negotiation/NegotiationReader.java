package org.hhfr.negotiation;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.XmlSubtree;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.XmlPull;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.reliability.DeliveryAssurance;
import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;

/**
 * Reads the negotiation vocabulary from hostile input within {@link NegotiationLimits}. A part left out
 * stands for its {@link VocabularyDefaults default}. Elements of other namespaces are skipped (the
 * vocabulary is open to extensions); an unknown element of the HHFR namespace,
 * a missing required part or a value out of range is a {@link MalformedEnvelopeException} whose message
 * can be sent back as a decline reason. Thread-safe.
 */
public final class NegotiationReader {
    private static final String NS = HhfrUris.NAMESPACE;

    private final NegotiationLimits limits;

    public NegotiationReader(NegotiationLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    public NegotiationLimits limits() {
        return limits;
    }

    /** The offer in a header block's XML. */
    public Offer readOffer(String xml) throws MalformedEnvelopeException {
        return parseString(xml, "Offer", this::readOffer);
    }

    /** The answer in a header block's XML. */
    public Answer readAnswer(String xml) throws MalformedEnvelopeException {
        return parseString(xml, "Answer", this::readAnswer);
    }

    /** The offer in an explicit negotiation: the parser is on {@code hhfr:Negotiate}, and left on its end. */
    public Offer readNegotiate(XmlPullParser parser) throws IOException {
        return readWrapped(parser, "Negotiate", "Offer", this::readOffer);
    }

    /** The answer of an explicit negotiation: the parser is on {@code hhfr:NegotiateResponse}. */
    public Answer readNegotiateResponse(XmlPullParser parser) throws IOException {
        return readWrapped(parser, "NegotiateResponse", "Answer", this::readAnswer);
    }

    /** Reads one element the parser is on, leaving the parser on its end tag. */
    private interface ElementReader<T> {
        T read(XmlPullParser parser) throws IOException, XmlPullParserException;
    }

    private static <T> T parseString(String xml, String element, ElementReader<T> reader)
            throws MalformedEnvelopeException {
        XmlPullParser parser = XmlSubtree.parser(new StringReader(xml));
        try {
            parser.nextTag();
            requireStart(parser, element);
            return reader.read(parser);
        } catch (MalformedEnvelopeException e) {
            throw e;
        } catch (XmlPullParserException | IOException | RuntimeException e) {
            throw new MalformedEnvelopeException("hhfr:" + element + " is not well-formed: " + XmlPull.message(e),
                    e);
        }
    }

    private static <T> T readWrapped(XmlPullParser parser, String wrapper, String element, ElementReader<T> reader)
            throws IOException {
        try {
            requireStart(parser, wrapper);
            parser.nextTag();
            requireStart(parser, element);
            T value = reader.read(parser);
            parser.nextTag();
            if (parser.getEventType() != XmlPullParser.END_TAG || !wrapper.equals(parser.getName())) {
                throw malformed(parser, "hhfr:" + wrapper + " must hold exactly one hhfr:" + element);
            }
            return value;
        } catch (XmlPullParserException | RuntimeException e) {
            throw new MalformedEnvelopeException("hhfr:" + wrapper + " is not well-formed: " + XmlPull.message(e),
                    e);
        }
    }

    private Offer readOffer(XmlPullParser parser) throws IOException, XmlPullParserException {
        Offer.Builder offer = Offer.builder().scheme(optionalAttribute(parser, "scheme", VocabularyDefaults.SCHEME))
                .action(boundedAttribute(parser, "action", null));
        List<String> representations = new ArrayList<>();
        List<String> transports = new ArrayList<>();
        List<QualifiedName> staticHeaders = new ArrayList<>();
        ReliabilityPolicy policy = VocabularyDefaults.POLICY;
        while (nextChild(parser)) {
            String name = parser.getName();
            switch (name) {
                case "Representation":
                    addBounded(parser, representations, text(parser, limits.maxTextChars()), "representations");
                    break;
                case "Transport":
                    addBounded(parser, transports, text(parser, limits.maxTextChars()), "transports");
                    break;
                case "Reliability":
                    policy = readPolicy(parser, policy);
                    break;
                case "Schemas":
                    offer.schemas(readSchemas(parser));
                    break;
                case "SchemaDigests":
                    offer.digests(readDigests(parser));
                    break;
                case "StaticHeader":
                    if (staticHeaders.size() == limits.maxStaticHeaders()) {
                        throw malformed(parser, "more than " + limits.maxStaticHeaders() + " static headers offered");
                    }
                    staticHeaders.add(new QualifiedName(boundedAttribute(parser, "namespace", ""),
                            requiredAttribute(parser, "name")));
                    skipToEnd(parser);
                    break;
                case "Resume":
                    offer.resumption(sessionId(parser, requiredAttribute(parser, "session")),
                            sessionToken(parser, requiredAttribute(parser, "token")));
                    skipToEnd(parser);
                    break;
                case "ProposedSession":
                    offer.proposedSession(ProposedSession.of(sessionId(parser, requiredAttribute(parser, "session")),
                            sessionToken(parser, requiredAttribute(parser, "token")),
                            requiredAttribute(parser, "transport"), readEndpoint(parser)));
                    break;
                case "Limits":
                    policy = policy.toBuilder()
                            .maxResponseBytes(positiveInt(parser, "maxMessageBytes", policy.maxResponseBytes()))
                            .validForMillis(positiveLong(parser, "validForMillis", policy.validForMillis()))
                            .build();
                    skipToEnd(parser);
                    break;
                default:
                    throw malformed(parser, "unknown element hhfr:" + name + " in hhfr:Offer");
            }
        }
        offer.policy(policy);
        if (!representations.isEmpty()) {
            offer.representations(representations);
        }
        if (!transports.isEmpty()) {
            offer.transports(transports);
        }
        return offer.staticHeaders(staticHeaders).build();
    }

    private Answer readAnswer(XmlPullParser parser) throws IOException, XmlPullParserException {
        String accepted = requiredAttribute(parser, "accepted");
        if (!"true".equals(accepted) && !"false".equals(accepted)) {
            throw malformed(parser, "hhfr:Answer accepted must be true or false, was '" + accepted + "'");
        }
        if ("false".equals(accepted)) {
            String reason = null;
            while (nextChild(parser)) {
                if (!"Reason".equals(parser.getName())) {
                    throw malformed(parser, "a declining hhfr:Answer holds only hhfr:Reason, found hhfr:"
                            + parser.getName());
                }
                reason = text(parser, limits.maxTextChars());
            }
            return Answer.declined(reason == null || reason.isEmpty() ? "(no reason given)" : reason);
        }
        Answer.Accepted answer = Answer.accepted().scheme(VocabularyDefaults.SCHEME)
                .representation(VocabularyDefaults.REPRESENTATION).transport(VocabularyDefaults.TRANSPORT);
        ReliabilityPolicy policy = VocabularyDefaults.POLICY;
        List<StreamEndpoint> alternatives = new ArrayList<>();
        while (nextChild(parser)) {
            String name = parser.getName();
            switch (name) {
                case "Scheme":
                    answer.scheme(text(parser, limits.maxTextChars()));
                    break;
                case "Representation":
                    answer.representation(text(parser, limits.maxTextChars()));
                    break;
                case "Transport":
                    answer.transport(text(parser, limits.maxTextChars()));
                    break;
                case "Reliability":
                    policy = readPolicy(parser, policy);
                    break;
                case "Endpoint":
                    answer.endpoint(readEndpoint(parser));
                    break;
                case "AlternateEndpoint":
                    if (alternatives.size() == Answer.MAX_ALTERNATE_ENDPOINTS) {
                        throw malformed(parser, "more than " + Answer.MAX_ALTERNATE_ENDPOINTS
                                + " hhfr:AlternateEndpoint elements");
                    }
                    alternatives.add(readEndpoint(parser));
                    break;
                case "Session":
                    answer.session(sessionId(parser, requiredAttribute(parser, "id")),
                            sessionToken(parser, requiredAttribute(parser, "token")));
                    policy = policy.toBuilder()
                            .validForMillis(positiveLong(parser, "validForMillis", policy.validForMillis()))
                            .build();
                    answer.resumed("true".equals(parser.getAttributeValue("", "resumed")));
                    answer.encrypted("true".equals(parser.getAttributeValue("", "encrypted")));
                    skipToEnd(parser);
                    break;
                case "Limits":
                    policy = policy.toBuilder()
                            .maxRequestBytes(positiveInt(parser, "maxMessageBytes", policy.maxRequestBytes()))
                            .maxResponseBytes(positiveInt(parser, "maxResponseBytes", policy.maxResponseBytes()))
                            .build();
                    skipToEnd(parser);
                    break;
                case "Reason":
                    answer.reason(text(parser, limits.maxTextChars()));
                    break;
                case "Schemas":
                    answer.schemas(readSchemas(parser));
                    break;
                default:
                    throw malformed(parser, "unknown element hhfr:" + name + " in hhfr:Answer");
            }
        }
        answer.policy(policy).alternatives(alternatives);
        try {
            return answer.build();
        } catch (IllegalArgumentException e) {
            throw malformed(parser, e.getMessage());
        }
    }

    /** {@code Reliability}: each attribute left out keeps the term of {@code absent}. */
    private ReliabilityPolicy readPolicy(XmlPullParser parser, ReliabilityPolicy absent)
            throws IOException, XmlPullParserException {
        DeliveryAssurance assurance = absent.deliveryAssurance();
        String assuranceName = boundedAttribute(parser, "deliveryAssurance", null);
        if (assuranceName != null) {
            assurance = DeliveryAssuranceNames.forWireName(assuranceName);
            if (assurance == null) {
                throw malformed(parser, "unknown delivery assurance '" + assuranceName
                        + "' (known: ExactlyOnce, AtMostOnce)");
            }
        }
        boolean inOrder = booleanAttribute(parser, "inOrder", absent.inOrder());
        int retransmission = positiveInt(parser, "retransmissionIntervalMillis", absent.retransmissionIntervalMillis());
        int ack = intAttribute(parser, "ackIntervalMillis", absent.ackIntervalMillis());
        int window = positiveInt(parser, "window", absent.window());
        skipToEnd(parser);
        return absent.toBuilder().deliveryAssurance(assurance).inOrder(inOrder)
                .retransmissionIntervalMillis(retransmission).ackIntervalMillis(ack).window(window).build();
    }

    private StreamEndpoint readEndpoint(XmlPullParser parser) throws IOException, XmlPullParserException {
        String host = requiredAttribute(parser, "host");
        int port = positiveInt(parser, "port");
        skipToEnd(parser);
        try {
            return StreamEndpoint.of(host, port);
        } catch (IllegalArgumentException e) {
            throw malformed(parser, "bad stream endpoint: " + e.getMessage());
        }
    }

    private OperationSchemas readSchemas(XmlPullParser parser) throws IOException, XmlPullParserException {
        MessageSchema request = null;
        MessageSchema response = null;
        while (nextChild(parser)) {
            String name = parser.getName();
            QualifiedName element = new QualifiedName(boundedAttribute(parser, "namespace", ""),
                    requiredAttribute(parser, "element"));
            if ("Request".equals(name) && request == null) {
                request = MessageSchema.of(element, rawText(parser, limits.maxSchemaChars()));
            } else if ("Response".equals(name) && response == null) {
                response = MessageSchema.of(element, rawText(parser, limits.maxSchemaChars()));
            } else {
                throw malformed(parser, "hhfr:Schemas holds one hhfr:Request then one hhfr:Response, found hhfr:"
                        + name);
            }
        }
        if (request == null || response == null) {
            throw malformed(parser, "hhfr:Schemas needs both hhfr:Request and hhfr:Response");
        }
        return OperationSchemas.of(request, response);
    }

    private SchemaDigests readDigests(XmlPullParser parser) throws IOException, XmlPullParserException {
        String request = requiredAttribute(parser, "request");
        String response = requiredAttribute(parser, "response");
        skipToEnd(parser);
        try {
            return SchemaDigests.fromBase64Url(request, response);
        } catch (IllegalArgumentException e) {
            throw malformed(parser, e.getMessage());
        }
    }

    /**
     * Moves to the next child element in the HHFR namespace, skipping foreign ones; false at the parent's
     * END_TAG.
     */
    private static boolean nextChild(XmlPullParser parser) throws IOException, XmlPullParserException {
        while (true) {
            int event = parser.next();
            if (event == XmlPullParser.END_TAG) {
                return false;
            }
            if (event == XmlPullParser.START_TAG) {
                if (NS.equals(parser.getNamespace())) {
                    return true;
                }
                skipToEnd(parser);
            } else if (event == XmlPullParser.TEXT && !parser.isWhitespace()) {
                throw malformed(parser, "unexpected text between negotiation elements");
            } else if (event == XmlPullParser.END_DOCUMENT) {
                throw malformed(parser, "document ended inside negotiation content");
            }
        }
    }

    /** Skips the current element and everything in it. */
    private static void skipToEnd(XmlPullParser parser) throws IOException, XmlPullParserException {
        int depth = parser.getDepth();
        while (!(parser.next() == XmlPullParser.END_TAG && parser.getDepth() == depth)) {
            if (parser.getEventType() == XmlPullParser.END_DOCUMENT) {
                throw malformed(parser, "document ended inside negotiation content");
            }
        }
    }

    /** The text content of a simple element, trimmed; child elements are refused. */
    private static String text(XmlPullParser parser, int maxChars) throws IOException, XmlPullParserException {
        return rawText(parser, maxChars).trim();
    }

    /** The text content of a simple element exactly; child elements are refused. */
    private static String rawText(XmlPullParser parser, int maxChars) throws IOException, XmlPullParserException {
        String element = parser.getName();
        StringBuilder text = new StringBuilder();
        while (parser.next() != XmlPullParser.END_TAG) {
            if (parser.getEventType() != XmlPullParser.TEXT) {
                throw malformed(parser, "hhfr:" + element + " must contain only text");
            }
            text.append(parser.getText());
            if (text.length() > maxChars) {
                throw malformed(parser, "hhfr:" + element + " longer than the limit of " + maxChars + " characters");
            }
        }
        return text.toString();
    }

    private void addBounded(XmlPullParser parser, List<String> list, String uri, String what)
            throws MalformedEnvelopeException {
        if (uri.isEmpty()) {
            throw malformed(parser, "empty URI in " + what);
        }
        if (list.size() == limits.maxListEntries()) {
            throw malformed(parser, "more than " + limits.maxListEntries() + " " + what + " offered");
        }
        list.add(uri);
    }

    private String requiredAttribute(XmlPullParser parser, String name) throws MalformedEnvelopeException {
        String value = boundedAttribute(parser, name, null);
        if (value == null || value.isEmpty()) {
            throw malformed(parser, "hhfr:" + parser.getName() + " needs the attribute " + name);
        }
        return value;
    }

    private String boundedAttribute(XmlPullParser parser, String name, String absent)
            throws MalformedEnvelopeException {
        String value = parser.getAttributeValue("", name);
        if (value == null) {
            return absent;
        }
        if (value.length() > limits.maxTextChars()) {
            throw malformed(parser, "attribute " + name + " longer than " + limits.maxTextChars() + " characters");
        }
        return value.trim();
    }

    private String optionalAttribute(XmlPullParser parser, String name, String absent)
            throws MalformedEnvelopeException {
        String value = boundedAttribute(parser, name, null);
        if (value == null) {
            return absent;
        }
        if (value.isEmpty()) {
            throw malformed(parser, "hhfr:" + parser.getName() + " has an empty attribute " + name);
        }
        return value;
    }

    /** XML Schema's boolean: true, false, 1 or 0. */
    private boolean booleanAttribute(XmlPullParser parser, String name, boolean absent)
            throws MalformedEnvelopeException {
        String text = boundedAttribute(parser, name, null);
        if (text == null) {
            return absent;
        }
        if ("true".equals(text) || "1".equals(text)) {
            return true;
        }
        if ("false".equals(text) || "0".equals(text)) {
            return false;
        }
        throw malformed(parser, "attribute " + name + " must be true or false, was '" + text + "'");
    }

    /** A required positive int attribute. */
    private int positiveInt(XmlPullParser parser, String name) throws MalformedEnvelopeException {
        return toInt(parser, name, positive(parser, name, requiredAttribute(parser, name)));
    }

    /** A positive int attribute, {@code absent} when left out. */
    private int positiveInt(XmlPullParser parser, String name, int absent) throws MalformedEnvelopeException {
        String text = boundedAttribute(parser, name, null);
        return text == null ? absent : toInt(parser, name, positive(parser, name, text));
    }

    /** A positive long attribute, {@code absent} when left out. */
    private long positiveLong(XmlPullParser parser, String name, long absent) throws MalformedEnvelopeException {
        String text = boundedAttribute(parser, name, null);
        return text == null ? absent : positive(parser, name, text);
    }

    private static int toInt(XmlPullParser parser, String name, long value) throws MalformedEnvelopeException {
        if (value > Integer.MAX_VALUE) {
            throw malformed(parser, "attribute " + name + " out of range: " + value);
        }
        return (int) value;
    }

    private int intAttribute(XmlPullParser parser, String name, int absent) throws MalformedEnvelopeException {
        String text = boundedAttribute(parser, name, null);
        if (text == null) {
            return absent;
        }
        try {
            int value = Integer.parseInt(text);
            if (value < 0) {
                throw malformed(parser, "attribute " + name + " must not be negative, was " + value);
            }
            return value;
        } catch (NumberFormatException e) {
            throw malformed(parser, "attribute " + name + " is not a number: '" + text + "'");
        }
    }

    private static long positive(XmlPullParser parser, String name, String text) throws MalformedEnvelopeException {
        try {
            long value = Long.parseLong(text);
            if (value < 1) {
                throw malformed(parser, "attribute " + name + " must be positive, was " + value);
            }
            return value;
        } catch (NumberFormatException e) {
            throw malformed(parser, "attribute " + name + " is not a number: '" + text + "'");
        }
    }

    private static SessionId sessionId(XmlPullParser parser, String text) throws MalformedEnvelopeException {
        try {
            return SessionId.parse(text);
        } catch (IllegalArgumentException e) {
            throw malformed(parser, e.getMessage());
        }
    }

    private static SessionToken sessionToken(XmlPullParser parser, String text) throws MalformedEnvelopeException {
        try {
            return SessionToken.parse(text);
        } catch (ContextStoreException e) {
            throw malformed(parser, e.getMessage());
        }
    }

    private static void requireStart(XmlPullParser parser, String element)
            throws XmlPullParserException, MalformedEnvelopeException {
        if (parser.getEventType() != XmlPullParser.START_TAG || !NS.equals(parser.getNamespace())
                || !element.equals(parser.getName())) {
            throw malformed(parser, "expected hhfr:" + element + " in namespace " + NS);
        }
    }

    private static MalformedEnvelopeException malformed(XmlPullParser parser, String problem) {
        return new MalformedEnvelopeException(problem + " (line " + parser.getLineNumber() + ", column " + parser.getColumnNumber() + ")");
    }
}
