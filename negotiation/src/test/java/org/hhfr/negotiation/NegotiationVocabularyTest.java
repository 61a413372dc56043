package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.io.StringWriter;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Collections;

import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;

import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.XmlSubtree;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.transports.reliability.DeliveryAssurance;
import org.junit.jupiter.api.Test;
import org.kxml2.io.KXmlSerializer;
import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlSerializer;

class NegotiationVocabularyTest {
    private static final NegotiationReader READER = new NegotiationReader(NegotiationLimits.defaults());
    private static final String OPEN = "<hhfr:Offer xmlns:hhfr=\"urn:hhfr:negotiation:1\" scheme=\"urn:hhfr:1\">";
    private static final String MINIMAL = "<hhfr:Representation>urn:hhfr:rep:binary</hhfr:Representation>"
            + "<hhfr:Transport>urn:hhfr:transport:tcp</hhfr:Transport>";

    static Offer fullOffer() {
        TokenGenerator tokens = TokenGenerator.secure();
        return Offer.builder().action(FloatSum.ACTION)
                .policy(ReliabilityPolicy.of(DeliveryAssurance.AT_MOST_ONCE, false, 250, 0, 16)
                        .toBuilder().validForMillis(120_000).build())
                .schemas(FloatSum.schemas())
                .staticHeaders(Arrays.asList(new QualifiedName("http://www.w3.org/2005/08/addressing", "To"),
                        new QualifiedName("urn:example:security", "Token")))
                .resumption(tokens.newSessionId(), tokens.newToken())
                .maxMessageBytes(65_536)
                .build();
    }

    static Answer fullAnswer() {
        TokenGenerator tokens = TokenGenerator.secure();
        return Answer.accepted().scheme(HhfrUris.SCHEME_V1).representation(HhfrUris.REPRESENTATION_BINARY)
                .transport(HhfrUris.TRANSPORT_UDP).policy(ReliabilityPolicy.defaults().toBuilder().window(64)
                        .maxRequestBytes(2 << 20).maxResponseBytes(65_536).validForMillis(120_000).build())
                .reason("countered: window 512 lowered to the server's maximum of 64")
                .endpoint(Hhfr.UDP_ENDPOINT).alternatives(Arrays.asList(StreamEndpoint.of("10.0.0.2", 7071),
                        StreamEndpoint.of("node-3.example", 7071)))
                .session(tokens.newSessionId(), tokens.newToken())
                .schemas(FloatSum.schemas()).resumed(true).encrypted(true).build();
    }

    @Test
    void anOfferSurvivesWritingAndReading() throws Exception {
        Offer offer = fullOffer();
        assertEquals(offer, READER.readOffer(NegotiationWriter.offerHeader(offer).xml()));
        Offer minimal = Offer.builder().build();
        assertEquals(minimal, READER.readOffer(NegotiationWriter.offerHeader(minimal).xml()));
        Offer digests = digestOffer();
        assertEquals(digests, READER.readOffer(NegotiationWriter.offerHeader(digests).xml()));
    }

    /** What the Android client offers by default: the defaults and the digests of the schemas it holds. */
    private static Offer digestOffer() {
        return Offer.builder().digests(SchemaDigests.of(FloatSum.request(), FloatSum.response())).build();
    }

    /** An acceptance of everything the default offer proposes, with the store's default validity. */
    private static Answer defaultAnswer() {
        TokenGenerator tokens = TokenGenerator.secure();
        return Answer.accepted().scheme(HhfrUris.SCHEME_V1).representation(HhfrUris.REPRESENTATION_BINARY)
                .transport(HhfrUris.TRANSPORT_TCP).policy(ReliabilityPolicy.defaults())
                .endpoint(Hhfr.TCP_ENDPOINT).session(tokens.newSessionId(), tokens.newToken()).build();
    }

    @Test
    void anOfferOfDefaultsCarriesOnlyItsSchemaDigestsInBase64Url() throws Exception {
        SchemaDigests digests = digestOffer().digests();
        String xml = NegotiationWriter.offerHeader(digestOffer()).xml();
        assertEquals("<Offer xmlns=\"urn:hhfr:negotiation:1\"><SchemaDigests request=\""
                + digests.requestBase64Url() + "\" response=\"" + digests.responseBase64Url() + "\" /></Offer>", xml);
        assertEquals(43, digests.requestBase64Url().length());
    }

    @Test
    void anAcceptanceOfDefaultsCarriesOnlyTheEndpointAndTheSession() throws Exception {
        Answer answer = defaultAnswer();
        assertEquals("<Answer accepted=\"true\" xmlns=\"urn:hhfr:negotiation:1\">"
                + "<Endpoint host=\"" + Hhfr.TCP_ENDPOINT.host() + "\" port=\"" + Hhfr.TCP_ENDPOINT.port() + "\" />"
                + "<Session id=\"" + answer.sessionId().text() + "\" token=\"" + answer.token().text() + "\" />"
                + "</Answer>", NegotiationWriter.answerHeader(answer).xml());
    }

    @Test
    void omittedPartsReadAsTheirDefaults() throws Exception {
        Offer offer = READER.readOffer("<Offer xmlns=\"urn:hhfr:negotiation:1\"/>");
        assertEquals(Offer.builder().build(), offer);
        assertEquals(VocabularyDefaults.TRANSPORTS, offer.transports());
        assertEquals(ReliabilityPolicy.defaults(), offer.policy());
        Answer answer = defaultAnswer();
        String bare = "<Answer xmlns=\"urn:hhfr:negotiation:1\" accepted=\"true\"><Endpoint host=\""
                + Hhfr.TCP_ENDPOINT.host() + "\" port=\"" + Hhfr.TCP_ENDPOINT.port() + "\"/><Session id=\""
                + answer.sessionId().text() + "\" token=\"" + answer.token().text() + "\"/></Answer>";
        assertEquals(answer, READER.readAnswer(bare));
    }

    @Test
    void aPartialReliabilityTakesTheOtherAttributesFromTheDefaultPolicy() throws Exception {
        ReliabilityPolicy lowered = ReliabilityPolicy.defaults().toBuilder().window(8).build();
        Offer offer = Offer.builder().policy(lowered).build();
        String xml = NegotiationWriter.offerHeader(offer).xml();
        assertEquals("<Offer xmlns=\"urn:hhfr:negotiation:1\"><Reliability window=\"8\" /></Offer>", xml);
        assertEquals(lowered, READER.readOffer(xml).policy());
    }

    @Test
    void hexSchemaDigestsAreRefusedReadably() {
        String hex = FloatSum.request().fingerprint();
        MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class, () -> READER.readOffer(
                "<Offer xmlns=\"urn:hhfr:negotiation:1\"><SchemaDigests request=\"" + hex + "\" response=\"" + hex
                        + "\"/></Offer>"));
        assertTrue(e.getMessage().startsWith("request digest must be the 32 bytes of SHA-256 in URL-safe Base64"),
                e.getMessage());
    }

    @Test
    void answersSurviveWritingAndReading() throws Exception {
        Answer accepted = fullAnswer();
        assertEquals(accepted, READER.readAnswer(NegotiationWriter.answerHeader(accepted).xml()));
        Answer declined = Answer.declined("no common transport: offered [x], served [y]");
        assertEquals(declined, READER.readAnswer(NegotiationWriter.answerHeader(declined).xml()));
    }

    @Test
    void theOfferHeaderIsOptionalForTheReceiverAsItCarriesNoMustUnderstand() throws Exception {
        String xml = NegotiationWriter.offerHeader(fullOffer()).xml();
        XmlPullParser parser = XmlSubtree.parser(new StringReader(xml));
        parser.nextTag();
        for (SoapVersion version : SoapVersion.values()) {
            assertEquals(null, parser.getAttributeValue(version.envelopeNamespace(), "mustUnderstand"));
        }
    }

    @Test
    void everythingWrittenIsValidAgainstTheNegotiationSchema() throws Exception {
        SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        Schema schema = factory.newSchema(getClass().getResource("/org/hhfr/negotiation/negotiation-1.xsd"));
        StringWriter negotiate = new StringWriter();
        XmlSerializer out = new KXmlSerializer();
        out.setOutput(negotiate);
        NegotiationWriter.writeNegotiate(out, fullOffer());
        out.flush();
        StringWriter response = new StringWriter();
        out = new KXmlSerializer();
        out.setOutput(response);
        NegotiationWriter.writeNegotiateResponse(out, fullAnswer());
        out.flush();
        for (String xml : Arrays.asList(negotiate.toString(), response.toString(),
                NegotiationWriter.answerHeader(Answer.declined("busy")).xml(),
                NegotiationWriter.answerHeader(fullAnswer()).xml(),
                NegotiationWriter.answerHeader(defaultAnswer()).xml(),
                NegotiationWriter.offerHeader(digestOffer()).xml(),
                NegotiationWriter.offerHeader(proposingOffer()).xml(),
                NegotiationWriter.offerHeader(Offer.builder().policy(ReliabilityPolicy.of(
                        DeliveryAssurance.AT_MOST_ONCE, true, 500, 100, 64)).build()).xml())) {
            schema.newValidator().validate(new StreamSource(new StringReader(xml)));
        }
    }

    /** A default offer proposing the session of a TCP stream the client opens before the answer. */
    private static Offer proposingOffer() {
        return digestOffer().toBuilder().proposedSession(ProposedSession.draw(new SecureRandom(),
                HhfrUris.TRANSPORT_TCP, Hhfr.TCP_ENDPOINT)).build();
    }

    @Test
    void aProposedSessionSurvivesWritingAndReading() throws Exception {
        Offer offer = proposingOffer();
        String xml = NegotiationWriter.offerHeader(offer).xml();
        assertEquals(offer, READER.readOffer(xml));
        assertTrue(xml.contains("<ProposedSession session=\"" + offer.proposedSession().id().text() + "\""), xml);
        assertTrue(xml.length() < 400, "a proposing offer stays small: " + xml.length() + " characters");
    }

    @Test
    void aProposedSessionOfAnotherSizeWithAnIdNotFromItsTokenTogetherWithAResumptionOrWithoutATransportIsRefused() {
        String shortId = "<hhfr:ProposedSession session=\"AAAA\" token=\"" + TokenGenerator.secure().newToken().text()
                + "\" transport=\"urn:hhfr:transport:tcp\" host=\"h\" port=\"1\"/>";
        MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class,
                () -> READER.readOffer(OPEN + MINIMAL + shortId + "</hhfr:Offer>"));
        assertTrue(e.getMessage().contains("16-byte id"), e.getMessage());

        ProposedSession proposed = ProposedSession.draw(new SecureRandom(), HhfrUris.TRANSPORT_TCP,
                Hhfr.TCP_ENDPOINT);
        String underived = "<hhfr:ProposedSession session=\"" + proposed.id().text() + "\" token=\""
                + TokenGenerator.secure().newToken().text() + "\" transport=\"urn:hhfr:transport:tcp\" host=\"h\""
                + " port=\"1\"/>";
        e = assertThrows(MalformedEnvelopeException.class,
                () -> READER.readOffer(OPEN + MINIMAL + underived + "</hhfr:Offer>"));
        assertTrue(e.getMessage().contains("derived from its token"), e.getMessage());
        String valid = "<hhfr:ProposedSession session=\"" + proposed.id().text() + "\" token=\""
                + proposed.token().text() + "\"";
        assertThrows(MalformedEnvelopeException.class,
                () -> READER.readOffer(OPEN + MINIMAL + valid + "/></hhfr:Offer>"));
        String resume = "<hhfr:Resume session=\"" + proposed.id().text() + "\" token=\""
                + proposed.token().text() + "\"/>";
        e = assertThrows(MalformedEnvelopeException.class, () -> READER.readOffer(OPEN + MINIMAL + resume
                + valid + " transport=\"urn:hhfr:transport:tcp\" host=\"h\" port=\"1\"/></hhfr:Offer>"));
        assertTrue(e.getMessage().contains("not both"), e.getMessage());
    }

    @Test
    void elementsOfOtherNamespacesAreIgnored() throws Exception {
        Offer offer = READER.readOffer(OPEN + MINIMAL + "<x:Extension xmlns:x=\"urn:example\"><x:deep/></x:Extension>"
                + "</hhfr:Offer>");
        assertEquals(Collections.singletonList(HhfrUris.TRANSPORT_TCP), offer.transports());
    }

    @Test
    void unknownHhfrElementsAreRefusedByName() {
        MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class,
                () -> READER.readOffer(OPEN + MINIMAL + "<hhfr:Compression>gzip</hhfr:Compression></hhfr:Offer>"));
        assertTrue(e.getMessage().startsWith("unknown element hhfr:Compression in hhfr:Offer"), e.getMessage());
    }

    @Test
    void anOfferListingOnlyRepresentationsOffersTheDefaultTransports() throws Exception {
        Offer offer = READER.readOffer(OPEN + "<hhfr:Representation>urn:hhfr:rep:xml</hhfr:Representation></hhfr:Offer>");
        assertEquals(Collections.singletonList(HhfrUris.REPRESENTATION_XML), offer.representations());
        assertEquals(VocabularyDefaults.TRANSPORTS, offer.transports());
    }

    @Test
    void overlongListsAreRefusedWithinTheLimit() {
        StringBuilder xml = new StringBuilder(OPEN);
        for (int i = 0; i < 17; i++) {
            xml.append("<hhfr:Transport>urn:t:").append(i).append("</hhfr:Transport>");
        }
        MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class,
                () -> READER.readOffer(xml + "</hhfr:Offer>"));
        assertTrue(e.getMessage().startsWith("more than 16 transports"), e.getMessage());
    }

    @Test
    void anOversizedInlineSchemaIsRefused() throws Exception {
        NegotiationReader small = new NegotiationReader(NegotiationLimits.defaults()
                .toBuilder().maxSchemaChars(100).build());
        String xml = NegotiationWriter.offerHeader(Offer.builder().schemas(FloatSum.schemas()).build()).xml();
        MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class, () -> small.readOffer(xml));
        assertTrue(e.getMessage().startsWith("hhfr:Request longer than the limit of 100 characters"), e.getMessage());
    }

    @Test
    void tooManyStaticHeadersAreRefused() {
        StringBuilder xml = new StringBuilder(OPEN + MINIMAL);
        for (int i = 0; i < 33; i++) {
            xml.append("<hhfr:StaticHeader namespace=\"urn:h\" name=\"H").append(i).append("\"/>");
        }
        MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class,
                () -> READER.readOffer(xml + "</hhfr:Offer>"));
        assertTrue(e.getMessage().startsWith("more than 32 static headers"), e.getMessage());
    }

    @Test
    void badNumbersAndUnknownAssurancesAreRefusedReadably() {
        String[] cases = {
            "<hhfr:Limits maxMessageBytes=\"-5\"/>", "must be positive",
            "<hhfr:Limits maxMessageBytes=\"lots\"/>", "is not a number",
            "<hhfr:Limits maxMessageBytes=\"99999999999\"/>", "out of range",
            "<hhfr:Reliability deliveryAssurance=\"Maybe\" inOrder=\"true\" retransmissionIntervalMillis=\"1\" "
                    + "window=\"1\"/>", "unknown delivery assurance 'Maybe'",
            "<hhfr:Resume session=\"short\" token=\"short\"/>", "session",
        };
        for (int i = 0; i < cases.length; i += 2) {
            String xml = OPEN + MINIMAL + cases[i] + "</hhfr:Offer>";
            MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class, () -> READER.readOffer(xml));
            assertTrue(e.getMessage().contains(cases[i + 1]), e.getMessage());
            assertFalse(e.getMessage().contains("Exception"), e.getMessage());
        }
    }

    @Test
    void aDeclineWithAStrayElementIsRefused() {
        assertThrows(MalformedEnvelopeException.class, () -> READER.readAnswer(
                "<hhfr:Answer xmlns:hhfr=\"urn:hhfr:negotiation:1\" accepted=\"false\"><hhfr:Reason>x</hhfr:Reason>"
                        + "<hhfr:Scheme>urn:hhfr:1</hhfr:Scheme></hhfr:Answer>"));
    }

    @Test
    void moreAlternateEndpointsThanTheLimitAreRefused() throws Exception {
        String endpoint = "<AlternateEndpoint host=\"10.0.0.2\" port=\"7071\"/>";
        StringBuilder alternates = new StringBuilder();
        for (int i = 0; i <= Answer.MAX_ALTERNATE_ENDPOINTS; i++) {
            alternates.append(endpoint);
        }
        String xml = NegotiationWriter.answerHeader(defaultAnswer()).xml()
                .replace("<Session", alternates + "<Session");
        MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class,
                () -> READER.readAnswer(xml));
        assertTrue(e.getMessage().contains("more than 16 hhfr:AlternateEndpoint"), e.getMessage());
    }

    @Test
    void anAcceptanceMissingItsSessionIsRefused() {
        MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class, () -> READER.readAnswer(
                "<hhfr:Answer xmlns:hhfr=\"urn:hhfr:negotiation:1\" accepted=\"true\">"
                        + "<hhfr:Scheme>urn:hhfr:1</hhfr:Scheme></hhfr:Answer>"));
        assertTrue(e.getMessage().startsWith("an accepting answer needs a"), e.getMessage());
    }

    @Test
    void garbageIsAMalformedMessageNotACrash() {
        for (String garbage : Arrays.asList("", "not xml", "<hhfr:Offer", "<Offer scheme=\"x\"/>",
                OPEN + "&undefined;</hhfr:Offer>")) {
            assertThrows(MalformedEnvelopeException.class, () -> READER.readOffer(garbage), garbage);
        }
    }
}
