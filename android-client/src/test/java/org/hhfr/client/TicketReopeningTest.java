package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.transports.netty.TransportMetrics;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A session outlives its streams: closing a stream keeps the resumption ticket, and a client that shares only
 * the ticket cache (a new client, as after the app's process was restarted) opens a new stream of the same
 * server session without a single request to the SOAP endpoint. A UDP stream's address, proven to the server on one
 * stream, is proven on the next from the same address.
 */
@Timeout(30)
class TicketReopeningTest {
    private HhfrServerSide server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest(name = "over {0}")
    @EnumSource(value = Mode.class, names = {"HHFR_TCP", "HHFR_UDP"})
    void aSecondClientWithOnlyTheTicketCacheStreamsWithoutNegotiating(Mode mode) throws Exception {
        server = HhfrServerSide.offering(HhfrServerSide.transportOf(mode));
        TestService service = server.service();
        ResumptionTicketCache tickets = new ResumptionTicketCache();
        try (HhfrClient first = client(tickets)) {
            Session session = first.open(FloatSum.operation());
            assertEquals(mode, session.mode());
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));
            session.close();
        }
        assertEquals(1, service.negotiations.get());
        assertEquals(1, tickets.size(), "closing the stream kept the ticket");

        try (HhfrClient second = client(tickets)) {
            Session session = second.open(FloatSum.operation());
            assertEquals(mode, session.mode(), "the stream opened from the ticket, before any call");
            for (int i = 0; i < 10; i++) {
                assertEquals(i + 0.25f, session.call(Float.class, new float[] {i, 0.25f}));
            }
        }
        assertEquals(1, service.negotiations.get(), "the second client sent no negotiation");
        assertEquals(0, service.soapCalls.get(), "nor any SOAP call");
        assertEquals(11, server.dispatched.get());
        assertEquals(2, server.metrics().get(TransportMetrics.Counter.SESSIONS_OPENED), "two streams");
    }

    @Test
    void aReturningUdpStreamShowsTheAddressTokenOfTheStreamBeforeItAndIsSentToAtOnce() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_UDP);
        try (HhfrClient client = client(new ResumptionTicketCache())) {
            try (Session first = client.open(FloatSum.operation())) {
                assertEquals(3f, first.call(Float.class, new float[] {1f, 2f}));
            }
            assertEquals(0, server.metrics().get(TransportMetrics.Counter.ADDRESS_TOKENS_HONOURED));
            try (Session next = client.open(FloatSum.operation())) {
                assertEquals(Mode.HHFR_UDP, next.mode());
                assertEquals(5f, next.call(Float.class, new float[] {2f, 3f}));
            }
        }
        assertEquals(2, server.metrics().get(TransportMetrics.Counter.SESSIONS_OPENED), "two streams");
        assertEquals(1, server.metrics().get(TransportMetrics.Counter.ADDRESS_TOKENS_HONOURED));
    }

    @Test
    void aReturningUdpStreamShowsTheAddressTokenOfItsOwnSessionNotOfTheLastOneOverThePath() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_UDP);
        TestService service = server.service();
        try (HhfrClient client = client(new ResumptionTicketCache())) {
            Session first = client.open(FloatSum.operation());
            assertEquals(3f, first.call(Float.class, new float[] {1f, 2f}));
            try (Session second = client.open(FloatSum.operation())) {
                assertEquals(7f, second.call(Float.class, new float[] {3f, 4f}), "a token of its own session");
                first.close();
                try (Session again = client.open(FloatSum.operation())) {
                    assertEquals(5f, again.call(Float.class, new float[] {2f, 3f}));
                }
            }
        }
        assertEquals(2, service.negotiations.get(), "the third stream took the ticket of the first's session");
        assertEquals(1, server.metrics().get(TransportMetrics.Counter.ADDRESS_TOKENS_HONOURED),
                "the first session's token shown on its next stream");
    }

    @ParameterizedTest(name = "over {0}")
    @EnumSource(value = Mode.class, names = {"HHFR_TCP", "HHFR_UDP"})
    void twoOpenSessionsOfOneOperationStreamOnServerSessionsOfTheirOwn(Mode mode) throws Exception {
        server = HhfrServerSide.offering(HhfrServerSide.transportOf(mode));
        TestService service = server.service();
        ResumptionTicketCache tickets = new ResumptionTicketCache();
        List<String> lost = new CopyOnWriteArrayList<>();
        try (HhfrClient client = HhfrClient.builder(service.url()).preferredModes(mode).ticketCache(tickets)
                .negotiateOnOpen(true).eventListener(new EventListener() {
                    @Override
                    public void streamLost(Session session, String cause) {
                        lost.add(cause);
                    }
                }).build()) {
            Session first = client.open(FloatSum.operation());
            assertEquals(3f, first.call(Float.class, new float[] {1f, 2f}));

            Session second = client.open(FloatSum.operation());
            assertEquals(2, service.negotiations.get(), "the second negotiated a server session of its own");
            assertEquals(7f, second.call(Float.class, new float[] {3f, 4f}));
            assertEquals(11f, first.call(Float.class, new float[] {5f, 6f}));
            assertEquals(List.of(mode, mode), List.of(first.mode(), second.mode()));
            assertEquals(List.of(), lost, "no stream was superseded");
            second.close();

            try (Session third = client.open(FloatSum.operation())) {
                assertEquals(15f, third.call(Float.class, new float[] {7f, 8f}));
                assertEquals(2, service.negotiations.get(), "the third took the ticket the second released");
            }
            assertEquals(19f, first.call(Float.class, new float[] {9f, 10f}));
            assertEquals(List.of(), lost);
        }
    }

    @Test
    void aTicketTheServerNoLongerHonoursLeadsToANewNegotiation() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        TestService service = server.service();
        ResumptionTicketCache tickets = new ResumptionTicketCache();
        try (HhfrClient first = client(tickets)) {
            first.open(FloatSum.operation()).call(Float.class, new float[] {1f});
        }
        server.expireSessions();

        try (HhfrClient second = client(tickets)) {
            Session session = second.open(FloatSum.operation());
            assertEquals(Mode.HHFR_TCP, session.mode());
            assertEquals(5f, session.call(Float.class, new float[] {2f, 3f}));
        }
        assertEquals(2, service.negotiations.get(), "the refused ticket was replaced by a new negotiation");
    }

    /**
     * A client closed while its session's negotiation is out (the app left the screen): the answer still grants a
     * server session and its ticket is kept, but the closed session never streams on it, so it holds it for none;
     * the next client sharing the ticket cache streams on it without negotiating. Before, the late answer had the
     * closed session hold the server session in the cache forever: its ticket was never taken again, and the
     * cache's set of held sessions grew by one with each such close.
     */
    @Test
    void aSessionClosedWhileItsNegotiationIsOutHoldsNoServerSession() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        TestService service = server.service();
        ResumptionTicketCache tickets = new ResumptionTicketCache();
        CountDownLatch answers = new CountDownLatch(1);
        service.holdResponsesUntil(answers);
        HhfrClient first = client(tickets);
        CompletableFuture<Void> opening = CompletableFuture.runAsync(() -> {
            try {
                first.open(FloatSum.operation());
            } catch (HhfrException e) {
                throw new CompletionException(e);
            }
        });
        while (service.negotiations.get() == 0) {
            Thread.sleep(5);
        }
        first.close();
        answers.countDown();
        opening.get(10, TimeUnit.SECONDS);
        assertEquals(1, tickets.size(), "the granted session's ticket was kept");

        try (HhfrClient second = client(tickets)) {
            Session session = second.open(FloatSum.operation());
            assertEquals(Mode.HHFR_TCP, session.mode(), "the stream opened from the ticket");
            assertEquals(5f, session.call(Float.class, new float[] {2f, 3f}));
        }
        assertEquals(1, service.negotiations.get(), "the second client did not negotiate again");
    }

    /**
     * Each stream of a long-lived server session (a session per screen, closed when the app leaves it) ends
     * gracefully once its client acknowledged every reply: the server's reply cache keeps none of them. Before,
     * the replies acknowledged in a stream's last turn stayed until the session expired or its cache was full
     * (4,096 calls), one more with each stream.
     */
    @ParameterizedTest(name = "over {0}")
    @EnumSource(value = Mode.class, names = {"HHFR_TCP", "HHFR_UDP"})
    void theRepliesOfAGracefullyFinishedStreamAreNotKept(Mode mode) throws Exception {
        server = HhfrServerSide.offering(HhfrServerSide.transportOf(mode));
        int streams = 10;
        try (HhfrClient client = HhfrClient.builder(server.service().url()).preferredModes(mode)
                .negotiateOnOpen(true).build()) {
            for (int i = 0; i < streams; i++) {
                try (Session session = client.open(FloatSum.operation())) {
                    assertEquals(i + 0.5f, session.call(Float.class, new float[] {i, 0.5f}));
                    assertEquals(mode, session.mode());
                }
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (server.metrics().get(TransportMetrics.Counter.SESSIONS_FINISHED) < streams
                && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(streams, server.metrics().get(TransportMetrics.Counter.SESSIONS_FINISHED));
        assertEquals(1, server.service().negotiations.get(), "every stream was of the one server session");
        Thread.sleep(100); // the dispatch thread forgets what the last turn found acknowledged
        assertEquals(0, server.replies.size(), "replies kept after the streams finished");
    }

    /** A client that negotiates in {@code open}, so every negotiation is one counted request. */
    private HhfrClient client(ResumptionTicketCache tickets) {
        return HhfrClient.builder(server.service().url()).ticketCache(tickets).negotiateOnOpen(true).build();
    }
}
