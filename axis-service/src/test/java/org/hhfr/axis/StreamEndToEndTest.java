package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.ServerSettings;
import org.hhfr.axis.stream.AxisStreamDispatcher;
import org.hhfr.axis.stream.StreamedCallDispatcher;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StreamEndpoint;
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
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.SchemaParser;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Representation;
import org.hhfr.streamer.Representations;
import org.hhfr.streamer.XmlRepresentation;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.netty.NettyStreamClient;
import org.hhfr.transports.netty.StreamFaultException;
import org.hhfr.transports.netty.StreamServer;
import org.hhfr.transports.netty.StreamServerConfig;
import org.hhfr.transports.netty.StreamSessionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The whole road: a client negotiates over SOAP with its first real call, takes the structures from the
 * answer, opens the stream it was given (TCP or UDP, Netty) with the session id and token, and streams
 * requests whose responses equal the plain SOAP answers to the same requests, message for message.
 */
@Timeout(60)
class StreamEndToEndTest {
    private static final XmlRepresentation XML = new XmlRepresentation();
    private static final Representations REPRESENTATIONS = Representations.standard();

    private static HhfrServer server;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(TestServers.loopback().requestThreads(8).build());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** What a client holds after negotiating: the answer and the structures it derived from the answer. */
    private static final class Negotiated {
        final Answer answer;
        final DataStructure request;
        final DataStructure response;

        Negotiated(Answer answer) throws Exception {
            this.answer = answer;
            SchemaParser parser = new SchemaParser();
            this.request = parser.parse(answer.schemas().request().xsd())
                    .dataStructure(answer.schemas().request().element());
            this.response = parser.parse(answer.schemas().response().xsd())
                    .dataStructure(answer.schemas().response().element());
        }

        NettyStreamClient connect(SessionToken token) throws IOException {
            StreamEndpoint endpoint = answer.endpoint();
            InetSocketAddress address = new InetSocketAddress(endpoint.host(), endpoint.port());
            NettyStreamClient.Builder builder = HhfrUris.TRANSPORT_UDP.equals(answer.transport())
                    ? NettyStreamClient.udp(address, answer.sessionId().toBytes(), token.toBytes())
                    : NettyStreamClient.tcp(address, answer.sessionId().toBytes(), token.toBytes());
            return builder.connectTimeoutMillis(2_000).connect();
        }
    }

    private static Negotiated negotiate(String service, String operation, String firstBody, String transport,
                                        String representation) throws Exception {
        String url = server.serviceUrl(TestServers.LOOPBACK, service);
        Negotiator negotiator = new Negotiator(new SoapHttpClient(new URL(url), 2_000, 10_000, SoapLimits.defaults()),
                SoapVersion.SOAP_11, new NegotiationReader(NegotiationLimits.defaults()), new ResumptionTicketCache());
        OptimisticResult<List<String>> first = negotiator.callWithOffer(TicketKey.of(url, operation, "-"),
                "urn:" + operation, Offer.builder().transports(List.of(transport))
                        .representations(List.of(representation)).build(),
                List.of(), BodyWriter.elements(List.of(firstBody)), BodyReader.elements(1 << 20, 64));
        NegotiationOutcome outcome = first.outcome();
        assertEquals(NegotiationOutcome.Kind.ACCEPTED, outcome.kind(), outcome::toString);
        assertEquals(transport, outcome.answer().transport());
        return new Negotiated(outcome.answer());
    }

    /** The same request as a plain SOAP call. */
    private static Message overSoap(String service, String operation, Message request, DataStructure response)
            throws Exception {
        String body = XML.encodeToString(request).replaceFirst("^<\\?xml[^>]*\\?>", "");
        RawHttp.Response http = RawHttp.postSoap11(server.port(), "/axis2/services/" + service, "urn:" + operation,
                Envelopes.envelope(Envelopes.SOAP11, body));
        assertEquals(200, http.status, http::toString);
        return new SoapEnvelopeReader(SoapLimits.defaults()).read(new ByteArrayInputStream(
                http.body.getBytes(StandardCharsets.UTF_8)), MessageBody.reader(XML, response)).body();
    }

    /** Streams the requests pipelined, then checks each response against the SOAP answer. */
    private static void streamAndCompare(String service, String operation, Negotiated session,
                                         List<Message> requests) throws Exception {
        Representation representation = REPRESENTATIONS.get(session.answer.representation());
        try (NettyStreamClient client = session.connect(session.answer.token())) {
            List<CompletableFuture<byte[]>> responses = new ArrayList<>();
            for (Message request : requests) {
                responses.add(client.call(representation.encode(request)));
            }
            for (int i = 0; i < requests.size(); i++) {
                Message streamed = representation.decode(session.response, responses.get(i).get(10, TimeUnit.SECONDS));
                assertEquals(overSoap(service, operation, requests.get(i), session.response), streamed,
                        "message " + i + " of " + requests.size());
            }
            client.closeGracefully().get(5, TimeUnit.SECONDS);
        }
    }

    private static List<Message> sums(DataStructure structure, int count) {
        List<Message> requests = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            float[] values = new float[1 + i % 7];
            for (int j = 0; j < values.length; j++) {
                values[j] = (i + 1) * 0.1f + j / 3f;
            }
            requests.add(Message.of(structure).set("values", values).build());
        }
        return requests;
    }

    private static List<Message> concats(DataStructure structure, int count) {
        List<Message> requests = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String[] parts = Arrays.copyOf(new String[] {"Olá ", null, "mundo " + i, "", " – 東京"}, i % 6);
            requests.add(Message.of(structure).set("parts", parts).build());
        }
        return requests;
    }

    @Test
    void aStreamBindsItsRouteOnceWhenItStartsNotPerMessage() throws Exception {
        AtomicInteger binds = new AtomicInteger();
        StreamedCallDispatcher counting = context -> {
            binds.incrementAndGet();
            return server.streamDispatcher().bind(context);
        };
        try (StreamServer streams = StreamServer.start(server.negotiation().store(),
                new AxisStreamDispatcher(counting, REPRESENTATIONS),
                StreamServerConfig.on(TestServers.LOOPBACK).ports(0, ServerSettings.NOT_SERVED).build())) {
            for (int s = 0; s < 2; s++) {
                Negotiated session = negotiate("FloatSum", "sum", Envelopes.sum("1"), HhfrUris.TRANSPORT_TCP,
                        HhfrUris.REPRESENTATION_BINARY);
                Representation binary = REPRESENTATIONS.get(HhfrUris.REPRESENTATION_BINARY);
                try (NettyStreamClient client = NettyStreamClient.tcp(
                        new InetSocketAddress(TestServers.LOOPBACK, streams.tcpPort()),
                        session.answer.sessionId().toBytes(), session.answer.token().toBytes()).connect()) {
                    for (int i = 0; i < 3; i++) {
                        Message request = Message.of(session.request).set("values", new float[] {i, 0.5f}).build();
                        byte[] response = client.call(binary.encode(request)).get(10, TimeUnit.SECONDS);
                        assertEquals(i + 0.5f, binary.decode(session.response, response).record().floatValue("return"));
                    }
                }
            }
        }
        assertEquals(2, binds.get(), "two streams of three messages each bind one route each");
    }

    @Test
    void floatSumSessionsOfOneTenAndAHundredMessagesOverTcpAndUdp() throws Exception {
        for (String transport : new String[] {HhfrUris.TRANSPORT_TCP, HhfrUris.TRANSPORT_UDP}) {
            for (int messages : new int[] {1, 10, 100}) {
                Negotiated session = negotiate("FloatSum", "sum", Envelopes.sum("1"), transport,
                        HhfrUris.REPRESENTATION_BINARY);
                streamAndCompare("FloatSum", "sum", session, sums(session.request, messages));
            }
        }
    }

    @Test
    void stringConcatSessionsOfOneTenAndAHundredMessagesOverTcpAndUdp() throws Exception {
        for (String transport : new String[] {HhfrUris.TRANSPORT_TCP, HhfrUris.TRANSPORT_UDP}) {
            for (int messages : new int[] {1, 10, 100}) {
                Negotiated session = negotiate("StringConcat", "concat", Envelopes.concat("a"), transport,
                        HhfrUris.REPRESENTATION_BINARY);
                streamAndCompare("StringConcat", "concat", session, concats(session.request, messages));
            }
        }
    }

    @Test
    void concurrentSessionsOverBothTransportsEachGetTheirOwnAnswers() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                String transport = c % 2 == 0 ? HhfrUris.TRANSPORT_TCP : HhfrUris.TRANSPORT_UDP;
                done.add(clients.submit(() -> {
                    Negotiated session = negotiate("FloatSum", "sum", Envelopes.sum("1"), transport,
                            HhfrUris.REPRESENTATION_BINARY);
                    streamAndCompare("FloatSum", "sum", session, sums(session.request, 50));
                    return null;
                }));
            }
            for (Future<?> future : done) {
                future.get(30, TimeUnit.SECONDS);
            }
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void theXmlRepresentationStreamsToo() throws Exception {
        Negotiated session = negotiate("FloatSum", "sum", Envelopes.sum("1"), HhfrUris.TRANSPORT_TCP,
                HhfrUris.REPRESENTATION_XML);
        assertEquals(HhfrUris.REPRESENTATION_XML, session.answer.representation());
        streamAndCompare("FloatSum", "sum", session, sums(session.request, 10));
    }

    @Test
    void pointsOfInterestStreamOverTcp() throws Exception {
        Negotiated session = negotiate("PointsOfInterest", "list", Envelopes.list(1), HhfrUris.TRANSPORT_TCP,
                HhfrUris.REPRESENTATION_BINARY);
        List<Message> requests = new ArrayList<>();
        for (int count : new int[] {0, 1, 25, 250}) {
            requests.add(Message.of(session.request).set("count", count).build());
        }
        streamAndCompare("PointsOfInterest", "list", session, requests);
    }

    @Test
    void aStreamWithAWrongTokenIsRefused() throws Exception {
        Negotiated session = negotiate("FloatSum", "sum", Envelopes.sum("1"), HhfrUris.TRANSPORT_TCP,
                HhfrUris.REPRESENTATION_BINARY);
        byte[] wrong = session.answer.token().toBytes();
        wrong[0] ^= 1;
        SessionToken forged = SessionToken.fromBytes(wrong);
        Exception refused = assertThrows(Exception.class, () -> {
            try (NettyStreamClient client = session.connect(forged)) {
                client.call(Representations.standard().get(session.answer.representation())
                        .encode(sums(session.request, 1).get(0))).get(10, TimeUnit.SECONDS);
            }
        });
        StreamSessionException cause = assertInstanceOf(StreamSessionException.class,
                refused instanceof ExecutionException ? refused.getCause() : refused);
        assertEquals(ErrorCode.AUTHENTICATION_FAILED, cause.code());
        assertTrue(server.negotiation().store().get(session.answer.sessionId()).isPresent(),
                "a forged token does not end the real session");
    }

    /**
     * The stream protocol has no per-message fault yet: a call the service faults on ends the session (the
     * client falls back to SOAP, where the fault arrives as usual).
     */
    @Test
    void aServiceFaultOnAStreamFailsThatCallAloneAndTheStreamGoesOn() throws Exception {
        Negotiated session = negotiate("PointsOfInterest", "list", Envelopes.list(1), HhfrUris.TRANSPORT_TCP,
                HhfrUris.REPRESENTATION_BINARY);
        Representation binary = REPRESENTATIONS.get(session.answer.representation());
        try (NettyStreamClient client = session.connect(session.answer.token())) {
            CompletableFuture<byte[]> faulted = client.call(binary.encode(
                    Message.of(session.request).set("count", -1).build()));
            ExecutionException failure = assertThrows(ExecutionException.class,
                    () -> faulted.get(10, TimeUnit.SECONDS));
            StreamFaultException fault = assertInstanceOf(StreamFaultException.class, failure.getCause());
            assertTrue(fault.reason().contains("count must be between 0 and 5000"), fault.reason());
            assertFalse(fault.reason().contains("\tat "), fault.reason());

            byte[] next = client.call(binary.encode(Message.of(session.request).set("count", 2).build()))
                    .get(10, TimeUnit.SECONDS);
            assertEquals(2, binary.decode(session.response, next).record().records("return").length);
        }
    }
}
