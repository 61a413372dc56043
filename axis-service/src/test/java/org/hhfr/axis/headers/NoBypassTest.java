package org.hhfr.axis.headers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.apache.axis2.AxisFault;
import org.hhfr.axis.module.HttpCaller;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.ServerSettings;
import org.hhfr.client.CallOptions;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Mode;
import org.hhfr.client.Operation;
import org.hhfr.client.ServiceFaultException;
import org.hhfr.client.Session;
import org.hhfr.client.WsdlOperations;
import org.hhfr.contextstore.HeaderBlock;
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
import org.hhfr.negotiation.soap.FaultCode;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Representations;
import org.hhfr.transports.fault.StreamFault;
import org.hhfr.transports.netty.NettyStreamClient;
import org.hhfr.transports.netty.StreamFaultException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A protected service cannot be reached around its protection by streaming. StringConcat is guarded by an Axis2
 * handler that refuses calls without a credential header; FloatSum by a handler that checks HTTP Basic
 * credentials (the Authorization header, as a container's realm would). Without the credential, negotiation is
 * refused with the call (a session exists only for a call that went through the whole handler chain); with it,
 * the stream works and every streamed call reaches the handler with the identity that negotiated it, which a
 * call on the stream cannot replace; and a stream reaches only the operation it was granted.
 */
@Timeout(120)
class NoBypassTest {
    private static final String CREDENTIAL_NS = "urn:test:credential";
    private static final String CREDENTIAL = credential("open-sesame");
    private static final String ALICE = "Basic " + Base64.getEncoder().encodeToString(
            "alice:wonderland".getBytes(StandardCharsets.UTF_8));

    /** Per call the guards let through: "stream" or "soap", and the credential or Authorization it saw. */
    private static final List<List<String>> ADMITTED = new CopyOnWriteArrayList<>();

    private static HhfrServer server;
    /** Read once from the services' WSDLs and shared by the tests' clients. */
    private static Operation concatOperation;
    private static Operation sumOperation;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(ServerSettings.builder().port(0).requestThreads(2)
                .streams("127.0.0.1", "127.0.0.1", 0, ServerSettings.NOT_SERVED).build());
        CallGuard.engage(server.axisContext().getAxisConfiguration(), "StringConcat", "credential-check", call -> {
            String token = CallGuard.headerText(call, CREDENTIAL_NS, "Token");
            if (!"open-sesame".equals(token)) {
                throw new AxisFault("a valid credential header is required");
            }
            ADMITTED.add(List.of(CallGuard.streamed(call) ? "stream" : "soap", token));
        });
        CallGuard.engage(server.axisContext().getAxisConfiguration(), "FloatSum", "basic-check", call -> {
            String authorization = HttpCaller.header(call, "Authorization");
            if (!ALICE.equals(authorization)) {
                throw new AxisFault("HTTP Basic authentication is required");
            }
            ADMITTED.add(List.of(CallGuard.streamed(call) ? "stream" : "soap", authorization));
        });
        try (HhfrClient reader = HhfrClient.builder(concatUrl()).build()) {
            concatOperation = WsdlOperations.fetch(reader).operation("concat");
        }
        try (HhfrClient reader = HhfrClient.builder(sumUrl()).build()) {
            sumOperation = WsdlOperations.fetch(reader).operation("sum");
        }
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
    }

    @BeforeEach
    void forget() {
        ADMITTED.clear();
    }

    @Test
    void withoutTheCredentialHeaderNeitherTheCallNorTheNegotiationGetsThrough() throws Exception {
        for (boolean explicit : new boolean[] {false, true}) {
            try (HhfrClient client = HhfrClient.builder(concatUrl()).negotiateOnOpen(explicit)
                    .preferredModes(Mode.HHFR_TCP).build()) {
                Session concat = client.open(concatOperation);
                for (int i = 0; i < 3; i++) {
                    ServiceFaultException refused = assertThrows(ServiceFaultException.class,
                            () -> concat.call(concatRequest(concat, "x")));
                    assertTrue(refused.reason().contains("credential"), refused.reason());
                }
                assertEquals(Mode.SOAP, concat.mode(), "explicit=" + explicit);
            }
        }
        assertEquals(List.of(), ADMITTED);
        assertEquals(NegotiationOutcome.Kind.NOT_SUPPORTED, negotiator().negotiate(key(),
                concatOffer(List.of()), List.of()).kind(), "the explicit negotiation is refused by the handler");
    }

    @Test
    void withTheCredentialHeaderEveryStreamedCallCarriesIt() throws Exception {
        try (HhfrClient client = HhfrClient.builder(concatUrl()).staticHeader(CREDENTIAL)
                .preferredModes(Mode.HHFR_TCP).build()) {
            Session concat = client.open(concatOperation);
            for (int i = 0; i < 20; i++) {
                assertEquals("x" + i, concat.call(concatRequest(concat, "x", String.valueOf(i))).record()
                        .string("return"));
            }
            assertEquals(Mode.HHFR_TCP, concat.mode());
        }
        // The WSDL advertises the stream endpoint: the session negotiates with a request of its own (a call of the
        // service, which the guard checks) and every call, the first included, streams.
        assertEquals(21, ADMITTED.size());
        assertEquals(20, ADMITTED.stream().filter(call -> call.equals(List.of("stream", "open-sesame"))).count());
    }

    @Test
    void aCallOnTheStreamCannotSwitchIdentity() throws Exception {
        try (HhfrClient client = HhfrClient.builder(concatUrl()).staticHeader(CREDENTIAL)
                .preferredModes(Mode.HHFR_TCP).build()) {
            Session concat = client.open(concatOperation);
            concat.call(concatRequest(concat, "a"));
            concat.call(concatRequest(concat, "b"));
            assertEquals(Mode.HHFR_TCP, concat.mode());
            ServiceFaultException refused = assertThrows(ServiceFaultException.class, () -> concat.call(
                    concatRequest(concat, "c"), CallOptions.defaults().withHeader(credential("someone-else"))));
            assertEquals(FaultCode.SENDER, refused.standardCode());
            assertTrue(refused.reason().contains("static"), refused.reason());
            assertEquals("d", concat.call(concatRequest(concat, "d")).record().string("return"));
        }
        assertEquals(List.of(List.of("soap", "open-sesame"), List.of("stream", "open-sesame"),
                List.of("stream", "open-sesame"), List.of("stream", "open-sesame")), ADMITTED,
                "the negotiation, then a, b and d on the stream");
    }

    @Test
    void httpBasicIsNeededToNegotiateAndTheStreamCarriesTheAuthenticatedIdentity() throws Exception {
        try (HhfrClient anonymous = HhfrClient.builder(sumUrl()).preferredModes(Mode.HHFR_TCP).build();
             HhfrClient intruder = HhfrClient.builder(sumUrl()).basicAuthentication("alice", "guess")
                     .preferredModes(Mode.HHFR_TCP).build()) {
            for (HhfrClient refused : List.of(anonymous, intruder)) {
                Session sum = refused.open(sumOperation);
                assertThrows(ServiceFaultException.class, () -> sum.call(Float.class, new float[] {1f}));
                assertThrows(ServiceFaultException.class, () -> sum.call(Float.class, new float[] {1f}));
                assertEquals(Mode.SOAP, sum.mode());
            }
        }
        assertEquals(List.of(), ADMITTED);
        try (HhfrClient alice = HhfrClient.builder(sumUrl()).basicAuthentication("alice", "wonderland")
                .preferredModes(Mode.HHFR_TCP).build()) {
            Session sum = alice.open(sumOperation);
            for (int i = 0; i < 10; i++) {
                assertEquals(i + 0.5f, sum.call(Float.class, new float[] {i, 0.5f}));
            }
            assertEquals(Mode.HHFR_TCP, sum.mode());
        }
        assertEquals(10, ADMITTED.stream().filter(call -> call.equals(List.of("stream", ALICE))).count());
    }

    @Test
    void aStreamReachesOnlyTheOperationItWasGranted() throws Exception {
        HeaderBlock credential = HeaderBlock.of(new QualifiedName(CREDENTIAL_NS, "Token"), CREDENTIAL);
        NegotiationOutcome outcome = negotiator().negotiate(key(), concatOffer(List.of(credential.name())),
                List.of(credential));
        assertEquals(NegotiationOutcome.Kind.ACCEPTED, outcome.kind(), outcome.reason());
        Answer answer = outcome.answer();
        byte[] request = Representations.standard().get(answer.representation()).encode(Message.of(
                server.negotiation().admit(answer.sessionId().text(), answer.token().text()).request())
                .set("parts", new String[] {"p", "q"}).build());
        NettyStreamClient stream = NettyStreamClient.tcp(new InetSocketAddress(answer.endpoint().host(),
                answer.endpoint().port()), answer.sessionId().toBytes(), answer.token().toBytes()).connect();
        try {
            ExecutionException other = assertThrows(ExecutionException.class,
                    () -> stream.call(1, request).get(10, TimeUnit.SECONDS));
            StreamFaultException fault = assertInstanceOf(StreamFaultException.class, other.getCause());
            assertEquals(StreamFault.Code.SENDER, fault.code());
            assertTrue(fault.reason().contains("one operation"), fault.reason());
            assertTrue(stream.call(0, request).get(10, TimeUnit.SECONDS).length > 0, "the granted operation answers");
        } finally {
            stream.close();
        }
        // The explicit negotiation is a call of the service: its handler saw it, with the credential.
        assertEquals(List.of(List.of("soap", "open-sesame"), List.of("stream", "open-sesame")), ADMITTED);
    }

    private static String credential(String token) {
        return "<c:Token xmlns:c=\"" + CREDENTIAL_NS + "\">" + token + "</c:Token>";
    }

    private static String concatUrl() {
        return server.serviceUrl("127.0.0.1", "StringConcat");
    }

    private static String sumUrl() {
        return server.serviceUrl("127.0.0.1", "FloatSum");
    }

    private static Message concatRequest(Session concat, String... parts) {
        return concat.newRequest().set("parts", parts).build();
    }

    private static Negotiator negotiator() throws IOException {
        return new Negotiator(new SoapHttpClient(new URL(concatUrl()), 2_000, 10_000, SoapLimits.defaults()),
                SoapVersion.SOAP_11, new NegotiationReader(NegotiationLimits.defaults()), new ResumptionTicketCache());
    }

    private static TicketKey key() {
        return TicketKey.of(concatUrl(), "concat", "-");
    }

    private static Offer concatOffer(List<QualifiedName> staticHeaders) {
        return Offer.builder().action("urn:concat").transports(List.of(HhfrUris.TRANSPORT_TCP))
                .staticHeaders(staticHeaders).build();
    }
}
