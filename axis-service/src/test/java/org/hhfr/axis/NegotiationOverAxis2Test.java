package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.ServerSettings;
import org.hhfr.axis.services.PointsOfInterest;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.NegotiationLimits;
import org.hhfr.negotiation.NegotiationReader;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.SchemaDigests;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.client.OptimisticResult;
import org.hhfr.negotiation.soap.BodyReader;
import org.hhfr.negotiation.soap.BodyWriter;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * HHFR negotiation over Axis2 with the negotiation module's own client: optimistic (the offer on a real
 * call) and explicit ({@code negotiate}), accepted with a session the store holds and a transport can
 * admit, declined with a reason, and falling back against a service the module is not engaged on, always
 * with the call's correct first answer. The server serves TCP streams only, under the address each client
 * reached it at.
 */
class NegotiationOverAxis2Test {
    private static final String WSA = "http://www.w3.org/2005/08/addressing";

    private static StreamEndpoint tcpEndpoint;
    private static HhfrServer server;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(TestServers.loopback().requestThreads(4)
                .plainSoapServices(Set.of(PointsOfInterest.class))
                .streams(TestServers.LOOPBACK, null, 0, ServerSettings.NOT_SERVED).build());
        // no advertised host: answers name the address the client reached, here 127.0.0.1
        tcpEndpoint = StreamEndpoint.of(TestServers.LOOPBACK, server.streamPort(HhfrUris.TRANSPORT_TCP));
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
    }

    private static Negotiator negotiator(String service, SoapVersion version) throws IOException {
        SoapHttpClient http = new SoapHttpClient(new URL(server.serviceUrl("127.0.0.1", service)), 2_000, 10_000,
                SoapLimits.defaults());
        return new Negotiator(http, version, new NegotiationReader(NegotiationLimits.defaults()),
                new ResumptionTicketCache());
    }

    private static TicketKey key(String service, String operation) {
        return TicketKey.of(server.serviceUrl("127.0.0.1", service), operation, "from-server");
    }

    private static BodyWriter body(String element) {
        return BodyWriter.elements(Collections.singletonList(element));
    }

    private static final BodyReader<List<String>> BODY = BodyReader.elements(1 << 20, 64);

    private static String result(OptimisticResult<List<String>> result) throws Exception {
        return Envelopes.singleReturn(result.response().body().get(0));
    }

    private static Offer.Builder tcpOffer() {
        return Offer.builder().transports(List.of(HhfrUris.TRANSPORT_TCP));
    }

    private static StreamContext storedContext(Answer answer) throws Exception {
        Optional<StoredSession> session = server.negotiation().store().get(answer.sessionId());
        assertTrue(session.isPresent(), "the store holds the session");
        StreamContext admitted = server.negotiation().admit(answer.sessionId().text(), answer.token().text());
        assertEquals(session.get().context(), admitted, "a transport admits the stream with id and token");
        return admitted;
    }

    private static Schema publishedSchema(String service) throws Exception {
        return new SchemaParser().parse(RawHttp.get(server.port(), "/axis2/services/" + service + "?wsdl").body);
    }

    @Test
    void theAnswerNamesTheServerAddressTheClientReached() throws Exception {
        // 127.0.0.0/8 is all this machine: a client that reached the server at 127.0.0.2 streams to 127.0.0.2
        String url = server.serviceUrl("127.0.0.2", "FloatSum");
        Negotiator negotiator = new Negotiator(new SoapHttpClient(new URL(url), 2_000, 10_000, SoapLimits.defaults()),
                SoapVersion.SOAP_11, new NegotiationReader(NegotiationLimits.defaults()), new ResumptionTicketCache());
        OptimisticResult<List<String>> result = negotiator.callWithOffer(TicketKey.of(url, "sum", "from-server"),
                "urn:sum", tcpOffer().build(), List.of(), body(Envelopes.sum("1.5")), BODY);

        assertEquals(NegotiationOutcome.Kind.ACCEPTED, result.outcome().kind(), result.outcome()::toString);
        assertEquals("127.0.0.2", result.outcome().answer().endpoint().host());
        assertEquals(tcpEndpoint.port(), result.outcome().answer().endpoint().port());
    }

    @Test
    void theAnswerHeaderTravelsInTheNegotiationNamespaceBesideTheResult() throws Exception {
        String request = "<s:Envelope xmlns:s=\"" + Envelopes.SOAP11 + "\"><s:Header><Offer xmlns=\""
                + HhfrUris.NAMESPACE + "\"/></s:Header><s:Body>" + Envelopes.sum("1.5", "2.25")
                + "</s:Body></s:Envelope>";
        RawHttp.Response response = RawHttp.postSoap11(server.port(), "/axis2/services/FloatSum", "urn:sum", request);

        assertEquals(200, response.status, response::toString);
        assertTrue(response.body.contains("<Answer xmlns=\"" + HhfrUris.NAMESPACE + "\" accepted=\"true\">"),
                response.body);
        assertEquals(List.of("3.75"), Envelopes.returns(response.body));
    }

    @Test
    void optimisticOfferOnAFloatSumCallIsAcceptedAndTheCallAnswered() throws Exception {
        OptimisticResult<List<String>> result = negotiator("FloatSum", SoapVersion.SOAP_11).callWithOffer(
                key("FloatSum", "sum"), "urn:sum", tcpOffer().build(), List.of(), body(Envelopes.sum("1.5", "2.25")),
                BODY);
        assertEquals("3.75", result(result));
        NegotiationOutcome outcome = result.outcome();
        assertEquals(NegotiationOutcome.Kind.ACCEPTED, outcome.kind(), outcome::toString);
        Answer answer = outcome.answer();
        assertEquals(HhfrUris.TRANSPORT_TCP, answer.transport());
        assertEquals(HhfrUris.REPRESENTATION_BINARY, answer.representation());
        assertEquals(tcpEndpoint, answer.endpoint());
        assertNotNull(answer.schemas(), "the offer carried no schemas: the server supplies them");
        assertEquals(new QualifiedName(Envelopes.SERVICES_NS, "sum"), answer.schemas().request().element());

        StreamContext context = storedContext(answer);
        assertEquals(ServiceOperation.of("FloatSum", "sum", SoapVersion.SOAP_11, "urn:sum"), context.operation());
        Schema published = publishedSchema("FloatSum");
        assertEquals(published.dataStructure(new QualifiedName(Envelopes.SERVICES_NS, "sum")), context.request());
        assertEquals(published.dataStructure(new QualifiedName(Envelopes.SERVICES_NS, "sumResponse")),
                context.response());
    }

    @Test
    void optimisticOfferOverSoap12KeepsTheStaticHeaderExactly() throws Exception {
        HeaderBlock to = HeaderBlock.of(new QualifiedName(WSA, "To"), "<wsa:To xmlns:wsa=\"" + WSA + "\">"
                + server.serviceUrl("127.0.0.1", "StringConcat") + "</wsa:To>");
        Offer offer = tcpOffer().staticHeaders(List.of(to.name())).build();
        OptimisticResult<List<String>> result = negotiator("StringConcat", SoapVersion.SOAP_12).callWithOffer(
                key("StringConcat", "concat"), "urn:concat", offer, List.of(to),
                body(Envelopes.concat("Olá", null, " mundo")), BODY);
        assertEquals("Olá mundo", result(result));
        assertEquals(NegotiationOutcome.Kind.ACCEPTED, result.outcome().kind(), result.outcome()::toString);
        StreamContext context = storedContext(result.outcome().answer());
        assertEquals(SoapVersion.SOAP_12, context.operation().soapVersion());
        assertEquals(1, context.staticHeaders().size());
        HeaderBlock stored = context.staticHeaders().get(0);
        assertEquals(to.name(), stored.name());
        assertEquals(server.serviceUrl("127.0.0.1", "StringConcat"),
                Envelopes.parse(stored.xml()).getDocumentElement().getTextContent());
    }

    @Test
    void explicitNegotiationWithSchemaDigestsIsAccepted() throws Exception {
        Schema published = publishedSchema("StringConcat");
        SchemaDigests digests = SchemaDigests.of(
                published.dataStructure(new QualifiedName(Envelopes.SERVICES_NS, "concat")),
                published.dataStructure(new QualifiedName(Envelopes.SERVICES_NS, "concatResponse")));
        Offer offer = tcpOffer().action("urn:concat").digests(digests).build();
        NegotiationOutcome outcome = negotiator("StringConcat", SoapVersion.SOAP_11)
                .negotiate(key("StringConcat", "concat"), offer, List.of());
        assertEquals(NegotiationOutcome.Kind.ACCEPTED, outcome.kind(), outcome::toString);
        assertTrue(outcome.streaming());
        assertNull(outcome.answer().schemas(), "digests matched: no schema text travels");
        assertEquals(ServiceOperation.of("StringConcat", "concat", SoapVersion.SOAP_11, "urn:concat"),
                storedContext(outcome.answer()).operation());
    }

    @Test
    void explicitNegotiationOverSoap12IsAccepted() throws Exception {
        Offer offer = tcpOffer().action("urn:sum").build();
        NegotiationOutcome outcome = negotiator("FloatSum", SoapVersion.SOAP_12)
                .negotiate(key("FloatSum", "sum"), offer, List.of());
        assertEquals(NegotiationOutcome.Kind.ACCEPTED, outcome.kind(), outcome::toString);
        assertEquals(SoapVersion.SOAP_12, storedContext(outcome.answer()).operation().soapVersion());
    }

    @Test
    void anOfferForATransportNotServedIsDeclinedWithTheReasonAndTheCallStillAnswered() throws Exception {
        Offer offer = Offer.builder().transports(List.of(HhfrUris.TRANSPORT_UDP)).build();
        OptimisticResult<List<String>> result = negotiator("FloatSum", SoapVersion.SOAP_11).callWithOffer(
                key("FloatSum", "sum"), "urn:sum", offer, List.of(), body(Envelopes.sum("2", "0.5")), BODY);
        assertEquals("2.5", result(result));
        assertEquals(NegotiationOutcome.Kind.DECLINED, result.outcome().kind());
        assertEquals("no common transport: offered [" + HhfrUris.TRANSPORT_UDP + "], served ["
                + HhfrUris.TRANSPORT_TCP + "]", result.outcome().reason());
    }

    @Test
    void anExplicitOfferForAnOperationTheServiceLacksIsDeclined() throws Exception {
        Offer offer = tcpOffer().action("urn:nosuch").build();
        NegotiationOutcome outcome = negotiator("FloatSum", SoapVersion.SOAP_11)
                .negotiate(key("FloatSum", "nosuch"), offer, List.of());
        assertEquals(NegotiationOutcome.Kind.DECLINED, outcome.kind());
        assertTrue(outcome.reason().contains("urn:nosuch"), outcome.reason());
    }

    @Test
    void aMalformedOfferHeaderIsDeclinedAndTheCallAnswered() throws Exception {
        String envelope = "<s:Envelope xmlns:s=\"" + Envelopes.SOAP11 + "\"><s:Header><hhfr:Offer xmlns:hhfr=\""
                + HhfrUris.NAMESPACE + "\" s:mustUnderstand=\"0\"><hhfr:Teleport/></hhfr:Offer></s:Header><s:Body>"
                + Envelopes.sum("1", "2") + "</s:Body></s:Envelope>";
        RawHttp.Response response = RawHttp.postSoap11(server.port(), "/axis2/services/FloatSum", "urn:sum", envelope);
        assertEquals(200, response.status, response::toString);
        assertEquals("3.0", Envelopes.singleReturn(response.body));
        assertTrue(response.body.contains("accepted=\"false\""), response.body);
        assertTrue(response.body.contains("the offer is not understood"), response.body);
    }

    @Test
    void aServiceWithoutTheModuleAnswersTheFirstCallAndDeclinesTheStreamSayingWhy() throws Exception {
        OptimisticResult<List<String>> result = negotiator("PointsOfInterest", SoapVersion.SOAP_11).callWithOffer(
                key("PointsOfInterest", "list"), "urn:list", tcpOffer().build(), List.of(),
                body(Envelopes.list(2)), BODY);
        assertEquals(NegotiationOutcome.Kind.DECLINED, result.outcome().kind());
        assertEquals("the service PointsOfInterest does not engage the hhfr module: it is served as plain SOAP",
                result.outcome().reason());
        List<String> records = Envelopes.returns(result.response().body().get(0));
        assertEquals(2, records.size());
        String plain = RawHttp.postSoap11(server.port(), "/axis2/services/PointsOfInterest", "urn:list",
                Envelopes.envelope(Envelopes.SOAP11, Envelopes.list(2))).body;
        assertEquals(Envelopes.returns(plain), records, "the same answer as a call without an offer");
    }

    @Test
    void explicitNegotiationWithAServiceWithoutTheModuleIsNotSupported() throws Exception {
        for (SoapVersion version : SoapVersion.values()) {
            NegotiationOutcome outcome = negotiator("PointsOfInterest", version)
                    .negotiate(key("PointsOfInterest", "list"), tcpOffer().action("urn:list").build(), List.of());
            assertEquals(NegotiationOutcome.Kind.NOT_SUPPORTED, outcome.kind(), version + ": " + outcome);
        }
    }
}
