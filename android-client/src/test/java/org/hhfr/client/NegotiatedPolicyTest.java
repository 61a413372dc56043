package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.concurrent.TimeUnit;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ResumptionTicket;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.SchemaDigests;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.transports.reliability.DeliveryAssurance;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The negotiated policy is the contract: the real client library offers terms other than the defaults, the real
 * server (negotiation and the Netty stream server) grants them, and the reliability engines at both ends of a real
 * TCP or UDP stream run exactly the agreed terms, also when the stream is reopened from a resumption ticket. What
 * the server cannot run is refused, and what it bounds is countered, each with a reason naming the term.
 */
@Timeout(30)
class NegotiatedPolicyTest {
    /** Every offered term differs from the default (ordering cannot: the engine delivers in order only). */
    private static final ReliabilityPolicy OFFERED = ReliabilityPolicy.defaults().toBuilder()
            .deliveryAssurance(DeliveryAssurance.AT_MOST_ONCE)
            .retransmissionIntervalMillis(300)
            // Above UDP's own 25 ms, which a UDP stream waits at least (ReliabilityPolicyTest).
            .ackIntervalMillis(40)
            .window(48)
            .validForMillis(30_000)
            .build();
    /** The client's limit on responses, offered as its maxMessageBytes. */
    private static final int CLIENT_MAX_MESSAGE_BYTES = 64 << 10;
    /** The server's limit on requests, granted as the agreed maxRequestBytes. */
    private static final int SERVER_MAX_MESSAGE_BYTES = 300;

    private HhfrServerSide server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest(name = "over {0}")
    @EnumSource(value = Mode.class, names = {"HHFR_TCP", "HHFR_UDP"})
    void bothEnginesOfAStreamRunEveryAgreedTerm(Mode mode) throws Exception {
        server = serving(HhfrServerSide.transportOf(mode), ServerCapabilities.defaults());
        try (HhfrClient client = offering(OFFERED, new ResumptionTicketCache())) {
            Session session = client.open(FloatSum.operation());
            assertEquals(mode, session.mode());
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));

            ReliabilityConfig clientEngine = engineOf(session);
            ReliabilityConfig serverEngine = server.engineConfig.get();
            assertAgreedTerms(clientEngine, "client");
            assertAgreedTerms(serverEngine, "server");
            assertEquals(CLIENT_MAX_MESSAGE_BYTES, clientEngine.maxInboundMessageSize(), "client receives responses");
            assertEquals(SERVER_MAX_MESSAGE_BYTES, clientEngine.maxMessageSize(), "client sends requests");
            assertEquals(SERVER_MAX_MESSAGE_BYTES, serverEngine.maxInboundMessageSize(), "server receives requests");
            assertEquals(CLIENT_MAX_MESSAGE_BYTES, serverEngine.maxMessageSize(), "server sends responses");

            ResumptionTicket ticket = client.tickets().get(key(client)).orElseThrow(AssertionError::new);
            ReliabilityPolicy agreed = ticket.policy();
            assertEquals(OFFERED.toBuilder().maxRequestBytes(SERVER_MAX_MESSAGE_BYTES)
                    .maxResponseBytes(CLIENT_MAX_MESSAGE_BYTES).build(), agreed, "the ticket keeps the agreement");
            StoredSession stored = server.stored(ticket.sessionId());
            assertEquals(agreed, stored.context().characteristics().reliability(), "the store keeps it too");
            assertEquals(30_000, stored.expiresAtMillis() - stored.lastUsedAtMillis(),
                    "the session lives unused as long as agreed");
        }
    }

    private static void assertAgreedTerms(ReliabilityConfig engine, String end) {
        assertEquals(DeliveryAssurance.AT_MOST_ONCE, engine.assurance(), end + ": delivery assurance");
        assertEquals(48, engine.sendWindow(), end + ": send window");
        assertEquals(48, engine.receiveWindow(), end + ": receive window");
        assertEquals(48, engine.initialCredit(), end + ": initial credit");
        assertEquals(TimeUnit.MILLISECONDS.toNanos(40), engine.ackDelayNanos(), end + ": acknowledgement interval");
        assertEquals(TimeUnit.MILLISECONDS.toNanos(300), engine.initialRtoNanos(), end + ": retransmission timeout");
        assertEquals(TimeUnit.MILLISECONDS.toNanos(30_000), engine.idleTimeoutNanos(),
                end + ": a silent peer is not awaited beyond the session's lifetime");
    }

    @Test
    void aStreamReopenedFromTheTicketRunsTheAgreementNotTheDefaults() throws Exception {
        server = serving(HhfrUris.TRANSPORT_TCP, ServerCapabilities.defaults());
        ResumptionTicketCache tickets = new ResumptionTicketCache();
        try (HhfrClient first = offering(OFFERED, tickets)) {
            first.open(FloatSum.operation()).close();
        }
        assertEquals(1, server.service().negotiations.get());

        try (HhfrClient second = HhfrClient.builder(server.service().url()).ticketCache(tickets).build()) {
            Session session = second.open(FloatSum.operation());
            assertEquals(Mode.HHFR_TCP, session.mode(), "opened from the ticket");
            assertEquals(5f, session.call(Float.class, new float[] {2f, 3f}));

            assertEquals(1, server.service().negotiations.get(), "without negotiating");
            assertAgreedTerms(engineOf(session), "client");
            assertAgreedTerms(server.engineConfig.get(), "server");
        }
    }

    @Test
    void aRequestOverTheAgreedLimitIsRefusedBeforeItLeavesTheClient() throws Exception {
        server = serving(HhfrUris.TRANSPORT_UDP, ServerCapabilities.defaults());
        try (HhfrClient client = offering(OFFERED, new ResumptionTicketCache())) {
            Session session = client.open(FloatSum.operation());
            assertEquals(Mode.HHFR_UDP, session.mode());

            MessageTooLargeException tooLarge = assertThrows(MessageTooLargeException.class,
                    () -> session.call(FloatSum.request(new float[100])));
            assertEquals(401, tooLarge.size(), "varint count + 100 floats, over the server's 300 bytes");
            assertEquals(1f, session.call(Float.class, new float[] {1f}));
            assertEquals(1, server.dispatched.get(), "only the small request reached the service");
        }
    }

    @Test
    void unorderedDeliveryIsDeclinedWithAReasonNamingTheTerm() throws Exception {
        server = serving(HhfrUris.TRANSPORT_TCP, ServerCapabilities.defaults());
        try (HhfrClient client = offering(OFFERED, new ResumptionTicketCache())) {
            NegotiationOutcome outcome = negotiate(client, OFFERED.toBuilder().inOrder(false).build());

            assertEquals(NegotiationOutcome.Kind.DECLINED, outcome.kind());
            assertTrue(outcome.reason().contains("inOrder"), outcome.reason());
        }
        try (HhfrClient client = offering(OFFERED.toBuilder().inOrder(false).build(), new ResumptionTicketCache())) {
            Session session = client.open(FloatSum.operation());
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));
            assertEquals(Mode.SOAP, session.mode(), "never granted silently: the client stays on SOAP");
        }
    }

    @Test
    void termsBeyondTheServersBoundsAreCounteredWithAReasonAndBothEnginesRunTheCounter() throws Exception {
        server = serving(HhfrUris.TRANSPORT_TCP, ServerCapabilities.defaults().toBuilder().maxWindow(32)
                .minRetransmissionIntervalMillis(400).build());
        try (HhfrClient client = offering(OFFERED, new ResumptionTicketCache())) {
            NegotiationOutcome outcome = negotiate(client, OFFERED);

            assertEquals(NegotiationOutcome.Kind.ACCEPTED, outcome.kind());
            String reason = outcome.answer().reason();
            assertNotNull(reason, "a countered answer says why");
            assertTrue(reason.contains("window 48 lowered to the server's maximum of 32"), reason);
            assertTrue(reason.contains("retransmissionIntervalMillis 300 raised to the server's minimum of 400"),
                    reason);
            assertFalse(reason.contains("validForMillis"), "granted terms are not named: " + reason);
            assertEquals(32, outcome.answer().policy().window());
            assertEquals(400, outcome.answer().policy().retransmissionIntervalMillis());
        }
        try (HhfrClient client = offering(OFFERED, new ResumptionTicketCache())) {
            Session session = client.open(FloatSum.operation());
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));
            for (ReliabilityConfig engine : new ReliabilityConfig[] {engineOf(session), server.engineConfig.get()}) {
                assertEquals(32, engine.sendWindow());
                assertEquals(32, engine.initialCredit());
                assertEquals(TimeUnit.MILLISECONDS.toNanos(400), engine.initialRtoNanos());
            }
        }
    }

    private static HhfrServerSide serving(String transport, ServerCapabilities capabilities) throws Exception {
        return HhfrServerSide.granting(capabilities.toBuilder().transports(Collections.singletonList(transport))
                .maxMessageBytes(SERVER_MAX_MESSAGE_BYTES).build());
    }

    /** A client that offers {@code policy} and negotiates in {@code open}. */
    private HhfrClient offering(ReliabilityPolicy policy, ResumptionTicketCache tickets) {
        return HhfrClient.builder(server.service().url()).reliability(policy)
                .maxMessageBytes(CLIENT_MAX_MESSAGE_BYTES).ticketCache(tickets).negotiateOnOpen(true).build();
    }

    /** An explicit negotiation with the client's own negotiator, to read the answer. */
    private static NegotiationOutcome negotiate(HhfrClient client, ReliabilityPolicy policy) throws Exception {
        Offer offer = Offer.builder().action(FloatSum.ACTION).policy(policy)
                .digests(SchemaDigests.of(FloatSum.REQUEST_STRUCTURE, FloatSum.RESPONSE_STRUCTURE))
                .maxMessageBytes(CLIENT_MAX_MESSAGE_BYTES).build();
        return client.negotiator().negotiate(key(client), offer, Collections.<HeaderBlock>emptyList());
    }

    private static TicketKey key(HhfrClient client) {
        Operation operation = FloatSum.operation();
        return TicketKey.of(client.settings().serviceUrl.toString(), operation.soapAction() + " "
                + operation.element(), operation.fingerprint());
    }

    private static ReliabilityConfig engineOf(Session session) {
        return ((StreamChannel) session.channel()).engineConfig;
    }
}
