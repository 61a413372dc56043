package org.hhfr.negotiation;

import java.io.IOException;
import java.io.StringWriter;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.XmlPull;
import org.xmlpull.v1.XmlSerializer;

/**
 * Writes the negotiation vocabulary ({@code urn:hhfr:negotiation:1}, see {@code negotiation-1.xsd}) with
 * kxml2: offers and answers as header blocks or as children of the explicit {@code Negotiate} and
 * {@code NegotiateResponse} body elements. The offer travels on the client's first call, so the output is
 * as small as the vocabulary allows: the namespace is the default one (no prefix on every tag) and every
 * value equal to its {@link VocabularyDefaults default} is left out.
 */
public final class NegotiationWriter {
    private static final String NS = HhfrUris.NAMESPACE;

    private NegotiationWriter() {
    }

    /**
     * The offer as a header block. It carries no {@code mustUnderstand}, which SOAP reads as "may be
     * ignored": a server that knows nothing of HHFR just answers the call.
     */
    public static HeaderBlock offerHeader(Offer offer) throws IOException {
        StringWriter text = new StringWriter();
        XmlSerializer out = serializer(text);
        writeOffer(out, offer);
        out.flush();
        return HeaderBlock.of(new QualifiedName(NS, "Offer"), text.toString());
    }

    /** The answer as a header block, added by a server to the response of the call that carried an offer. */
    public static HeaderBlock answerHeader(Answer answer) throws IOException {
        StringWriter text = new StringWriter();
        XmlSerializer out = serializer(text);
        writeAnswer(out, answer);
        out.flush();
        return HeaderBlock.of(new QualifiedName(NS, "Answer"), text.toString());
    }

    /** {@code <Negotiate><Offer/></Negotiate>}: the body of an explicit negotiation. */
    public static void writeNegotiate(XmlSerializer out, Offer offer) throws IOException {
        out.setPrefix("", NS);
        out.startTag(NS, "Negotiate");
        writeOffer(out, offer);
        out.endTag(NS, "Negotiate");
    }

    /** {@code <NegotiateResponse><Answer/></NegotiateResponse>}. */
    public static void writeNegotiateResponse(XmlSerializer out, Answer answer) throws IOException {
        out.setPrefix("", NS);
        out.startTag(NS, "NegotiateResponse");
        writeAnswer(out, answer);
        out.endTag(NS, "NegotiateResponse");
    }

    /** Writes {@code Offer}, leaving out the scheme, lists, policy and limit when they are the defaults. */
    public static void writeOffer(XmlSerializer out, Offer offer) throws IOException {
        out.setPrefix("", NS);
        out.startTag(NS, "Offer");
        if (!VocabularyDefaults.SCHEME.equals(offer.scheme())) {
            out.attribute("", "scheme", offer.scheme());
        }
        if (offer.action() != null) {
            out.attribute("", "action", offer.action());
        }
        if (!VocabularyDefaults.REPRESENTATIONS.equals(offer.representations())) {
            for (String uri : offer.representations()) {
                textElement(out, "Representation", uri);
            }
        }
        if (!VocabularyDefaults.TRANSPORTS.equals(offer.transports())) {
            for (String uri : offer.transports()) {
                textElement(out, "Transport", uri);
            }
        }
        writePolicy(out, offer.policy());
        if (offer.schemas() != null) {
            writeSchemas(out, offer.schemas());
        } else if (offer.digests() != null) {
            out.startTag(NS, "SchemaDigests");
            out.attribute("", "request", offer.digests().requestBase64Url());
            out.attribute("", "response", offer.digests().responseBase64Url());
            out.endTag(NS, "SchemaDigests");
        }
        for (QualifiedName name : offer.staticHeaders()) {
            out.startTag(NS, "StaticHeader");
            if (!name.namespace().isEmpty()) {
                out.attribute("", "namespace", name.namespace());
            }
            out.attribute("", "name", name.localName());
            out.endTag(NS, "StaticHeader");
        }
        if (offer.resumeSessionId() != null) {
            out.startTag(NS, "Resume");
            out.attribute("", "session", offer.resumeSessionId().text());
            out.attribute("", "token", offer.resumeToken().text());
            out.endTag(NS, "Resume");
        }
        if (offer.proposedSession() != null) {
            out.startTag(NS, "ProposedSession");
            out.attribute("", "session", offer.proposedSession().id().text());
            out.attribute("", "token", offer.proposedSession().token().text());
            out.attribute("", "transport", offer.proposedSession().transportUri());
            out.attribute("", "host", offer.proposedSession().endpoint().host());
            out.attribute("", "port", String.valueOf(offer.proposedSession().endpoint().port()));
            out.endTag(NS, "ProposedSession");
        }
        writeOfferLimits(out, offer.policy());
        out.endTag(NS, "Offer");
    }

    /** Writes {@code Answer}, leaving out the choices, policy, validity and limit that are the defaults. */
    private static void writeEndpoint(XmlSerializer out, String element, StreamEndpoint endpoint)
            throws IOException {
        out.startTag(NS, element);
        out.attribute("", "host", endpoint.host());
        out.attribute("", "port", String.valueOf(endpoint.port()));
        out.endTag(NS, element);
    }

    public static void writeAnswer(XmlSerializer out, Answer answer) throws IOException {
        out.setPrefix("", NS);
        out.startTag(NS, "Answer");
        out.attribute("", "accepted", String.valueOf(answer.isAccepted()));
        if (!answer.isAccepted()) {
            textElement(out, "Reason", answer.reason());
            out.endTag(NS, "Answer");
            return;
        }
        textElementUnlessDefault(out, "Scheme", answer.scheme(), VocabularyDefaults.SCHEME);
        textElementUnlessDefault(out, "Representation", answer.representation(), VocabularyDefaults.REPRESENTATION);
        textElementUnlessDefault(out, "Transport", answer.transport(), VocabularyDefaults.TRANSPORT);
        writePolicy(out, answer.policy());
        writeEndpoint(out, "Endpoint", answer.endpoint());
        for (StreamEndpoint alternative : answer.alternateEndpoints()) {
            writeEndpoint(out, "AlternateEndpoint", alternative);
        }
        out.startTag(NS, "Session");
        out.attribute("", "id", answer.sessionId().text());
        out.attribute("", "token", answer.token().text());
        if (answer.validForMillis() != VocabularyDefaults.POLICY.validForMillis()) {
            out.attribute("", "validForMillis", String.valueOf(answer.validForMillis()));
        }
        if (answer.resumed()) {
            out.attribute("", "resumed", "true");
        }
        if (answer.encrypted()) {
            out.attribute("", "encrypted", "true");
        }
        out.endTag(NS, "Session");
        writeAnswerLimits(out, answer.policy());
        if (answer.reason() != null) {
            textElement(out, "Reason", answer.reason());
        }
        if (answer.schemas() != null) {
            writeSchemas(out, answer.schemas());
        }
        out.endTag(NS, "Answer");
    }

    private static XmlSerializer serializer(StringWriter text) throws IOException {
        XmlSerializer out = XmlPull.newSerializer();
        out.setOutput(text);
        return out;
    }

    private static void textElement(XmlSerializer out, String name, String text) throws IOException {
        out.startTag(NS, name).text(text).endTag(NS, name);
    }

    private static void textElementUnlessDefault(XmlSerializer out, String name, String text, String absent)
            throws IOException {
        if (!absent.equals(text)) {
            textElement(out, name, text);
        }
    }

    /** {@code Reliability} with the attributes that differ from the default policy; nothing if none does. */
    private static void writePolicy(XmlSerializer out, ReliabilityPolicy policy) throws IOException {
        ReliabilityPolicy absent = VocabularyDefaults.POLICY;
        if (policy.deliveryAssurance() == absent.deliveryAssurance() && policy.inOrder() == absent.inOrder()
                && policy.retransmissionIntervalMillis() == absent.retransmissionIntervalMillis()
                && policy.ackIntervalMillis() == absent.ackIntervalMillis() && policy.window() == absent.window()) {
            return;
        }
        out.startTag(NS, "Reliability");
        if (policy.deliveryAssurance() != absent.deliveryAssurance()) {
            out.attribute("", "deliveryAssurance", DeliveryAssuranceNames.wireName(policy.deliveryAssurance()));
        }
        if (policy.inOrder() != absent.inOrder()) {
            out.attribute("", "inOrder", String.valueOf(policy.inOrder()));
        }
        if (policy.retransmissionIntervalMillis() != absent.retransmissionIntervalMillis()) {
            out.attribute("", "retransmissionIntervalMillis", String.valueOf(policy.retransmissionIntervalMillis()));
        }
        if (policy.ackIntervalMillis() != absent.ackIntervalMillis()) {
            out.attribute("", "ackIntervalMillis", String.valueOf(policy.ackIntervalMillis()));
        }
        if (policy.window() != absent.window()) {
            out.attribute("", "window", String.valueOf(policy.window()));
        }
        out.endTag(NS, "Reliability");
    }

    private static void writeSchemas(XmlSerializer out, OperationSchemas schemas) throws IOException {
        out.startTag(NS, "Schemas");
        writeSchema(out, "Request", schemas.request());
        writeSchema(out, "Response", schemas.response());
        out.endTag(NS, "Schemas");
    }

    private static void writeSchema(XmlSerializer out, String name, MessageSchema schema) throws IOException {
        out.startTag(NS, name);
        if (!schema.element().namespace().isEmpty()) {
            out.attribute("", "namespace", schema.element().namespace());
        }
        out.attribute("", "element", schema.element().localName());
        out.text(schema.xsd());
        out.endTag(NS, name);
    }

    /** The offer's {@code Limits}: the client's message size limit and the lifetime it asks for, unless defaults. */
    private static void writeOfferLimits(XmlSerializer out, ReliabilityPolicy policy) throws IOException {
        ReliabilityPolicy absent = VocabularyDefaults.POLICY;
        writeLimits(out, "maxMessageBytes", policy.maxResponseBytes(), absent.maxResponseBytes(),
                "validForMillis", policy.validForMillis(), absent.validForMillis());
    }

    /** The answer's {@code Limits}: the server's message size limit, and the client's as it is honoured. */
    private static void writeAnswerLimits(XmlSerializer out, ReliabilityPolicy policy) throws IOException {
        ReliabilityPolicy absent = VocabularyDefaults.POLICY;
        writeLimits(out, "maxMessageBytes", policy.maxRequestBytes(), absent.maxRequestBytes(),
                "maxResponseBytes", policy.maxResponseBytes(), absent.maxResponseBytes());
    }

    /** {@code Limits} with the two attributes that differ from their defaults; nothing if neither does. */
    private static void writeLimits(XmlSerializer out, String firstName, long first, long firstAbsent,
                                    String secondName, long second, long secondAbsent) throws IOException {
        boolean writeFirst = first != firstAbsent;
        boolean writeSecond = second != secondAbsent;
        if (!writeFirst && !writeSecond) {
            return;
        }
        out.startTag(NS, "Limits");
        if (writeFirst) {
            out.attribute("", firstName, String.valueOf(first));
        }
        if (writeSecond) {
            out.attribute("", secondName, String.valueOf(second));
        }
        out.endTag(NS, "Limits");
    }
}
