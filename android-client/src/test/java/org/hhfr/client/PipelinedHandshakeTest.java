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
 * ticket costs the connection's round trip and the call's, no handshake round trip. When the server refuses
 * the stream or never answers its handshake, it ran none of those calls, so they are sent again the way the
 * session falls back, each answered once or failed by its own deadline.
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
    void callsOnAStreamWhoseHandshakeIsNeverAnsweredGoOverSoapWithinTheirDeadlines() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
             HhfrClient client = client(new ResumptionTicketCache()).readTimeoutMillis(300)
                     .callTimeoutMillis(5_000).build()) {
            List<Socket> accepted = SoapModeTest.acceptForever(silent);
            server.advertise(HhfrUris.TRANSPORT_TCP, silent.getLocalPort());
            Session session = client.open(FloatSum.operation());
            List<CompletableFuture<Message>> calls = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                calls.add(session.callAsync(FloatSum.request(i, 0.5f)));
            }
            for (int i = 0; i < 10; i++) {
                assertEquals(i + 0.5f, calls.get(i).get(5, TimeUnit.SECONDS).record().floatValue("return"));
            }
            assertEquals(Mode.SOAP, session.mode());
            assertEquals(10, server.service().soapCalls.get(), "each call went over SOAP once");
            SoapModeTest.closeAll(accepted);
        }
    }

    @Test
    void aCallWhoseDeadlineComesBeforeTheHandshakeTimeoutFailsAndIsNotSentAgain() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
             HhfrClient client = client(new ResumptionTicketCache()).readTimeoutMillis(600).build()) {
            List<Socket> accepted = SoapModeTest.acceptForever(silent);
            server.advertise(HhfrUris.TRANSPORT_TCP, silent.getLocalPort());
            Session session = client.open(FloatSum.operation());
            long start = System.nanoTime();
            CallTimeoutException timeout = assertThrows(CallTimeoutException.class,
                    () -> session.call(FloatSum.request(1f, 2f), 150));
            long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertEquals(150, timeout.timeoutMillis());
            assertTrue(took < 600, "failed after " + took + " ms");
            long fellBack = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (session.mode() != Mode.SOAP && System.nanoTime() - fellBack < 0) {
                Thread.sleep(20);
            }
            assertEquals(Mode.SOAP, session.mode(), "the unanswered handshake sent the session to SOAP");
            assertEquals(0, server.service().soapCalls.get(), "the expired call was not sent again");
            assertEquals(7f, session.call(Float.class, new float[] {3f, 4f}));
            SoapModeTest.closeAll(accepted);
        }
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
