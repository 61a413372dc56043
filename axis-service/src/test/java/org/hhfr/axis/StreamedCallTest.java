package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.apache.axis2.Constants;
import org.hhfr.axis.reservations.GroupBooking;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.stream.EnvelopeDispatch;
import org.hhfr.axis.stream.PojoDispatch;
import org.hhfr.axis.stream.StreamedCallDispatcher;
import org.hhfr.axis.stream.StreamedCallException;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.NegotiationLimits;
import org.hhfr.negotiation.NegotiationReader;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.streamer.DateTime;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.XmlRepresentation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A request that arrived on a negotiated stream reaches the same service method as a SOAP call, by either
 * road (the POJO fast path with decoded values, or the rebuilt envelope through Axis2's engine), and all
 * three give equal response messages: float rounding, empty arrays, nil strings, non-ASCII text, records.
 * Sessions come from real negotiations; the transport itself (transports/netty) is not part of this test.
 */
class StreamedCallTest {
    private static final XmlRepresentation XML = new XmlRepresentation();
    private static final Map<String, StreamContext> SESSIONS = new HashMap<>();

    private static HhfrServer server;
    private static PojoDispatch pojo;
    private static EnvelopeDispatch envelope;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(TestServers.loopback().build());
        TestServers.deploy(server, Clock.class);
        TestServers.deploy(server, ContextReader.class);
        TestServers.deploy(server, NestedContextReader.class);
        TestServers.deploy(server, ReflectiveContextReader.class);
        TestServers.deploy(server, InheritedContextReader.class);
        TestServers.deploy(server, HelperContextReader.class);
        TestServers.deploy(server, Picker.class);
        TestServers.deploy(server, Counter.class).setScope(Constants.SCOPE_APPLICATION);
        pojo = new PojoDispatch(server.axisContext());
        envelope = new EnvelopeDispatch(server.axisContext(), XML);
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
    }

    /** The admitted context of a session negotiated for {@code service}'s operation (explicitly, over SOAP). */
    private static synchronized StreamContext session(String service, String operation) throws Exception {
        StreamContext known = SESSIONS.get(service + "." + operation);
        if (known != null) {
            return known;
        }
        String url = server.serviceUrl("127.0.0.1", service);
        Negotiator negotiator = new Negotiator(new SoapHttpClient(new URL(url), 2_000, 10_000, SoapLimits.defaults()),
                SoapVersion.SOAP_11, new NegotiationReader(NegotiationLimits.defaults()), new ResumptionTicketCache());
        NegotiationOutcome outcome = negotiator.negotiate(TicketKey.of(url, operation, "-"),
                Offer.builder().action("urn:" + operation).transports(List.of(HhfrUris.TRANSPORT_TCP)).build(),
                List.of());
        Answer answer = outcome.answer();
        StreamContext context = server.negotiation().admit(answer.sessionId().text(), answer.token().text());
        SESSIONS.put(service + "." + operation, context);
        return context;
    }

    /** The same request as a plain SOAP call over HTTP, its response read with the negotiated structure. */
    private static Message overSoap(StreamContext session, Message request) throws Exception {
        String body = XML.encodeToString(request).replaceFirst("^<\\?xml[^>]*\\?>", "");
        RawHttp.Response response = RawHttp.postSoap11(server.port(), "/axis2/services/"
                + session.operation().service(), session.operation().soapAction(),
                Envelopes.envelope(Envelopes.SOAP11, body));
        assertEquals(200, response.status, response::toString);
        return new SoapEnvelopeReader(SoapLimits.defaults()).read(new ByteArrayInputStream(
                response.body.getBytes(StandardCharsets.UTF_8)), MessageBody.reader(XML, session.response())).body();
    }

    private static void assertSameByEveryRoad(StreamContext session, Message request) throws Exception {
        Message soap = overSoap(session, request);
        assertEquals(soap, envelope.bind(session).call(session, request, Collections.emptyList()), "rebuilt envelope");
        assertEquals(soap, pojo.bind(session).call(session, request, Collections.emptyList()), "POJO fast path");
    }

    private static Message sum(StreamContext session, float... values) {
        return Message.of(session.request()).set("values", values).build();
    }

    private static Message concat(StreamContext session, String... parts) {
        return Message.of(session.request()).set("parts", parts).build();
    }

    /** An empty float array cannot be streamed: Axis2 publishes {@code values} with minOccurs 1. */
    @Test
    void anEmptyFloatArrayDoesNotFitTheSchemaAxis2Publishes() throws Exception {
        StreamContext session = session("FloatSum", "sum");
        assertEquals(1, session.request().root().complexType().elements().get(0).minOccurs());
        assertThrows(IllegalArgumentException.class, () -> sum(session));
    }

    @Test
    void floatSumIsTheSameByEveryRoad() throws Exception {
        StreamContext session = session("FloatSum", "sum");
        assertSameByEveryRoad(session, sum(session, 1.5f, 2.25f));
        assertSameByEveryRoad(session, sum(session, 0.1f, 0.2f, 0.3f));
        assertSameByEveryRoad(session, sum(session, 16777216f, 1f, 1f));
        assertSameByEveryRoad(session, sum(session, -0.0f));
        assertSameByEveryRoad(session, sum(session, Float.MIN_VALUE, 1e-38f, -3.4028235e38f));
        assertEquals(0.1f + 0.2f + 0.3f, pojo.bind(session).call(session, sum(session, 0.1f, 0.2f, 0.3f),
                List.of()).record().floatValue("return"));
    }

    @Test
    void aSumOverflowingToInfinityIsTheSameByEveryRoad() throws Exception {
        StreamContext session = session("FloatSum", "sum");
        assertSameByEveryRoad(session, sum(session, 3.4028235e38f, 3.4028235e38f));
        assertSameByEveryRoad(session, sum(session, Float.NaN, 1f));
    }

    /**
     * Axis2's databinding refuses XSD's {@code INF} in a request (it writes it in responses), so a request
     * holding an infinity fails over SOAP and on the Infoset road, while the fast path adds it up.
     */
    @Test
    void anInfiniteRequestValueIsRefusedByAxis2ButNotByTheFastPath() throws Exception {
        StreamContext session = session("FloatSum", "sum");
        Message infinite = sum(session, Float.POSITIVE_INFINITY, 1f);
        StreamedCallException refused = assertThrows(StreamedCallException.class,
                () -> envelope.bind(session).call(session, infinite, List.of()));
        assertEquals("Invalid value \"INF\" for element values", refused.getMessage());
        assertTrue(refused.senderFault());
        assertEquals(Float.POSITIVE_INFINITY,
                pojo.bind(session).call(session, infinite, List.of()).record().floatValue("return"));
    }

    @Test
    void stringConcatIsTheSameByEveryRoad() throws Exception {
        StreamContext session = session("StringConcat", "concat");
        assertSameByEveryRoad(session, concat(session, "Aníbal ", "Cunha, nº 84 ", "– 東京 😀"));
        assertSameByEveryRoad(session, concat(session, "a", null, "b", null));
        assertSameByEveryRoad(session, concat(session, "<b>&amp;</b>", " \"quoted\" 'x'"));
        assertSameByEveryRoad(session, concat(session));
        assertSameByEveryRoad(session, concat(session, "x".repeat(10_000), "y"));
    }

    @Test
    void aCalendarTakenAndReturnedIsTheSameByEveryRoad() throws Exception {
        StreamContext session = session("Clock", "shift");
        for (String when : new String[] {"2026-11-28T18:46:53.246Z", "2026-03-29T01:30:00+02:00",
                "1999-12-31T23:59:59.999-05:30"}) {
            assertSameByEveryRoad(session, Message.of(session.request()).set("when", DateTime.parse(when))
                    .set("minutes", 90).build());
        }
    }

    @Test
    void aNullArrayIsTheSameByEveryRoad() throws Exception {
        StreamContext session = session("Clock", "zones");
        for (int count : new int[] {-1, 0, 1, 3}) {
            assertSameByEveryRoad(session, Message.of(session.request()).set("count", count).build());
        }
    }

    @Test
    void pointsOfInterestAreTheSameByEveryRoad() throws Exception {
        StreamContext session = session("PointsOfInterest", "list");
        for (int count : new int[] {0, 1, 25}) {
            assertSameByEveryRoad(session, Message.of(session.request()).set("count", count).build());
        }
    }

    @Test
    void aServiceExceptionFailsBothRoadsWithTheSameReason() throws Exception {
        StreamContext session = session("PointsOfInterest", "list");
        Message negative = Message.of(session.request()).set("count", -1).build();
        StreamedCallException fast = assertThrows(StreamedCallException.class,
                () -> pojo.bind(session).call(session, negative, List.of()));
        StreamedCallException rebuilt = assertThrows(StreamedCallException.class,
                () -> envelope.bind(session).call(session, negative, List.of()));
        assertEquals("count must be between 0 and 5000, not -1", fast.getMessage());
        assertEquals(fast.getMessage(), rebuilt.getMessage());
        assertFalse(fast.senderFault());
    }

    @Test
    void concurrentCallsByBothRoadsGetTheirOwnAnswers() throws Exception {
        StreamContext session = session("StringConcat", "concat");
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                done.add(threads.submit(() -> {
                    for (int i = 0; i < 50; i++) {
                        String tag = thread + "-" + i;
                        Message request = concat(session, "call ", tag);
                        StreamedCallDispatcher road = i % 2 == 0 ? pojo : envelope;
                        assertEquals("call " + tag,
                                road.bind(session).call(session, request, List.of()).record().string("return"));
                    }
                    return null;
                }));
            }
            for (Future<?> future : done) {
                future.get(30, TimeUnit.SECONDS);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void anApplicationScopedServiceKeepsOneObjectForStreamedAndSoapCalls() throws Exception {
        StreamContext session = session("Counter", "next");
        Message request = Message.of(session.request()).set(0, "x").build();
        int first = overSoap(session, request).record().intValue("return");
        StreamedCallDispatcher road = server.streamDispatcher().dispatcherFor(session);
        assertEquals(first + 1, road.bind(session).call(session, request, List.of()).record().intValue("return"));
        assertEquals(first + 2, overSoap(session, request).record().intValue("return"));
        assertInstanceOf(EnvelopeDispatch.class, road);
    }

    @Test
    void aPlainPojoServiceTakesTheFastPath() throws Exception {
        for (String[] operation : new String[][] {{"FloatSum", "sum"}, {"PointsOfInterest", "list"}}) {
            assertInstanceOf(PojoDispatch.class,
                    server.streamDispatcher().dispatcherFor(session(operation[0], operation[1])));
        }
    }

    @Test
    void aPojoServiceThatReadsAxis2sMessageContextTakesTheEnginesRoadAndFindsItsContext() throws Exception {
        for (String service : new String[] {"ContextReader", "NestedContextReader", "ReflectiveContextReader",
                "InheritedContextReader", "HelperContextReader"}) {
            StreamContext session = session(service, "where");
            Message request = Message.of(session.request()).set(0, "at ").build();
            assertEquals("at " + service + ".where over http", overSoap(session, request).record().get("return"));
            assertInstanceOf(EnvelopeDispatch.class, server.streamDispatcher().dispatcherFor(session), service);
            assertEquals("at " + service + ".where over " + EnvelopeDispatch.TRANSPORT, server.streamDispatcher()
                    .bind(session).call(session, request, List.of()).record().get("return"));
        }
    }

    /**
     * A method declared to return a bean that returns an instance of a subclass: Axis2 writes the subclass's
     * properties over SOAP, beyond its WSDL; the fast path says it cannot carry them rather than drop them.
     */
    @Test
    void aReturnedSubclassWhosePropertiesTheWsdlLacksIsTheServicesFaultNotDataDropped() throws Exception {
        StreamContext session = session("Picker", "group");
        Message request = Message.of(session.request()).set(0, "Ann").build();
        assertTrue(RawHttp.postSoap11(server.port(), "/axis2/services/Picker", "urn:group", Envelopes.envelope(
                Envelopes.SOAP11, XML.encodeToString(request).replaceFirst("^<\\?xml[^>]*\\?>", ""))).body
                .contains("<size>7</size>"), "over SOAP the subclass's property is written");

        StreamedCallException refused = assertThrows(StreamedCallException.class,
                () -> pojo.bind(session).call(session, request, List.of()));
        assertFalse(refused.senderFault());
        assertTrue(refused.getMessage().contains(GroupBooking.class.getName()), refused.getMessage());
    }

    @Test
    void beansOfTheDeclaredClassAndReadOnlyPropertiesAreTheSameByEveryRoad() throws Exception {
        for (String operation : new String[] {"single", "badge"}) {
            StreamContext session = session("Picker", operation);
            assertSameByEveryRoad(session, Message.of(session.request()).set(0, "Ann").build());
        }
    }

    /** Axis2 neither publishes nor writes the properties of a platform superclass (EventObject's source). */
    @Test
    void aBeanExtendingAPlatformClassIsTheSameByEveryRoad() throws Exception {
        StreamContext session = session("Picker", "notice");
        assertSameByEveryRoad(session, Message.of(session.request()).set(0, "closed").build());
    }

    /**
     * A Boolean property read by {@code isActive()}: Axis2 writes it over SOAP though its WSDL lacks it (the
     * JavaBeans rules know no is-method for a Boolean); the fast path says it cannot carry it.
     */
    @Test
    void aBooleanPropertyReadByAnIsMethodIsTheServicesFaultNotDataDropped() throws Exception {
        StreamContext session = session("Picker", "flag");
        Message request = Message.of(session.request()).set(0, "Ann").build();
        String soap = RawHttp.postSoap11(server.port(), "/axis2/services/Picker", "urn:flag", Envelopes.envelope(
                Envelopes.SOAP11, XML.encodeToString(request).replaceFirst("^<\\?xml[^>]*\\?>", ""))).body;
        assertTrue(soap.contains("<active>true</active>"), soap);

        StreamedCallException refused = assertThrows(StreamedCallException.class,
                () -> pojo.bind(session).call(session, request, List.of()));
        assertFalse(refused.senderFault());
    }
}
