package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.streamer.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A TCP stream carries calls right behind its HELLO, before the server's WELCOME: a stream opened from a
 * ticket costs the connection's round trip and the call's, no handshake round trip. When the server's answer
 * refuses the stream, it ran none of those calls, so they are sent again the way the session falls back. When
 * no answer comes, the server may have run them: they stay on the stream, which reconnects, and each is
 * answered once or fails by its own deadline, never sent over another road.
 */
@Timeout(30)
class PipelinedHandshakeTest {
    private HhfrServerSide server;
    private final List<AutoCloseable> paths = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable path : paths) {
            path.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theFirstCallOfAStreamOpenedFromATicketLeavesBeforeTheWelcome() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        WelcomeHoldingTcpRelay relay = new WelcomeHoldingTcpRelay(server.tcpPort());
        paths.add(relay);
        server.advertise(HhfrUris.TRANSPORT_TCP, relay.port());
        ResumptionTicketCache tickets = ticketOfOneStream();

        try (HhfrClient second = client(tickets).readTimeoutMillis(2_000).build()) {
            Session session = second.open(FloatSum.operation());
            assertEquals(5f, session.call(Float.class, new float[] {2f, 3f}));
            assertEquals(Mode.HHFR_TCP, session.mode());
        }
        assertEquals(2, relay.releasedAfterRequests.get(),
                "on both streams the server's first bytes were held until a call followed the HELLO");
        assertEquals(1, server.service().negotiations.get(), "the ticket's stream was accepted, no new negotiation");
        assertEquals(0, server.service().soapCalls.get());
        assertEquals(2, server.dispatched.get());
    }

    @Test
    void callsBehindTheHelloOfATicketTheServerForgotAreAnsweredOnceAfterANewNegotiation() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        ResumptionTicketCache tickets = ticketOfOneStream();
        server.expireSessions();

        try (HhfrClient second = client(tickets).build()) {
            Session session = second.open(FloatSum.operation());
            assertEquals(Mode.HHFR_TCP, session.mode(), "the stream is usable before the server's answer");
            List<CompletableFuture<Message>> calls = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                calls.add(session.callAsync(FloatSum.request(i, 0.5f)));
            }
            for (int i = 0; i < 50; i++) {
                assertEquals(i + 0.5f, calls.get(i).get(10, TimeUnit.SECONDS).record().floatValue("return"));
            }
            assertEquals(Mode.HHFR_TCP, session.mode());
        }
        assertEquals(2, server.service().negotiations.get(), "the refused ticket was replaced by a negotiation");
        assertEquals(0, server.service().soapCalls.get());
        assertEquals(1 + 50, server.dispatched.get(), "each call ran exactly once");
    }

    @Test
    void callsOnAStreamWhoseHandshakeIsNeverAnsweredFailByTheirDeadlinesAndNeverGoOverSoap() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
             HhfrClient client = client(new ResumptionTicketCache()).readTimeoutMillis(200)
                     .callTimeoutMillis(1_000).build()) {
            List<Socket> accepted = SoapModeTest.acceptForever(silent);
            server.advertise(HhfrUris.TRANSPORT_TCP, silent.getLocalPort());
            Session session = client.open(FloatSum.operation());
            long start = System.nanoTime();
            List<CompletableFuture<Message>> calls = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                calls.add(session.callAsync(FloatSum.request(i, 0.5f)));
            }
            for (CompletableFuture<Message> call : calls) {
                ExecutionException failed = assertThrows(ExecutionException.class,
                        () -> call.get(5, TimeUnit.SECONDS));
                assertTrue(failed.getCause() instanceof CallTimeoutException, failed.getCause().toString());
            }
            long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(took < 3_000, "failed after " + took + " ms");
            assertTrue(accepted.size() >= 2, "the silent stream was reconnected like a broken one: "
                    + accepted.size() + " connections");
            assertEquals(Mode.HHFR_TCP, session.mode(), "the session stays on its stream");
            assertEquals(0, server.service().soapCalls.get(), "no call was sent again over SOAP");
            assertEquals(0, server.dispatched.get());
            SoapModeTest.closeAll(accepted);
        }
    }

    @Test
    void callsTheServerRanBeforeItsWelcomeWasLostAreAnsweredOnceByTheReconnectedStream() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        WelcomeHoldingTcpRelay relay = WelcomeHoldingTcpRelay.losingTheFirstAnswers(server.tcpPort());
        paths.add(relay);
        server.advertise(HhfrUris.TRANSPORT_TCP, relay.port());

        try (HhfrClient client = client(new ResumptionTicketCache()).readTimeoutMillis(5_000).build()) {
            Session session = client.open(FloatSum.operation());
            List<CompletableFuture<Message>> calls = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                calls.add(session.callAsync(FloatSum.request(i, 0.5f)));
            }
            long ran = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (server.dispatched.get() < 20 && System.nanoTime() - ran < 0) {
                Thread.sleep(5);
            }
            assertEquals(20, server.dispatched.get(), "the server accepted the HELLO and ran the calls behind it");
            assertTrue(calls.stream().noneMatch(CompletableFuture::isDone), "no answer reached the client yet");

            relay.cutFirstConnection();
            for (int i = 0; i < 20; i++) {
                assertEquals(i + 0.5f, calls.get(i).get(10, TimeUnit.SECONDS).record().floatValue("return"));
            }
            assertEquals(0, server.service().soapCalls.get(), "no call ran again over SOAP");
            assertEquals(20, server.dispatched.get(), "no call ran again on the stream");
            assertEquals(Mode.HHFR_TCP, session.mode());
            assertEquals(2, relay.connections.get(), "one reconnection carried the answers");
        }
        assertEquals(20, server.dispatched.get(), "each call ran exactly once");
        assertEquals(1, server.service().negotiations.get());
    }

    /**
     * The first connection breaks while the server's store confirms the stream (a slow store), and the client's
     * reconnection reaches the server before the store answers: the server ran none of the calls behind the
     * broken HELLO, and the reconnected stream, welcomed once the store confirms, carries them, each run once.
     */
    @Test
    void callsBehindAHelloWhoseConnectionBrokeWhileTheStoreConfirmedItsStreamAreAnsweredOnceByTheReconnectedStream()
            throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        WelcomeHoldingTcpRelay relay = WelcomeHoldingTcpRelay.losingTheFirstAnswers(server.tcpPort());
        paths.add(relay);
        server.advertise(HhfrUris.TRANSPORT_TCP, relay.port());
        server.holdNextConfirmation();

        try (HhfrClient client = client(new ResumptionTicketCache()).readTimeoutMillis(5_000).build()) {
            Session session = client.open(FloatSum.operation());
            List<CompletableFuture<Message>> calls = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                calls.add(session.callAsync(FloatSum.request(i, 0.5f)));
            }
            server.awaitConfirmationHeld();
            relay.cutFirstConnection();
            long reconnected = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (relay.connections.get() < 2 && System.nanoTime() - reconnected < 0) {
                Thread.sleep(5);
            }
            Thread.sleep(300); // the reconnection's HELLO reaches the server
            server.release();
            for (int i = 0; i < 20; i++) {
                assertEquals(i + 0.5f, calls.get(i).get(10, TimeUnit.SECONDS).record().floatValue("return"));
            }
            assertEquals(Mode.HHFR_TCP, session.mode());
            assertEquals(2, relay.connections.get(), "one reconnection carried the calls");
        }
        assertEquals(20, server.dispatched.get(), "each call ran exactly once");
        assertEquals(0, server.service().soapCalls.get());
        assertEquals(1, server.service().negotiations.get(), "the session was not negotiated again");
    }

    /** A cache holding the ticket of a session a first client negotiated, made one streamed call on, closed. */
    private ResumptionTicketCache ticketOfOneStream() throws Exception {
        ResumptionTicketCache tickets = new ResumptionTicketCache();
        try (HhfrClient first = client(tickets).build()) {
            Session session = first.open(FloatSum.operation());
            assertEquals(1f, session.call(Float.class, new float[] {1f}));
            assertEquals(Mode.HHFR_TCP, session.mode());
        }
        assertEquals(1, tickets.size());
        return tickets;
    }

    /** A client that negotiates in {@code open}, so the stream is set up before the first call. */
    private HhfrClient.Builder client(ResumptionTicketCache tickets) {
        return HhfrClient.builder(server.service().url()).ticketCache(tickets).negotiateOnOpen(true);
    }
}
