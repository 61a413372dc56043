package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.hhfr.contextstore.EndpointHint;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.streamer.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A client that knows where the service streams (an endpoint hint: the endpoint of an earlier grant, kept by
 * the ticket cache beyond its ticket) opens the stream's TCP connection while it negotiates, and the granted
 * stream takes it: the connect round trip overlaps the negotiation. A wrong hint costs the one connection it
 * opened (closed once the answer names another endpoint) and nothing else.
 */
@Timeout(30)
class EarlyStreamConnectionTest {
    private HhfrServerSide server;
    private FreezingTcpRelay relay;
    private final CountDownLatch answers = new CountDownLatch(1);

    @AfterEach
    void stop() throws Exception {
        answers.countDown();
        if (relay != null) {
            relay.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theHintedStreamIsConnectedBeforeTheNegotiationIsAnsweredAndCarriesEveryCall() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        relay = new FreezingTcpRelay(server.tcpPort());
        server.advertise(HhfrUris.TRANSPORT_TCP, relay.port());
        ResumptionTicketCache tickets = new ResumptionTicketCache();
        tickets.putEndpointHint(server.service().url(), hint(relay.port()));
        server.service().holdResponsesUntil(answers);

        try (HhfrClient client = HhfrClient.builder(server.service().url()).ticketCache(tickets).build()) {
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> first = session.callAsync(FloatSum.request(1f));
            assertTrue(Eventually.within(5_000, () -> relay.connections() == 1),
                    "the stream's connection was opened while the negotiation waited for its answer");
            assertEquals(1f, first.get(10, TimeUnit.SECONDS).record().floatValue("return"),
                    "the first call was answered on that stream while the answer was held");

            answers.countDown();
            List<CompletableFuture<Message>> calls = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                calls.add(session.callAsync(FloatSum.request(i, 0.5f)));
            }
            for (int i = 0; i < 10; i++) {
                assertEquals(i + 0.5f, calls.get(i).get(10, TimeUnit.SECONDS).record().floatValue("return"));
            }
            assertTrue(Eventually.within(5_000, () -> session.mode() == Mode.HHFR_TCP));
        }
        assertEquals(1, relay.connections(), "the stream took the connection opened early, it opened none");
        assertEquals(11, server.dispatched.get(), "each call ran once on the stream, the first included");
        assertEquals(0, server.service().soapCalls.get(), "no call went over SOAP");
        assertEquals(1, server.service().negotiations.get());
    }

    @Test
    void aWrongHintCostsOneClosedConnectionAndEveryCallIsAnsweredOnce() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        try (ServerSocket wrong = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            ResumptionTicketCache tickets = new ResumptionTicketCache();
            tickets.putEndpointHint(server.service().url(), hint(wrong.getLocalPort()));
            try (HhfrClient client = HhfrClient.builder(server.service().url()).ticketCache(tickets).build()) {
                Session session = client.open(FloatSum.operation());
                List<CompletableFuture<Message>> calls = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    calls.add(session.callAsync(FloatSum.request(i, 0.5f)));
                }
                for (int i = 0; i < 10; i++) {
                    assertEquals(i + 0.5f, calls.get(i).get(10, TimeUnit.SECONDS).record().floatValue("return"));
                }
                assertEquals(Mode.HHFR_TCP, session.mode());

                wrong.setSoTimeout(2_000);
                try (Socket wasted = wrong.accept()) {
                    wasted.setSoTimeout(5_000);
                    InputStream in = wasted.getInputStream();
                    byte[] sent = new byte[4096];
                    int total = 0;
                    for (int n = in.read(sent); n >= 0; n = in.read(sent)) {
                        total += n;
                    }
                    assertTrue(total < 4096, "the client closed the wrong hint's connection after its HELLO and at most"
                            + " the calls behind it: " + total + " bytes");
                }
            }
            assertEquals(EndpointHint.of(HhfrUris.TRANSPORT_TCP, StreamEndpoint.of("127.0.0.1", server.tcpPort())),
                    tickets.endpointHint(server.service().url()).orElseThrow(AssertionError::new),
                    "the granted endpoint replaced the wrong hint");
        }
        assertEquals(0, server.service().soapCalls.get(), "no call went over SOAP");
        assertEquals(10, server.dispatched.get(), "each call ran once, on the granted stream");
    }

    @Test
    void aClientWhoseTicketTheServerForgotConnectsItsNewStreamWhileItNegotiatesAgain() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        relay = new FreezingTcpRelay(server.tcpPort());
        server.advertise(HhfrUris.TRANSPORT_TCP, relay.port());
        ResumptionTicketCache tickets = new ResumptionTicketCache();
        try (HhfrClient first = HhfrClient.builder(server.service().url()).ticketCache(tickets).build()) {
            Session session = first.open(FloatSum.operation());
            assertEquals(1f, session.call(Float.class, new float[] {1f}));
            assertEquals(2f, session.call(Float.class, new float[] {2f}));
            assertEquals(Mode.HHFR_TCP, session.mode());
        }
        server.expireSessions();
        server.service().holdResponsesUntil(answers);

        try (HhfrClient second = HhfrClient.builder(server.service().url()).ticketCache(tickets).build()) {
            Session session = second.open(FloatSum.operation());
            CompletableFuture<Message> call = session.callAsync(FloatSum.request(3f));
            assertTrue(Eventually.within(5_000, () -> server.service().negotiations.get() == 1),
                    "the refused ticket led to a new negotiation");
            assertTrue(Eventually.within(5_000, () -> relay.connections() == 3),
                    "besides the ticket's refused stream, the new stream's connection opened before the answer");
            assertEquals(3f, call.get(10, TimeUnit.SECONDS).record().floatValue("return"),
                    "the call was answered on the stream the negotiation proposed, while the answer was held");

            answers.countDown();
            assertTrue(Eventually.within(5_000, () -> session.mode() == Mode.HHFR_TCP));
        }
        assertEquals(3, relay.connections(), "the new stream opened no connection of its own");
        assertEquals(1 + 1, server.dispatched.get(), "each streamed call ran once");
    }

    @Test
    void closingTheClientWhileTheHintedConnectionIsUnansweredEndsItsConnectAtOnce() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        server.service().holdResponsesUntil(answers);
        List<Thread> started = new CopyOnWriteArrayList<>();
        try (UnansweredEndpoint unanswered = new UnansweredEndpoint()) {
            ResumptionTicketCache tickets = new ResumptionTicketCache();
            tickets.putEndpointHint(server.service().url(), hint(unanswered.port()));
            HhfrClient client = HhfrClient.builder(server.service().url()).ticketCache(tickets)
                    .connectTimeoutMillis(60_000).executor(task -> {
                        Thread thread = new Thread(task, "background");
                        started.add(thread);
                        thread.start();
                    }).build();
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> call = session.callAsync(FloatSum.request(1f));
            assertTrue(Eventually.within(5_000, () -> server.service().negotiations.get() == 1), "the negotiation is out");

            client.close();
            answers.countDown(); // the negotiation's own thread ends with its answer
            assertTrue(call.isCompletedExceptionally());
            assertTrue(Eventually.within(5_000, () -> started.stream().noneMatch(Thread::isAlive)),
                    "still connecting: " + started.stream().filter(Thread::isAlive)
                            .map(thread -> Arrays.toString(thread.getStackTrace())).collect(Collectors.toList()));
        }
    }

    private static EndpointHint hint(int port) {
        return EndpointHint.of(HhfrUris.TRANSPORT_TCP, StreamEndpoint.of("127.0.0.1", port));
    }
}
