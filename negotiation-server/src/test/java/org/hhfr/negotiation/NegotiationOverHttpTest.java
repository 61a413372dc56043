package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.client.OptimisticResult;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.negotiation.soap.BodyReader;
import org.hhfr.negotiation.soap.BodyWriter;
import org.hhfr.negotiation.soap.FaultCode;
import org.hhfr.negotiation.soap.HttpResponseException;
import org.hhfr.negotiation.soap.SoapFaultException;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.negotiation.soap.SoapMessage;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.transports.auth.SessionId;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

class NegotiationOverHttpTest {
    private static final QualifiedName WSA_TO = new QualifiedName("http://www.w3.org/2005/08/addressing", "To");
    private static final BodyReader<List<String>> BODY = BodyReader.elements(1 << 16, 32);

    private static HeaderBlock wsaTo(String address) {
        return HeaderBlock.of(WSA_TO, "<wsa:To xmlns:wsa=\"http://www.w3.org/2005/08/addressing\">" + address
                + "</wsa:To>");
    }

    private static OptimisticResult<List<String>> sum(Negotiator negotiator, TicketKey key, Offer offer,
                                                         List<HeaderBlock> headers) throws IOException {
        return negotiator.callWithOffer(key, FloatSum.ACTION, offer, headers,
                BodyWriter.elements(FloatSum.requestBody(1.5f, 2.5f)), BODY);
    }

    @ParameterizedTest
    @EnumSource(SoapVersion.class)
    void optimisticOfferIsAcceptedAndTheFirstCallIsAnsweredInTheSameRoundTrip(SoapVersion version) throws Exception {
        ContextStore store = HhfrServer.store(10, 60_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            Offer offer = Hhfr.offer().staticHeaders(Collections.singletonList(WSA_TO)).build();
            OptimisticResult<List<String>> result = sum(HhfrServer.negotiator(server, version), HhfrServer.key(server), offer,
                    Collections.singletonList(wsaTo("http://example.org/FloatSum")));

            assertTrue(result.response().body().get(0).contains("<return>4.0</return>"));
            NegotiationOutcome outcome = result.outcome();
            assertEquals(NegotiationOutcome.Kind.ACCEPTED, outcome.kind(), outcome.toString());
            Answer answer = outcome.answer();
            assertEquals(HhfrUris.REPRESENTATION_BINARY, answer.representation());
            assertEquals(HhfrUris.TRANSPORT_TCP, answer.transport());
            assertEquals(Hhfr.TCP_ENDPOINT, answer.endpoint());
            assertEquals(1, server.requests.size(), "one round trip");
            StoredSession stored = store.authenticate(answer.sessionId(), answer.token()).get();
            assertEquals(WSA_TO, stored.context().staticHeaders().get(0).name());
            assertEquals(version, stored.context().operation().soapVersion());
        }
    }

    @ParameterizedTest
    @EnumSource(SoapVersion.class)
    void soapActionIsAlwaysSentAsTheVersionRequires(SoapVersion version) throws Exception {
        try (TestSoapServer server = TestSoapServer.plain()) {
            sum(HhfrServer.negotiator(server, version), HhfrServer.key(server), Hhfr.offer().build(),
                    Collections.<HeaderBlock>emptyList());
            TestSoapServer.Recorded request = server.requests.get(0);
            if (version == SoapVersion.SOAP_11) {
                assertEquals("\"urn:sum\"", request.soapAction);
                assertTrue(request.contentType.startsWith("text/xml"));
            } else {
                assertTrue(request.contentType.startsWith("application/soap+xml"), request.contentType);
                assertTrue(request.contentType.contains("action=\"urn:sum\""), request.contentType);
            }
            String sent = new String(request.body, StandardCharsets.UTF_8);
            assertTrue(sent.contains("<Offer action=\"urn:sum\" xmlns=\"urn:hhfr:negotiation:1\" />"), sent);
            assertFalse(sent.contains("mustUnderstand"), sent);
        }
    }

    @ParameterizedTest
    @EnumSource(SoapVersion.class)
    void aServerThatKnowsNothingOfHhfrJustAnswersAndTheClientFallsBackWithItsResultInHand(SoapVersion version)
            throws Exception {
        try (TestSoapServer server = TestSoapServer.plain()) {
            OptimisticResult<List<String>> result = sum(HhfrServer.negotiator(server, version), HhfrServer.key(server),
                    Hhfr.offer().build(), Collections.<HeaderBlock>emptyList());
            assertEquals(NegotiationOutcome.Kind.NOT_SUPPORTED, result.outcome().kind());
            assertFalse(result.outcome().streaming());
            assertTrue(result.response().body().get(0).contains("<return>4.0</return>"));
            assertEquals(1, server.requests.size());
        }
    }

    @ParameterizedTest
    @EnumSource(SoapVersion.class)
    void explicitNegotiationReturnsTrueWhenAccepted(SoapVersion version) throws Exception {
        ContextStore store = HhfrServer.store(10, 60_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            NegotiationOutcome outcome = HhfrServer.negotiator(server, version).negotiate(HhfrServer.key(server),
                    Hhfr.offer().schemasFromServer().build(), Collections.<HeaderBlock>emptyList());
            assertTrue(outcome.streaming(), outcome.toString());
            assertEquals(FloatSum.schemas(), outcome.answer().schemas(), "schemas supplied by the server");
            assertTrue(store.get(outcome.answer().sessionId()).isPresent());
        }
    }

    @Test
    void explicitNegotiationAgainstAPlainServiceIsNotSupported() throws Exception {
        try (TestSoapServer server = TestSoapServer.plain()) {
            NegotiationOutcome outcome = HhfrServer.negotiator(server, SoapVersion.SOAP_12)
                    .negotiate(HhfrServer.key(server), Hhfr.offer().build(), Collections.<HeaderBlock>emptyList());
            assertEquals(NegotiationOutcome.Kind.NOT_SUPPORTED, outcome.kind());
            assertTrue(outcome.reason().contains("no operation for SOAPAction"), outcome.reason());
        }
    }

    @Test
    void anOfferWithoutACommonTransportIsDeclinedWithTheReason() throws Exception {
        ContextStore store = HhfrServer.store(10, 60_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            Offer offer = Hhfr.offer().transports(Arrays.asList("urn:example:carrier-pigeon")).build();
            NegotiationOutcome outcome = HhfrServer.negotiator(server, SoapVersion.SOAP_11)
                    .negotiate(HhfrServer.key(server), offer, Collections.<HeaderBlock>emptyList());
            assertEquals(NegotiationOutcome.Kind.DECLINED, outcome.kind());
            assertTrue(outcome.reason().startsWith("no common transport"), outcome.reason());
        }
    }

    @Test
    void theClientsPreferenceOrderWinsAmongWhatBothSupport() throws Exception {
        ContextStore store = HhfrServer.store(10, 60_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            Offer offer = Hhfr.offer().representations(Arrays.asList("urn:example:rep:exi", HhfrUris.REPRESENTATION_XML,
                    HhfrUris.REPRESENTATION_BINARY))
                    .transports(Arrays.asList(HhfrUris.TRANSPORT_HTTP, HhfrUris.TRANSPORT_UDP, HhfrUris.TRANSPORT_TCP))
                    .build();
            Answer answer = HhfrServer.negotiator(server, SoapVersion.SOAP_11)
                    .negotiate(HhfrServer.key(server), offer, Collections.<HeaderBlock>emptyList()).answer();
            assertEquals(HhfrUris.REPRESENTATION_XML, answer.representation());
            assertEquals(HhfrUris.TRANSPORT_UDP, answer.transport());
            assertEquals(Hhfr.UDP_ENDPOINT, answer.endpoint());
        }
    }

    @Test
    void unknownSchemaDigestsAreDeclined() throws Exception {
        ContextStore store = HhfrServer.store(10, 60_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            char[] zeros = new char[64];
            Arrays.fill(zeros, '0');
            Offer offer = Hhfr.offer().digests(SchemaDigests.fromHex(new String(zeros), new String(zeros))).build();
            NegotiationOutcome outcome = HhfrServer.negotiator(server, SoapVersion.SOAP_11)
                    .negotiate(HhfrServer.key(server), offer, Collections.<HeaderBlock>emptyList());
            assertEquals(NegotiationOutcome.Kind.DECLINED, outcome.kind());
            assertTrue(outcome.reason().startsWith("schema digests unknown"), outcome.reason());
        }
    }

    @Test
    void matchingSchemaDigestsAreAccepted() throws Exception {
        ContextStore store = HhfrServer.store(10, 60_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            Offer offer = Hhfr.offer().digests(SchemaDigests.of(FloatSum.request(),
                    FloatSum.response())).build();
            NegotiationOutcome outcome = HhfrServer.negotiator(server, SoapVersion.SOAP_11)
                    .negotiate(HhfrServer.key(server), offer, Collections.<HeaderBlock>emptyList());
            assertTrue(outcome.streaming(), outcome.toString());
            assertNull(outcome.answer().schemas(), "the client already has them");
        }
    }

    @Test
    void inlineSchemasAreCompiledIntoTheStoredContext() throws Exception {
        ContextStore store = HhfrServer.store(10, 60_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store, ServerCapabilities.defaults(),
                HhfrServer.publishingNothing()))) {
            Offer offer = Hhfr.offer().schemas(FloatSum.schemas()).build();
            NegotiationOutcome outcome = HhfrServer.negotiator(server, SoapVersion.SOAP_12)
                    .negotiate(HhfrServer.key(server), offer, Collections.<HeaderBlock>emptyList());
            assertTrue(outcome.streaming(), outcome.toString());
            StoredSession session = store.get(outcome.answer().sessionId()).get();
            assertEquals(FloatSum.request(), session.context().request());
        }
    }

    @Test
    void anUnparsableInlineSchemaIsDeclinedWithTheParsersReason() throws Exception {
        ContextStore store = HhfrServer.store(10, 60_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store, ServerCapabilities.defaults(),
                HhfrServer.publishingNothing()))) {
            MessageSchema broken = MessageSchema.of(FloatSum.REQUEST, "<xs:schema xmlns:xs=\"oops\"/>");
            Offer offer = Hhfr.offer().schemas(OperationSchemas.of(broken, broken)).build();
            NegotiationOutcome outcome = HhfrServer.negotiator(server, SoapVersion.SOAP_11)
                    .negotiate(HhfrServer.key(server), offer, Collections.<HeaderBlock>emptyList());
            assertEquals(NegotiationOutcome.Kind.DECLINED, outcome.kind());
            assertTrue(outcome.reason().startsWith("the request schema is not usable"), outcome.reason());
        }
    }

    @Test
    void aFullStoreDeclinesNewSessions() throws Exception {
        ContextStore store = HhfrServer.store(1, 60_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            Negotiator negotiator = HhfrServer.negotiator(server, SoapVersion.SOAP_11);
            assertTrue(negotiator.negotiate(HhfrServer.key(server), Hhfr.offer().build(),
                    Collections.<HeaderBlock>emptyList()).streaming());
            NegotiationOutcome second = negotiator.negotiate(TicketKey.of("other", "sum", ""), Hhfr.offer().build(),
                    Collections.<HeaderBlock>emptyList());
            assertEquals(NegotiationOutcome.Kind.DECLINED, second.kind());
            assertTrue(second.reason().contains("maximum of 1 streams"), second.reason());
        }
    }

    @Test
    void staticHeadersOverTheLimitAreDeclined() throws Exception {
        ContextStore store = HhfrServer.store(10, 60_000, MonotonicClock.SYSTEM);
        ServerCapabilities small = ServerCapabilities.defaults().toBuilder()
                .limits(NegotiationLimits.defaults().toBuilder().maxStaticHeaderChars(100).build())
                .build();
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store, small, HhfrServer.publishing()))) {
            char[] padding = new char[200];
            Arrays.fill(padding, 'x');
            Offer offer = Hhfr.offer().staticHeaders(Collections.singletonList(WSA_TO)).build();
            OptimisticResult<List<String>> result = sum(HhfrServer.negotiator(server, SoapVersion.SOAP_11),
                    HhfrServer.key(server), offer, Collections.singletonList(wsaTo(new String(padding))));
            assertEquals(NegotiationOutcome.Kind.DECLINED, result.outcome().kind());
            assertTrue(result.outcome().reason().contains("more than the limit of 100"), result.outcome().reason());
            assertTrue(result.response().body().get(0).contains("<return>4.0</return>"), "the call still succeeds");
        }
    }

    @Test
    void aMalformedOfferHeaderIsDeclinedAndTheCallStillSucceeds() throws Exception {
        ContextStore store = HhfrServer.store(10, 60_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            HeaderBlock bogus = HeaderBlock.of(new QualifiedName(HhfrUris.NAMESPACE, "Offer"),
                    "<hhfr:Offer xmlns:hhfr=\"urn:hhfr:negotiation:1\" scheme=\"urn:hhfr:1\">"
                            + "<hhfr:Teleport>now</hhfr:Teleport></hhfr:Offer>");
            SoapHttpClient http = new SoapHttpClient(server.url(), 2000, 5000, SoapLimits.defaults());
            SoapMessage<List<String>> response = http.call(SoapVersion.SOAP_11, FloatSum.ACTION,
                    Collections.singletonList(bogus), BodyWriter.elements(FloatSum.requestBody(1f)), BODY);
            Answer answer = new NegotiationReader(NegotiationLimits.defaults()).readAnswer(
                    response.header(new QualifiedName(HhfrUris.NAMESPACE, "Answer")).xml());
            assertFalse(answer.isAccepted());
            assertTrue(answer.reason().contains("unknown element hhfr:Teleport"), answer.reason());
            assertTrue(response.body().get(0).contains("<return>1.0</return>"));
        }
    }

    @Test
    void aMalformedNegotiateBodyGetsASenderFaultWithAReadableReason() throws Exception {
        ContextStore store = HhfrServer.store(10, 60_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            SoapHttpClient http = new SoapHttpClient(server.url(), 2000, 5000, SoapLimits.defaults());
            SoapFaultException fault = assertThrows(SoapFaultException.class, () -> http.call(SoapVersion.SOAP_12,
                    Negotiator.NEGOTIATE_ACTION, Collections.<HeaderBlock>emptyList(),
                    BodyWriter.elements(Collections.singletonList(
                            "<hhfr:Negotiate xmlns:hhfr=\"urn:hhfr:negotiation:1\"><hhfr:Offer scheme=\"\"/></hhfr:Negotiate>")),
                    BODY));
            assertEquals(FaultCode.SENDER, fault.standardCode());
            assertTrue(fault.reason().contains("hhfr:Offer has an empty attribute scheme"), fault.reason());
            assertFalse(fault.reason().contains("Exception"), fault.reason());
            assertFalse(fault.reason().contains("\tat "), fault.reason());
        }
    }

    @Test
    void aValidTicketLetsTheClientSkipNegotiation() throws Exception {
        ContextStore store = HhfrServer.store(10, 60_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            ResumptionTicketCache tickets = new ResumptionTicketCache();
            Negotiator negotiator = HhfrServer.negotiator(server, SoapVersion.SOAP_11, tickets);
            TicketKey key = HhfrServer.key(server);
            assertFalse(negotiator.resumable(key).isPresent());
            NegotiationOutcome first = negotiator.negotiate(key, Hhfr.offer().build(),
                    Collections.<HeaderBlock>emptyList());
            assertEquals(first.ticket(), negotiator.resumable(key).get());
            assertEquals(1, server.requests.size());

            negotiator.forget(key);
            assertFalse(negotiator.resumable(key).isPresent(), "forgotten after the server lost the session");
        }
    }

    @Test
    void anOfferWithAValidResumptionTicketGetsTheSameSessionBack() throws Exception {
        ContextStore store = HhfrServer.store(10, 60_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            Negotiator negotiator = HhfrServer.negotiator(server, SoapVersion.SOAP_11);
            Answer first = negotiator.negotiate(HhfrServer.key(server), Hhfr.offer().build(),
                    Collections.<HeaderBlock>emptyList()).answer();
            Offer resume = Hhfr.offer().resumption(first.sessionId(), first.token()).build();
            Answer again = negotiator.negotiate(HhfrServer.key(server), resume, Collections.<HeaderBlock>emptyList())
                    .answer();
            assertTrue(again.resumed());
            assertEquals(first.sessionId(), again.sessionId());
            assertEquals(1, ((InMemoryContextStore) store).size());
        }
    }

    @Test
    void anExpiredSessionIsNotResumedAndTheClientGetsAFreshOne() throws Exception {
        AtomicLong now = new AtomicLong(1_000);
        ContextStore store = HhfrServer.store(10, 5_000, now::get);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            Negotiator negotiator = HhfrServer.negotiator(server, SoapVersion.SOAP_12);
            Answer first = negotiator.negotiate(HhfrServer.key(server), Hhfr.offer().build(),
                    Collections.<HeaderBlock>emptyList()).answer();
            assertEquals(5_000, first.validForMillis());
            now.addAndGet(5_001);
            assertFalse(store.get(first.sessionId()).isPresent(), "expired in the store");
            Offer resume = Hhfr.offer().resumption(first.sessionId(), first.token()).build();
            Answer again = negotiator.negotiate(HhfrServer.key(server), resume, Collections.<HeaderBlock>emptyList())
                    .answer();
            assertTrue(again.isAccepted());
            assertFalse(again.resumed());
            assertNotEquals(first.sessionId(), again.sessionId());
        }
    }

    @Test
    void concurrentNegotiationsEachGetTheirOwnSession() throws Exception {
        ContextStore store = HhfrServer.store(1000, 60_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<SessionId>> sessions = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    final int n = i;
                    Callable<SessionId> call = () -> HhfrServer.negotiator(server,
                            n % 2 == 0 ? SoapVersion.SOAP_11 : SoapVersion.SOAP_12)
                            .negotiate(TicketKey.of("client" + n, "sum", ""), Hhfr.offer().build(),
                                    Collections.<HeaderBlock>emptyList()).answer().sessionId();
                    sessions.add(pool.submit(call));
                }
                java.util.Set<SessionId> distinct = new java.util.HashSet<>();
                for (Future<SessionId> session : sessions) {
                    distinct.add(session.get());
                }
                assertEquals(40, distinct.size());
                assertEquals(40, ((InMemoryContextStore) store).size());
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void aServerThatNeverAnswersFailsTheCallAfterTheReadTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            Thread acceptor = new Thread(() -> {
                try (Socket ignored = silent.accept()) {
                    Thread.sleep(10_000);
                } catch (IOException | InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            SoapHttpClient http = new SoapHttpClient(new URL("http", "127.0.0.1", silent.getLocalPort(), "/x"),
                    1000, 300, SoapLimits.defaults());
            long start = System.nanoTime();
            assertThrows(SocketTimeoutException.class, () -> http.call(SoapVersion.SOAP_11, FloatSum.ACTION,
                    Collections.<HeaderBlock>emptyList(), BodyWriter.elements(FloatSum.requestBody(1f)), BODY));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis < 3_000, "took " + millis + " ms");
            acceptor.interrupt();
        }
    }

    @Test
    void aNonSoapErrorPageIsAClearHttpResponseException() throws Exception {
        try (TestSoapServer server = TestSoapServer.plain()) {
            SoapHttpClient http = new SoapHttpClient(server.url("/missing"), 2000, 5000, SoapLimits.defaults());
            HttpResponseException e = assertThrows(HttpResponseException.class, () -> http.call(SoapVersion.SOAP_11,
                    FloatSum.ACTION, Collections.<HeaderBlock>emptyList(),
                    BodyWriter.elements(FloatSum.requestBody(1f)), BODY));
            assertEquals(404, e.status());
            assertTrue(e.getMessage().contains("Not Found"), e.getMessage());
        }
    }

    @Test
    void a202AcceptedWithASoapContentTypeAndNoBodyIsAnHttpResponseNotAMalformedEnvelope() throws Exception {
        try (TestSoapServer server = TestSoapServer.plain()) {
            SoapHttpClient http = new SoapHttpClient(server.url("/accepted-one-way"), 2000, 5000,
                    SoapLimits.defaults());
            HttpResponseException e = assertThrows(HttpResponseException.class, () -> http.call(SoapVersion.SOAP_11,
                    FloatSum.ACTION, Collections.<HeaderBlock>emptyList(),
                    BodyWriter.elements(FloatSum.requestBody(1f)), BODY));
            assertEquals(202, e.status());
        }
    }

    @Test
    void aSoap12SenderFaultSentWithStatus400IsATypedSoapFaultException() throws Exception {
        try (TestSoapServer server = TestSoapServer.plain()) {
            SoapHttpClient http = new SoapHttpClient(server.url("/sender-fault-400"), 2000, 5000,
                    SoapLimits.defaults());
            SoapFaultException fault = assertThrows(SoapFaultException.class, () -> http.call(SoapVersion.SOAP_12,
                    FloatSum.ACTION, Collections.<HeaderBlock>emptyList(),
                    BodyWriter.elements(FloatSum.requestBody(1f)), BODY));
            assertEquals(FaultCode.SENDER, fault.standardCode());
            assertEquals("values must be numbers", fault.reason());
        }
    }

    @Test
    void anOversizedResponseIsRefused() throws Exception {
        try (TestSoapServer server = TestSoapServer.plain()) {
            SoapHttpClient http = new SoapHttpClient(server.url(), 2000, 5000,
                    SoapLimits.defaults().toBuilder().maxEnvelopeBytes(100).build());
            IOException e = assertThrows(IOException.class, () -> http.call(SoapVersion.SOAP_11, FloatSum.ACTION,
                    Collections.<HeaderBlock>emptyList(), BodyWriter.elements(FloatSum.requestBody(1f)), BODY));
            assertTrue(e.getMessage().contains("limit of 100 bytes"), e.getMessage());
        }
    }

    @Test
    void aFaultFromTheServiceIsATypedSoapFaultException() throws Exception {
        try (TestSoapServer server = TestSoapServer.plain()) {
            SoapHttpClient http = new SoapHttpClient(server.url(), 2000, 5000, SoapLimits.defaults());
            SoapFaultException fault = assertThrows(SoapFaultException.class, () -> http.call(SoapVersion.SOAP_11,
                    "urn:nothing", Collections.<HeaderBlock>emptyList(), BodyWriter.elements(FloatSum.requestBody(1f)),
                    BODY));
            assertEquals(FaultCode.SENDER, fault.standardCode());
            assertEquals("no operation for SOAPAction 'urn:nothing'", fault.reason());
        }
    }
}
