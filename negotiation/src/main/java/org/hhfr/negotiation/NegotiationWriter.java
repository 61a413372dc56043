package org.hhfr.negotiation;

import java.io.IOException;
import java.io.StringWriter;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.schemas.QualifiedName;
import org.kxml2.io.KXmlSerializer;
import org.xmlpull.v1.XmlSerializer;

/**
 * Writes the negotiation vocabulary ({@code urn:hhfr:negotiation:1}, see {@code negotiation-1.xsd}) with
 * kxml2: offers and answers as header blocks or as children of the explicit {@code Negotiate} and
 * {@code NegotiateResponse} body elements.
 */
public final class NegotiationWriter {
    static final String PREFIX = "hhfr";
    private static final String NS = HhfrUris.NAMESPACE;

    private NegotiationWriter() {
    }

    /**
     * The offer as a header block for an envelope of {@code version}, marked {@code mustUnderstand="0"}: a
     * server that knows nothing of HHFR ignores it and just answers the call.
     */
    public static HeaderBlock offerHeader(Offer offer, SoapVersion version) throws IOException {
        StringWriter text = new StringWriter();
        XmlSerializer out = serializer(text);
        out.setPrefix("soap", version.envelopeNamespace());
        writeOffer(out, offer, version);
        out.flush();
        return new HeaderBlock(new QualifiedName(NS, "Offer"), text.toString());
    }

    /** The answer as a header block, added by a server to the response of the call that carried an offer. */
    public static HeaderBlock answerHeader(Answer answer) throws IOException {
        StringWriter text = new StringWriter();
        XmlSerializer out = serializer(text);
        writeAnswer(out, answer);
        out.flush();
        return new HeaderBlock(new QualifiedName(NS, "Answer"), text.toString());
    }

    /** {@code <hhfr:Negotiate><hhfr:Offer/></hhfr:Negotiate>}: the body of an explicit negotiation. */
    public static void writeNegotiate(XmlSerializer out, Offer offer) throws IOException {
        out.setPrefix(PREFIX, NS);
        out.startTag(NS, "Negotiate");
        writeOffer(out, offer, null);
        out.endTag(NS, "Negotiate");
    }

    /** {@code <hhfr:NegotiateResponse><hhfr:Answer/></hhfr:NegotiateResponse>}. */
    public static void writeNegotiateResponse(XmlSerializer out, Answer answer) throws IOException {
        out.setPrefix(PREFIX, NS);
        out.startTag(NS, "NegotiateResponse");
        writeAnswer(out, answer);
        out.endTag(NS, "NegotiateResponse");
    }

    /**
     * Writes {@code hhfr:Offer}; with a version, the element carries that version's
     * {@code mustUnderstand="0"} as a header block does.
     */
    public static void writeOffer(XmlSerializer out, Offer offer, SoapVersion headerOf) throws IOException {
        out.setPrefix(PREFIX, NS);
        out.startTag(NS, "Offer");
        if (headerOf != null) {
            out.attribute(headerOf.envelopeNamespace(), "mustUnderstand", "0");
        }
        out.attribute("", "scheme", offer.scheme());
        if (offer.action() != null) {
            out.attribute("", "action", offer.action());
        }
        for (String uri : offer.representations()) {
            textElement(out, "Representation", uri);
        }
        for (String uri : offer.transports()) {
            textElement(out, "Transport", uri);
        }
        writePolicy(out, offer.policy());
        if (offer.schemas() != null) {
            writeSchemas(out, offer.schemas());
        } else if (offer.digests() != null) {
            out.startTag(NS, "SchemaDigests");
            out.attribute("", "request", offer.digests().request());
            out.attribute("", "response", offer.digests().response());
            out.endTag(NS, "SchemaDigests");
        }
        for (QualifiedName name : offer.staticHeaders()) {
            out.startTag(NS, "StaticHeader");
            out.attribute("", "namespace", name.namespace());
            out.attribute("", "name", name.localName());
            out.endTag(NS, "StaticHeader");
        }
        if (offer.resumeSessionId() != null) {
            out.startTag(NS, "Resume");
            out.attribute("", "session", offer.resumeSessionId().text());
            out.attribute("", "token", offer.resumeToken().text());
            out.endTag(NS, "Resume");
        }
        writeLimits(out, offer.maxMessageBytes());
        out.endTag(NS, "Offer");
    }

    /** Writes {@code hhfr:Answer}. */
    public static void writeAnswer(XmlSerializer out, Answer answer) throws IOException {
        out.setPrefix(PREFIX, NS);
        out.startTag(NS, "Answer");
        out.attribute("", "accepted", String.valueOf(answer.isAccepted()));
        if (!answer.isAccepted()) {
            textElement(out, "Reason", answer.reason());
            out.endTag(NS, "Answer");
            return;
        }
        textElement(out, "Scheme", answer.scheme());
        textElement(out, "Representation", answer.representation());
        textElement(out, "Transport", answer.transport());
        writePolicy(out, answer.policy());
        out.startTag(NS, "Endpoint");
        out.attribute("", "host", answer.endpoint().host());
        out.attribute("", "port", String.valueOf(answer.endpoint().port()));
        out.endTag(NS, "Endpoint");
        out.startTag(NS, "Session");
        out.attribute("", "id", answer.sessionId().text());
        out.attribute("", "token", answer.token().text());
        out.attribute("", "validForMillis", String.valueOf(answer.validForMillis()));
        if (answer.resumed()) {
            out.attribute("", "resumed", "true");
        }
        out.endTag(NS, "Session");
        writeLimits(out, answer.maxMessageBytes());
        if (answer.schemas() != null) {
            writeSchemas(out, answer.schemas());
        }
        out.endTag(NS, "Answer");
    }

    private static XmlSerializer serializer(StringWriter text) throws IOException {
        XmlSerializer out = new KXmlSerializer();
        out.setOutput(text);
        return out;
    }

    private static void textElement(XmlSerializer out, String name, String text) throws IOException {
        out.startTag(NS, name).text(text).endTag(NS, name);
    }

    private static void writePolicy(XmlSerializer out, ReliabilityPolicy policy) throws IOException {
        out.startTag(NS, "Reliability");
        out.attribute("", "deliveryAssurance", DeliveryAssuranceNames.wireName(policy.deliveryAssurance()));
        out.attribute("", "inOrder", String.valueOf(policy.inOrder()));
        out.attribute("", "retransmissionIntervalMillis", String.valueOf(policy.retransmissionIntervalMillis()));
        out.attribute("", "ackIntervalMillis", String.valueOf(policy.ackIntervalMillis()));
        out.attribute("", "window", String.valueOf(policy.window()));
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
        out.attribute("", "namespace", schema.element().namespace());
        out.attribute("", "element", schema.element().localName());
        out.text(schema.xsd());
        out.endTag(NS, name);
    }

    private static void writeLimits(XmlSerializer out, int maxMessageBytes) throws IOException {
        out.startTag(NS, "Limits");
        out.attribute("", "maxMessageBytes", String.valueOf(maxMessageBytes));
        out.endTag(NS, "Limits");
    }
}
