package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.hhfr.contextstore.EndpointHint;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.streamer.Message;
import org.hhfr.transports.netty.TransportMetrics;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The first flight carries the stream: a client with an endpoint hint proposes its session's id and token in the
 * offer and opens that stream at once, its HELLO flagged EARLY and the calls made meanwhile right behind it; the
 * server runs them as soon as the negotiation stored the session, before the SOAP answer reaches the client. When
 * the answer grants anything else, the calls were never run, and each is answered once the way the answer says.
 * The test service holds its SOAP responses back, so what happened before the answer is seen without timing.
 */
@Timeout(30)
class ProposedSessionStreamTest {
    private HhfrServerSide server;
    private final CountDownLatch answers = new CountDownLatch(1);
    private final ResumptionTicketCache tickets = new ResumptionTicketCache();

    @AfterEach
    void stop() {
        answers.countDown();
        if (server != null) {
            server.close();
        }
    }

    @Test
    void callsMadeWhileTheOfferIsOutAreAnsweredOnTheEarlyStreamBeforeTheAnswer() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        hint(server.tcpPort());

        try (HhfrClient client = client()) {
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> offering = session.callAsync(FloatSum.request(1f));
            List<CompletableFuture<Message>> calls = calls(session, 10);
            for (int i = 0; i < 10; i++) {
                assertEquals(i + 0.5f, calls.get(i).get(10, TimeUnit.SECONDS).record().floatValue("return"));
            }
            assertFalse(offering.isDone(), "every call was answered on the stream while the offer's answer waited");

            answers.countDown();
            assertEquals(1f, offering.get(10, TimeUnit.SECONDS).record().floatValue("return"));
            assertTrue(within(5_000, () -> session.mode() == Mode.HHFR_TCP));
            assertEquals(0.5f, session.callAsync(FloatSum.request(0f, 0.5f)).get(10, TimeUnit.SECONDS).record()
                    .floatValue("return"), "the early stream is the session's stream");
        }
        assertEquals(1, server.service().soapCalls.get());
        assertEquals(11, server.dispatched.get(), "each streamed call ran once");
        assertEquals(1, server.metrics().get(TransportMetrics.Counter.CONNECTIONS_ACCEPTED));
    }

    @Test
    void callsOnAnEarlyStreamTheAnswerDidNotGrantRunOnceOnTheGrantedStream() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_UDP);
        hint(server.tcpPort());

        try (HhfrClient client = client()) {
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> offering = session.callAsync(FloatSum.request(1f));
            List<CompletableFuture<Message>> calls = calls(session, 10);
            assertTrue(within(5_000, () -> parked() == 1),
                    "the early HELLO waits for a session the negotiation does not store");
            Thread.sleep(100);
            assertEquals(0, server.dispatched.get(), "nothing behind it ran");

            answers.countDown();
            offering.get(10, TimeUnit.SECONDS);
            for (int i = 0; i < 10; i++) {
                assertEquals(i + 0.5f, calls.get(i).get(10, TimeUnit.SECONDS).record().floatValue("return"));
            }
            assertEquals(Mode.HHFR_UDP, session.mode(), "the calls went the way the answer granted");
        }
        assertEquals(10, server.dispatched.get(), "each call ran once");
        assertEquals(1, server.service().soapCalls.get());
    }

    @Test
    void callsOnTheEarlyStreamOfADeclinedOfferAreAnsweredOnceOverSoap() throws Exception {
        server = HhfrServerSide.offering("urn:example:transport:other");
        hint(server.tcpPort());

        try (HhfrClient client = client()) {
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> offering = session.callAsync(FloatSum.request(1f));
            List<CompletableFuture<Message>> calls = calls(session, 10);
            assertTrue(within(5_000, () -> parked() == 1));

            answers.countDown();
            offering.get(10, TimeUnit.SECONDS);
            for (int i = 0; i < 10; i++) {
                assertEquals(i + 0.5f, calls.get(i).get(10, TimeUnit.SECONDS).record().floatValue("return"));
            }
            assertEquals(Mode.SOAP, session.mode());
        }
        assertEquals(0, server.dispatched.get(), "nothing ran on the early stream");
        assertEquals(11, server.service().soapCalls.get(), "each call ran once, over SOAP");
    }

    @Test
    void anEarlyStreamAtAnEndpointTheServiceNoLongerServesIsGivenUpAndItsCallsRunOnce() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            List<Socket> accepted = SoapModeTest.acceptForever(silent);
            hint(silent.getLocalPort());
            try (HhfrClient client = client()) {
                Session session = client.open(FloatSum.operation());
                CompletableFuture<Message> offering = session.callAsync(FloatSum.request(1f));
                List<CompletableFuture<Message>> calls = calls(session, 10);
                assertTrue(within(5_000, () -> accepted.size() == 1), "the early stream went to the hinted endpoint");

                answers.countDown();
                offering.get(10, TimeUnit.SECONDS);
                for (int i = 0; i < 10; i++) {
                    assertEquals(i + 0.5f, calls.get(i).get(10, TimeUnit.SECONDS).record().floatValue("return"));
                }
                assertEquals(Mode.HHFR_TCP, session.mode());
            }
            SoapModeTest.closeAll(accepted);
        }
        assertEquals(10, server.dispatched.get(), "each call ran once, on the granted stream");
        assertEquals(1, server.service().soapCalls.get());
    }

    @Test
    void anEarlyHelloTheServerRefusesAtOnceCostsNothingButTheWaitForTheAnswer() throws Exception {
        server = HhfrServerSide.refusingEarlyHandshakes(HhfrUris.TRANSPORT_TCP);
        hint(server.tcpPort());
        CountDownLatch offers = new CountDownLatch(1);
        server.service().holdRequestsUntil(offers);

        try (HhfrClient client = client()) {
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> offering = session.callAsync(FloatSum.request(1f));
            List<CompletableFuture<Message>> calls = calls(session, 10);
            assertTrue(within(5_000,
                    () -> server.metrics().get(TransportMetrics.Counter.EARLY_HANDSHAKES_REFUSED) == 1));
            Thread.sleep(100);
            assertFalse(doneOf(calls).contains(true), "the calls wait for the answer");

            offers.countDown();
            answers.countDown();
            offering.get(10, TimeUnit.SECONDS);
            for (int i = 0; i < 10; i++) {
                assertEquals(i + 0.5f, calls.get(i).get(10, TimeUnit.SECONDS).record().floatValue("return"));
            }
            assertEquals(Mode.HHFR_TCP, session.mode(), "the granted session's stream opened the ordinary way");
        }
        assertEquals(10, server.dispatched.get(), "each call ran once");
        assertEquals(1, server.service().soapCalls.get());
    }

    private long parked() {
        return server.metrics().get(TransportMetrics.Counter.EARLY_HANDSHAKES_PARKED);
    }

    private void hint(int port) {
        tickets.putEndpointHint(server.service().url(),
                EndpointHint.of(HhfrUris.TRANSPORT_TCP, StreamEndpoint.of("127.0.0.1", port)));
        server.service().holdResponsesUntil(answers);
    }

    private HhfrClient client() {
        return HhfrClient.builder(server.service().url()).ticketCache(tickets).build();
    }

    private static List<CompletableFuture<Message>> calls(Session session, int count) {
        List<CompletableFuture<Message>> calls = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            calls.add(session.callAsync(FloatSum.request(i, 0.5f)));
        }
        return calls;
    }

    private static List<Boolean> doneOf(List<CompletableFuture<Message>> calls) {
        List<Boolean> done = new ArrayList<>();
        for (CompletableFuture<Message> call : calls) {
            done.add(call.isDone());
        }
        return done;
    }

    private static boolean within(long millis, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                return false;
            }
            Thread.sleep(5);
        }
        return true;
    }
}
