package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.hhfr.axis.reservations.Reservations;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.NegotiationLimits;
import org.hhfr.negotiation.NegotiationReader;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.client.OptimisticResult;
import org.hhfr.negotiation.soap.BodyReader;
import org.hhfr.negotiation.soap.BodyWriter;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.SchemaParser;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Record;
import org.hhfr.streamer.Representation;
import org.hhfr.streamer.Representations;
import org.hhfr.streamer.XmlRepresentation;
import org.hhfr.transports.netty.NettyStreamClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A real Axis2 service with one operation HHFR cannot represent (it returns a bean another derives from, so its
 * response may carry the other, named by {@code xsi:type}): its other operations negotiate and stream over TCP (one
 * taking that bean, two on the derived bean, which Axis2 publishes as an {@code xs:complexContent} extension, with
 * a {@code java.util.Date} field, published as {@code xs:date}), offers for the bad one are declined with
 * the type, the construct and its line:column in the service's WSDL, the bad one is still answered over plain
 * SOAP, and the server says so once, in one INFO line.
 */
class UnstreamableOperationTest {
    private static final String SERVICE = "Reservations";
    private static final String NS = "http://reservations.axis.hhfr.org";

    private static HhfrServer server;
    /** What the server logged while it read the service's schemas (on the first offer). */
    private static String publicationLog;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(TestServers.loopback().build());
        TestServers.deploy(server, Reservations.class);
        PrintStream console = System.err;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
        try {
            callWithOffer("confirm", "<r:confirm xmlns:r=\"" + NS + "\"><r:guest>Bo</r:guest></r:confirm>");
        } finally {
            System.setErr(console);
        }
        publicationLog = log.toString(StandardCharsets.UTF_8);
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
    }

    private static OptimisticResult<List<String>> callWithOffer(String operation, String body) throws IOException {
        String url = server.serviceUrl(TestServers.LOOPBACK, SERVICE);
        Negotiator negotiator = new Negotiator(new SoapHttpClient(new URL(url), 2_000, 10_000, SoapLimits.defaults()),
                SoapVersion.SOAP_11, new NegotiationReader(NegotiationLimits.defaults()), new ResumptionTicketCache());
        return negotiator.callWithOffer(TicketKey.of(url, operation, "-"), "urn:" + operation,
                Offer.builder().transports(List.of(HhfrUris.TRANSPORT_TCP)).build(), List.of(),
                BodyWriter.elements(List.of(body)), BodyReader.elements(1 << 16, 16));
    }

    /**
     * The answer to {@code request} (its XML) sent once over the TCP stream {@code answer} granted, in the binary
     * representation of the schemas it carries (the service's whole WSDL, read per component as a client does).
     */
    private static Message streamed(Answer answer, String request) throws Exception {
        SchemaParser parser = new SchemaParser().perComponent();
        DataStructure requestStructure = parser.parse(answer.schemas().request().xsd())
                .dataStructure(answer.schemas().request().element());
        DataStructure responseStructure = parser.parse(answer.schemas().response().xsd())
                .dataStructure(answer.schemas().response().element());
        Message sent = Representations.standard().get(XmlRepresentation.URI)
                .decode(requestStructure, request.getBytes(StandardCharsets.UTF_8));
        Representation binary = Representations.standard().get(answer.representation());
        try (NettyStreamClient stream = NettyStreamClient.tcp(
                new InetSocketAddress(answer.endpoint().host(), answer.endpoint().port()),
                answer.sessionId().toBytes(), answer.token().toBytes()).connectTimeoutMillis(2_000).connect()) {
            return binary.decode(responseStructure, stream.call(binary.encode(sent)).get(10, TimeUnit.SECONDS));
        }
    }

    /** 1-based line:column of the character at {@code at} in {@code document}. */
    private static String positionAt(String document, int at) {
        assertTrue(at >= 0, document);
        int lineStart = document.lastIndexOf('\n', at) + 1;
        int line = 1 + (int) document.substring(0, at).chars().filter(c -> c == '\n').count();
        return line + ":" + (at - lineStart + 1);
    }

    @Test
    void theServerSaysOnceInOneInfoLineWhichOperationStaysOnSoapAndWhy() {
        List<String> lines = publicationLog.lines().filter(line -> line.contains(SERVICE + ".lookup")).toList();
        assertEquals(1, lines.size(), publicationLog);
        assertTrue(lines.get(0).contains("INFO"), lines.get(0));
        assertTrue(lines.get(0).contains(SERVICE + ".lookup stays on plain SOAP: the response element {" + NS
                + "}lookupResponse: "), lines.get(0));
        assertTrue(lines.get(0).contains("GroupBooking named by xsi:type"), lines.get(0));
        assertFalse(publicationLog.contains("\tat "), "no stack trace: " + publicationLog);
    }

    @Test
    void aOneWayOperationStaysOnSoapWithItsReasonAndTheOthersStillStream() {
        List<String> lines = publicationLog.lines().filter(line -> line.contains(SERVICE + ".forget")).toList();
        assertEquals(1, lines.size(), publicationLog);
        assertTrue(lines.get(0).contains("stays on plain SOAP: a one-way operation"), lines.get(0));
    }

    @Test
    void theOperationsThatDeriveStream() throws Exception {
        OptimisticResult<List<String>> result = callWithOffer("confirm",
                "<r:confirm xmlns:r=\"" + NS + "\"><r:guest>Ann</r:guest></r:confirm>");

        assertEquals(NegotiationOutcome.Kind.ACCEPTED, result.outcome().kind(), result.outcome()::toString);
        assertEquals("confirmed Ann", Envelopes.singleReturn(result.response().body().get(0)));
        Message answered = streamed(result.outcome().answer(), "<r:confirm xmlns:r=\"" + NS + "\"><guest>Cy</guest>"
                + "</r:confirm>");
        assertEquals("confirmed Cy", answered.record().string("return"));
    }

    @Test
    void aDerivedBeanWithADateStreamsAndTheServiceReadsTheDayItWasSent() throws Exception {
        String wsdl = RawHttp.get(server.port(), "/axis2/services/" + SERVICE + "?wsdl").body;
        assertTrue(wsdl.contains("<xs:complexContent"), wsdl);
        assertTrue(wsdl.contains("name=\"when\" nillable=\"true\" type=\"xs:date\""), wsdl);
        OptimisticResult<List<String>> result = callWithOffer("bookGroup", booking("bookGroup", "Ann",
                "<size>3</size>"));

        assertEquals(NegotiationOutcome.Kind.ACCEPTED, result.outcome().kind(), result.outcome()::toString);
        assertEquals("3 with Ann on 2026-11-25", Envelopes.singleReturn(result.response().body().get(0)));
        Message answered = streamed(result.outcome().answer(), booking("bookGroup", "Cy", "<size>4</size>"));
        assertEquals("4 with Cy on 2026-11-25", answered.record().string("return"));
    }

    @Test
    void aDateTheServiceReturnsStreamsAsTheTextAxis2WritesForIt() throws Exception {
        OptimisticResult<List<String>> result = callWithOffer("postpone", booking("postpone", "Ann", "<size>2</size>"));
        assertEquals(NegotiationOutcome.Kind.ACCEPTED, result.outcome().kind(), result.outcome()::toString);
        Record later = streamed(result.outcome().answer(), booking("postpone", "Cy", "<size>2</size>")).record()
                .record("return");
        String when = later.string("when");
        String overSoap = result.response().body().get(0);
        assertTrue(overSoap.contains(">" + when + "<"), when + " as over SOAP: " + overSoap);
        assertTrue(when.startsWith("2026-11-2"), when);
        assertEquals(2, later.intValue("size"));
    }

    /**
     * The request of {@code operation} for a booking of {@code guest} on 2026-11-25, with {@code more} fields; its
     * local elements are unqualified, as the service's schemas say.
     */
    private static String booking(String operation, String guest, String more) {
        return "<r:" + operation + " xmlns:r=\"" + NS + "\"><booking><guest>" + guest + "</guest>"
                + "<when>2026-11-25</when>" + more + "</booking></r:" + operation + ">";
    }

    @Test
    void aBeanAnotherDerivesFromStreamsInARequestAsTheClientSendsIt() throws Exception {
        OptimisticResult<List<String>> result = callWithOffer("book", booking("book", "Ann", ""));

        assertEquals(NegotiationOutcome.Kind.ACCEPTED, result.outcome().kind(), result.outcome()::toString);
        assertEquals("Ann on 2026-11-25", Envelopes.singleReturn(result.response().body().get(0)));
        Message answered = streamed(result.outcome().answer(), booking("book", "Cy", ""));
        assertEquals("Cy on 2026-11-25", answered.record().string("return"));
    }

    @Test
    void anOfferForTheUnderivableOperationIsDeclinedWithTypeConstructAndPositionAndTheCallAnsweredOverSoap()
            throws Exception {
        String wsdl = RawHttp.get(server.port(), "/axis2/services/" + SERVICE + "?wsdl").body;

        OptimisticResult<List<String>> result = callWithOffer("lookup",
                "<r:lookup xmlns:r=\"" + NS + "\"><guest>Ann</guest></r:lookup>");

        assertEquals(NegotiationOutcome.Kind.DECLINED, result.outcome().kind(), result.outcome()::toString);
        String reason = result.outcome().answer().reason();
        assertTrue(reason.startsWith("operation lookup cannot stream: the response element {" + NS
                + "}lookupResponse: "), reason);
        int returned = wsdl.lastIndexOf("<xs:element", wsdl.indexOf("name=\"return\"",
                wsdl.indexOf("name=\"lookupResponse\"")));
        assertTrue(reason.contains(positionAt(wsdl, returned) + ": element 'return' has the type {" + NS
                + "/xsd}Booking, which {" + NS + "/xsd}GroupBooking extends"), reason);
        assertTrue(result.response().body().get(0).contains("<size>2</size>"), result.response().body().get(0));
    }
}
