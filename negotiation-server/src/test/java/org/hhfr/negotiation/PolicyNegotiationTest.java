package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URL;
import java.util.Collections;

import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.server.NegotiationHandler;
import org.hhfr.negotiation.server.OperationContext;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.SchemaLimits;
import org.hhfr.transports.reliability.DeliveryAssurance;
import org.junit.jupiter.api.Test;

/** How the server decides the policy of an offer, and what the client accepts of the answer. */
class PolicyNegotiationTest {
    private static final OperationContext FLOAT_SUM = OperationContext.of(HhfrServer.operation(SoapVersion.SOAP_11),
            Collections.<HeaderBlock>emptyList());

    private final ContextStore store = HhfrServer.store(10, 120_000, MonotonicClock.SYSTEM);

    private Answer decide(ServerCapabilities capabilities, ReliabilityPolicy offered) {
        NegotiationHandler handler = new NegotiationHandler(capabilities, store, transport -> Hhfr.TCP_ENDPOINT,
                HhfrServer.publishing(), SchemaLimits.defaults());
        return handler.handle(Hhfr.offer().policy(offered).build(), FLOAT_SUM);
    }

    @Test
    void everyTermWithinTheServersBoundsIsGrantedAsOfferedAndStoredWithTheSession() throws Exception {
        ReliabilityPolicy offered = ReliabilityPolicy.defaults().toBuilder()
                .deliveryAssurance(DeliveryAssurance.AT_MOST_ONCE)
                .retransmissionIntervalMillis(300).ackIntervalMillis(20).window(48)
                .maxResponseBytes(65_536).validForMillis(30_000)
                .build();

        Answer answer = decide(ServerCapabilities.defaults().toBuilder().maxMessageBytes(4_096).build(), offered);

        assertTrue(answer.isAccepted(), answer.reason());
        assertNull(answer.reason(), "nothing countered");
        assertEquals(offered.toBuilder().maxRequestBytes(4_096).build(), answer.policy());
        StoredSession stored = store.get(answer.sessionId()).orElseThrow(AssertionError::new);
        assertEquals(answer.policy(), stored.context().characteristics().reliability());
        assertEquals(30_000, stored.expiresAtMillis() - stored.lastUsedAtMillis());
    }

    @Test
    void unorderedDeliveryIsDeclinedNamingTheTerm() {
        Answer answer = decide(ServerCapabilities.defaults(),
                ReliabilityPolicy.defaults().toBuilder().inOrder(false).build());

        assertFalse(answer.isAccepted());
        assertTrue(answer.reason().contains("inOrder=\"false\" cannot be honoured"), answer.reason());
    }

    @Test
    void aLifetimeBeyondTheStoresIdleExpiryIsLoweredAndTheReasonSaysSo() throws Exception {
        Answer answer = decide(ServerCapabilities.defaults(),
                ReliabilityPolicy.defaults().toBuilder().validForMillis(900_000).build());

        assertEquals(120_000, answer.policy().validForMillis());
        assertEquals("countered: validForMillis 900000 lowered to the server's maximum of 120000", answer.reason());
        StoredSession stored = store.get(answer.sessionId()).orElseThrow(AssertionError::new);
        assertEquals(120_000, stored.context().characteristics().reliability().validForMillis());
    }

    @Test
    void aCounteredAnswerTravelsWithItsReasonAndAnUncounteredOneWithout() throws Exception {
        NegotiationReader reader = new NegotiationReader(NegotiationLimits.defaults());
        Answer countered = decide(ServerCapabilities.defaults().toBuilder().maxWindow(64).build(),
                ReliabilityPolicy.defaults().toBuilder().window(512).validForMillis(60_000).build());
        Answer granted = decide(ServerCapabilities.defaults(),
                ReliabilityPolicy.defaults().toBuilder().validForMillis(60_000).build());

        String xml = NegotiationWriter.answerHeader(countered).xml();
        assertTrue(xml.contains("<Reason>countered: window 512 lowered to the server's maximum of 64</Reason>"), xml);
        assertEquals(countered, reader.readAnswer(xml));
        assertFalse(NegotiationWriter.answerHeader(granted).xml().contains("Reason"));
    }

    @Test
    void aResumedSessionKeepsThePolicyItAgreed() {
        NegotiationHandler handler = new NegotiationHandler(ServerCapabilities.defaults(), store,
                transport -> Hhfr.TCP_ENDPOINT, HhfrServer.publishing(), SchemaLimits.defaults());
        Answer first = handler.handle(
                Hhfr.offer().policy(ReliabilityPolicy.defaults().toBuilder().window(48).build()).build(),
                FLOAT_SUM);

        Answer resumed = handler.handle(Hhfr.offer().resumption(first.sessionId(), first.token()).build(), FLOAT_SUM);

        assertTrue(resumed.resumed());
        assertEquals(first.policy(), resumed.policy());
        assertEquals("the resumed session keeps the policy it agreed", resumed.reason());
    }

    @Test
    void theClientRefusesAnAnswerThatDoesNotHonourItsOffer() throws Exception {
        TokenGenerator tokens = TokenGenerator.secure();
        Answer rogue = Answer.accepted().scheme(HhfrUris.SCHEME_V1).representation(HhfrUris.REPRESENTATION_BINARY)
                .transport(HhfrUris.TRANSPORT_TCP)
                .policy(ReliabilityPolicy.defaults().toBuilder()
                        .deliveryAssurance(DeliveryAssurance.AT_MOST_ONCE).build())
                .endpoint(Hhfr.TCP_ENDPOINT).session(tokens.newSessionId(), tokens.newToken()).build();
        byte[] envelope = SoapEnvelopeWriter.toBytes(SoapVersion.SOAP_11, Collections.<HeaderBlock>emptyList(),
                serializer -> NegotiationWriter.writeNegotiateResponse(serializer, rogue));
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().set("Content-Type", "text/xml; charset=utf-8");
            exchange.sendResponseHeaders(200, envelope.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(envelope);
            }
        });
        server.start();
        try {
            ResumptionTicketCache tickets = new ResumptionTicketCache();
            Negotiator negotiator = new Negotiator(new SoapHttpClient(new URL("http", "127.0.0.1",
                    server.getAddress().getPort(), "/"), 2000, 5000, SoapLimits.defaults()), SoapVersion.SOAP_11,
                    new NegotiationReader(NegotiationLimits.defaults()), tickets);
            MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class, () -> negotiator
                    .negotiate(TicketKey.of("rogue", "sum", ""), Hhfr.offer().build(),
                            Collections.<HeaderBlock>emptyList()));

            assertTrue(e.getMessage().contains("does not honour the offered"), e.getMessage());
            assertEquals(0, tickets.size(), "nothing to reopen a stream with");
        } finally {
            server.stop(0);
        }
    }
}
