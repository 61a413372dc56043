package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * The first flight carries the stream: a client with an endpoint hint negotiates with a separate request that
 * proposes its session's id and token, and opens that stream at once, its HELLO flagged EARLY and every call, the
 * first included, right behind it; the server runs them as soon as the negotiation stored the session, before the
 * answer reaches the client. When the answer grants anything else, the calls were never run, and each is answered
 * once the way the answer says. The test service holds its SOAP responses back, so what happened before the
 * answer is seen without timing.
 */
@Timeout(30)
class ProposedSessionStreamTest {
    private static final int CALLS = 10;
    private static final int SHORT_CONNECT_TIMEOUT_MILLIS = 2_000;

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
    void everyCallTheFirstIncludedIsAnsweredOnTheEarlyStreamBeforeTheNegotiationIsAnswered() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        hint(server.tcpPort());

        try (HhfrClient client = client()) {
            Session session = client.open(FloatSum.operation());
            List<CompletableFuture<Message>> calls = calls(session, CALLS);
            assertAnswered(calls);
            assertEquals(1, server.service().negotiations.get(), "the answer is still held back");

            answers.countDown();
            assertTrue(Eventually.within(5_000, () -> session.mode() == Mode.HHFR_TCP));
            assertEquals(0.5f, session.callAsync(FloatSum.request(0f, 0.5f)).get(10, TimeUnit.SECONDS).record()
                    .floatValue("return"), "the early stream is the session's stream");
        }
        assertEquals(0, server.service().soapCalls.get(), "no call went over SOAP");
        assertEquals(1, server.service().negotiations.get());
        assertEquals(CALLS + 1, server.dispatched.get(), "each streamed call ran once");
        assertEquals(1, server.metrics().get(TransportMetrics.Counter.CONNECTIONS_ACCEPTED));
    }

    @Test
    void aBlockingFirstCallIsAnsweredOnTheStreamItsSessionProposed() throws Exception {
        serveOnAKnownTcpEndpoint();

        try (HhfrClient client = client()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(1.5f, session.call(FloatSum.request(1f, 0.5f)).record().floatValue("return"));
            assertEquals(Mode.HHFR_TCP, session.mode());
        }
        assertEquals(0, server.service().soapCalls.get());
        assertEquals(1, server.service().negotiations.get());
        assertEquals(1, server.dispatched.get());
    }

    @Test
    void callsOnAnEarlyStreamTheAnswerDidNotGrantRunOnceOnTheGrantedStream() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_UDP);
        hint(server.tcpPort());

        try (HhfrClient client = client()) {
            Session session = client.open(FloatSum.operation());
            List<CompletableFuture<Message>> calls = calls(session, CALLS);
            assertTrue(Eventually.within(5_000, () -> parked() == 1),
                    "the early HELLO waits for a session the negotiation does not store");
            Thread.sleep(100);
            assertEquals(0, server.dispatched.get(), "nothing behind it ran");

            answers.countDown();
            assertAnswered(calls);
            assertEquals(Mode.HHFR_UDP, session.mode(), "the calls went the way the answer granted");
        }
        assertEquals(CALLS, server.dispatched.get(), "each call ran once");
        assertEquals(0, server.service().soapCalls.get());
    }

    @Test
    void everyCallOfASessionProposedOverUdpIsAnsweredOnItsEarlyDatagramsBeforeTheNegotiationIsAnswered()
            throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_UDP);
        hint(HhfrUris.TRANSPORT_UDP, server.udpPort());

        try (HhfrClient client = client(Mode.HHFR_UDP)) {
            Session session = client.open(FloatSum.operation());
            List<CompletableFuture<Message>> calls = calls(session, CALLS);
            assertAnswered(calls);
            assertEquals(1, server.service().negotiations.get(), "the answer is still held back");

            answers.countDown();
            assertTrue(Eventually.within(5_000, () -> session.mode() == Mode.HHFR_UDP));
            assertEquals(0.5f, session.callAsync(FloatSum.request(0f, 0.5f)).get(10, TimeUnit.SECONDS).record()
                    .floatValue("return"), "the early stream is the session's stream");
        }
        assertEquals(0, server.service().soapCalls.get(), "no call went over SOAP");
        assertEquals(CALLS + 1, server.dispatched.get(), "each streamed call ran once");
    }

    @Test
    void callsOnAnEarlyUdpStreamTheAnswerDidNotGrantRunOnceOnTheGrantedTcpStream() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        hint(HhfrUris.TRANSPORT_UDP, server.udpPort());

        try (HhfrClient client = client(Mode.HHFR_UDP, Mode.HHFR_TCP)) {
            Session session = client.open(FloatSum.operation());
            List<CompletableFuture<Message>> calls = calls(session, CALLS);
            assertTrue(Eventually.within(5_000, () -> server.metrics().get(
                    TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_PARKED) == 1),
                    "the early datagrams wait for a session the negotiation does not store");
            assertEquals(0, server.dispatched.get(), "nothing in them ran");

            answers.countDown();
            assertAnswered(calls);
            assertEquals(Mode.HHFR_TCP, session.mode(), "the calls went the way the answer granted");
        }
        assertEquals(CALLS, server.dispatched.get(), "each call ran once");
        assertEquals(0, server.service().soapCalls.get());
    }

    @Test
    void callsOnTheEarlyStreamOfADeclinedNegotiationAreAnsweredOnceOverSoap() throws Exception {
        server = HhfrServerSide.offering("urn:example:transport:other");
        hint(server.tcpPort());

        try (HhfrClient client = client()) {
            Session session = client.open(FloatSum.operation());
            List<CompletableFuture<Message>> calls = calls(session, CALLS);
            assertTrue(Eventually.within(5_000, () -> parked() == 1));

            answers.countDown();
            assertAnswered(calls);
            assertEquals(Mode.SOAP, session.mode());
        }
        assertEquals(0, server.dispatched.get(), "nothing ran on the early stream");
        assertEquals(CALLS, server.service().soapCalls.get(), "each call ran once, over SOAP, the first included");
        assertEquals(1, server.service().negotiations.get());
    }

    @Test
    void callsOnTheEarlyStreamOfANegotiationAnsweredWithAnErrorFailNamingItAndTheSessionGoesOnOverSoap() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        hint(server.tcpPort());
        server.service().failNegotiations();

        try (HhfrClient client = client()) {
            Session session = client.open(FloatSum.operation());
            List<CompletableFuture<Message>> calls = calls(session, CALLS);
            assertTrue(Eventually.within(5_000, () -> parked() == 1));

            answers.countDown();
            for (CompletableFuture<Message> call : calls) {
                Throwable failed = assertThrows(ExecutionException.class, () -> call.get(10, TimeUnit.SECONDS))
                        .getCause();
                assertTrue(failed instanceof StreamLostException, failed.toString());
                assertTrue(failed.getMessage().startsWith("the call was on the stream opened before the answer to a "
                        + "negotiation that failed (the negotiation failed: "), failed.getMessage());
                assertTrue(failed.getMessage().contains("500"), failed.getMessage());
            }
            assertEquals(0.5f, session.call(Float.class, new float[] {0f, 0.5f}), "the next call goes over SOAP");
            assertEquals(Mode.SOAP, session.mode());
        }
        assertEquals(0, server.dispatched.get(), "nothing ran on the early stream");
        assertEquals(1, server.service().negotiations.get(), "a negotiation answered with an error is not retried "
                + "at once");
    }

    @Test
    void anOfferOnACallAnsweredWithAnErrorPageFailsThatCallAndTheSessionGoesOnOverSoap() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        server.service().failNegotiations();

        try (HhfrClient client = client()) {
            Session session = client.open(FloatSum.operation());
            assertThrows(HhfrException.class, () -> session.call(Float.class, new float[] {0f, 0.5f}));
            for (int i = 0; i < 4; i++) {
                assertEquals(i + 0.5f, session.call(Float.class, new float[] {i, 0.5f}));
            }
            assertEquals(Mode.SOAP, session.mode());
        }
        assertEquals(1, server.service().negotiations.get(), "one offer, not one per call");
    }

    @Test
    void anEarlyStreamAtAnEndpointTheServiceNoLongerServesIsGivenUpAndItsCallsRunOnce() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            List<Socket> accepted = SoapModeTest.acceptForever(silent);
            hint(silent.getLocalPort());
            try (HhfrClient client = client()) {
                Session session = client.open(FloatSum.operation());
                List<CompletableFuture<Message>> calls = calls(session, CALLS);
                assertTrue(Eventually.within(5_000, () -> accepted.size() == 1), "the early stream went to the hinted endpoint");

                answers.countDown();
                assertAnswered(calls);
                assertEquals(Mode.HHFR_TCP, session.mode());
            }
            SoapModeTest.closeAll(accepted);
        }
        assertEquals(CALLS, server.dispatched.get(), "each call ran once, on the granted stream");
        assertEquals(0, server.service().soapCalls.get());
    }

    @Test
    void anEarlyHelloTheServerRefusesAtOnceCostsNothingButTheWaitForTheAnswer() throws Exception {
        server = HhfrServerSide.refusingEarlyHandshakes(HhfrUris.TRANSPORT_TCP);
        hint(server.tcpPort());
        CountDownLatch offers = new CountDownLatch(1);
        server.service().holdRequestsUntil(offers);

        try (HhfrClient client = client()) {
            Session session = client.open(FloatSum.operation());
            List<CompletableFuture<Message>> calls = calls(session, CALLS);
            assertTrue(Eventually.within(5_000,
                    () -> server.metrics().get(TransportMetrics.Counter.EARLY_HANDSHAKES_REFUSED) == 1));
            Thread.sleep(100);
            assertFalse(doneOf(calls).contains(true), "the calls wait for the answer");

            offers.countDown();
            answers.countDown();
            assertAnswered(calls);
            assertEquals(Mode.HHFR_TCP, session.mode(), "the granted session's stream opened the ordinary way");
        }
        assertEquals(CALLS, server.dispatched.get(), "each call ran once");
        assertEquals(0, server.service().soapCalls.get());
    }

    /**
     * The server refuses the early stream when its HELLO waited for the session longer than it lets one wait (the
     * offer is held until then): the call on it comes back unanswered, and goes again, under the number it was
     * given, on the stream the answer grants, of the same session and epoch. A call made after the grant takes the
     * next number, not that one, or the server would answer it with the reply it recorded for the early call. The
     * early call is held in dispatch until the later one arrived, so that reply is recorded and not yet forgotten.
     */
    @Test
    void aCallMadeAfterTheGrantIsNotAnsweredWithTheReplyOfAnEarlyCallSentAgainOnTheGrantedStream()
            throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        hint(server.tcpPort());
        CountDownLatch offers = new CountDownLatch(1);
        server.service().holdRequestsUntil(offers);

        try (HhfrClient client = client()) {
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> early = session.callAsync(FloatSum.request(HhfrServerSide.HELD, 0.5f));
            assertTrue(Eventually.within(5_000, () -> session.mode() == Mode.HHFR_TCP), "the call went on the early stream");
            assertTrue(Eventually.within(10_000, () -> session.mode() == Mode.SOAP),
                    "the server refused the early stream once its HELLO had waited, and the call came back");
            assertEquals(1, server.metrics().get(TransportMetrics.Counter.EARLY_HANDSHAKES_REFUSED));
            assertEquals(0, server.metrics().get(TransportMetrics.Counter.MESSAGES_DISPATCHED));

            offers.countDown();
            answers.countDown();
            assertTrue(Eventually.within(5_000, () -> server.metrics().get(TransportMetrics.Counter.MESSAGES_DISPATCHED) == 1),
                    "the early call went again on the granted stream, and waits in dispatch");
            assertEquals(Mode.HHFR_TCP, session.mode());
            CompletableFuture<Message> later = session.callAsync(FloatSum.request(2f, 0.5f));
            assertTrue(Eventually.within(5_000, () -> server.metrics().get(TransportMetrics.Counter.MESSAGES_DISPATCHED) == 2));
            server.release();

            assertEquals(2.5f, later.get(10, TimeUnit.SECONDS).record().floatValue("return"),
                    "the later call was answered with its own reply");
            assertEquals(HhfrServerSide.HELD + 0.5f, early.get(10, TimeUnit.SECONDS).record().floatValue("return"));
        }
        assertEquals(2, server.dispatched.get(), "each call ran once");
        assertEquals(1, server.service().negotiations.get());
        assertEquals(0, server.service().soapCalls.get());
    }

    /**
     * The hinted endpoint never answers (an {@link UnansweredEndpoint}) while the answer is held back: the early
     * stream goes over the connection opened early to it or not at all, so it holds the session's background work
     * until that connect times out, one connect timeout, not for a second connect of its own. The negotiation's
     * thread alone then waits, for the answer.
     */
    @Test
    void anEarlyStreamWhoseEndpointNeverAnswersIsGivenUpAfterOneConnectTimeout() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        List<Thread> started = new CopyOnWriteArrayList<>();
        try (UnansweredEndpoint unanswered = new UnansweredEndpoint()) {
            hint(unanswered.port());
            try (HhfrClient client = HhfrClient.builder(server.service().url()).ticketCache(tickets)
                    .connectTimeoutMillis(SHORT_CONNECT_TIMEOUT_MILLIS).executor(task -> {
                        Thread thread = new Thread(task, "background");
                        started.add(thread);
                        thread.start();
                    }).build()) {
                Session session = client.open(FloatSum.operation());
                long start = System.nanoTime();
                CompletableFuture<Message> call = session.callAsync(FloatSum.request(1f, 0.5f));
                assertTrue(Eventually.within(5_000, () -> server.service().negotiations.get() == 1), "the negotiation is out");

                assertTrue(Eventually.within(SHORT_CONNECT_TIMEOUT_MILLIS * 7 / 4, () -> started.stream().filter(Thread::isAlive)
                        .count() == 1), "the early stream was still held after " + SHORT_CONNECT_TIMEOUT_MILLIS * 7 / 4
                        + " ms, with a connect timeout of " + SHORT_CONNECT_TIMEOUT_MILLIS + " ms");
                long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertTrue(took >= SHORT_CONNECT_TIMEOUT_MILLIS / 2, "given up after " + took
                        + " ms: before its connect timed out");
                assertFalse(call.isDone(), "the call waits for the answer");

                answers.countDown();
                assertEquals(1.5f, call.get(10, TimeUnit.SECONDS).record().floatValue("return"));
            }
        }
    }

    /**
     * With {@code negotiateOnOpen}, the answer grants the proposed session at the hinted endpoint, which never
     * answers (an {@link UnansweredEndpoint}): once the connection opened early to it timed out, the session goes
     * on over SOAP, as when a granted stream cannot connect, without dialling that endpoint again for a second
     * connect timeout; so {@code open} returns, and the call is answered, within one.
     */
    @Test
    void aGrantedProposalWhoseEndpointNeverAnsweredFallsBackToSoapAfterOneConnectTimeout() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        RecordingListener listener = new RecordingListener();
        try (UnansweredEndpoint unanswered = new UnansweredEndpoint()) {
            server.advertise(HhfrUris.TRANSPORT_TCP, unanswered.port());
            tickets.putEndpointHint(server.service().url(), EndpointHint.of(HhfrUris.TRANSPORT_TCP,
                    StreamEndpoint.of("127.0.0.1", unanswered.port())));
            try (HhfrClient client = shortConnectTimeout(listener).negotiateOnOpen(true).build()) {
                long start = System.nanoTime();
                Session session = client.open(FloatSum.operation());
                assertEquals(1.5f, session.call(Float.class, new float[] {1f, 0.5f}));
                long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertTrue(took < SHORT_CONNECT_TIMEOUT_MILLIS * 7 / 4, "answered over SOAP after " + took
                        + " ms, with a connect timeout of " + SHORT_CONNECT_TIMEOUT_MILLIS + " ms");
                assertEquals(Mode.SOAP, session.mode());
            }
            assertFellBackAsUnreachable(listener, unanswered.port());
        }
        assertEquals(1, server.service().negotiations.get());
        assertEquals(1, server.service().soapCalls.get(), "the call went over SOAP");
        assertEquals(0, server.dispatched.get(), "nothing ran on a stream");
    }

    /**
     * As above, with the answer held back until the connection opened early to the never answering endpoint timed
     * out: the answer granting that endpoint then sends the waiting call over SOAP at once.
     */
    @Test
    void anAnswerGrantingTheEndpointTheEarlyStreamCouldNotReachSendsTheCallsOverSoapAtOnce() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        RecordingListener listener = new RecordingListener();
        try (UnansweredEndpoint unanswered = new UnansweredEndpoint()) {
            server.advertise(HhfrUris.TRANSPORT_TCP, unanswered.port());
            hint(unanswered.port());
            try (HhfrClient client = shortConnectTimeout(listener).build()) {
                Session session = client.open(FloatSum.operation());
                CompletableFuture<Message> call = session.callAsync(FloatSum.request(1f, 0.5f));
                assertTrue(Eventually.within(5_000, () -> server.service().negotiations.get() == 1), "the negotiation is out");
                Thread.sleep(SHORT_CONNECT_TIMEOUT_MILLIS + 500);
                assertFalse(call.isDone(), "the call waits for the answer");

                long answered = System.nanoTime();
                answers.countDown();
                assertEquals(1.5f, call.get(10, TimeUnit.SECONDS).record().floatValue("return"));
                long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - answered);
                assertTrue(took < SHORT_CONNECT_TIMEOUT_MILLIS / 2, "answered over SOAP " + took + " ms after the"
                        + " answer, with a connect timeout of " + SHORT_CONNECT_TIMEOUT_MILLIS + " ms");
                assertEquals(Mode.SOAP, session.mode());
            }
            assertFellBackAsUnreachable(listener, unanswered.port());
        }
        assertEquals(1, server.service().soapCalls.get(), "the call went over SOAP");
    }

    private HhfrClient.Builder shortConnectTimeout(EventListener listener) {
        return HhfrClient.builder(server.service().url()).ticketCache(tickets)
                .connectTimeoutMillis(SHORT_CONNECT_TIMEOUT_MILLIS).eventListener(listener);
    }

    private static void assertFellBackAsUnreachable(RecordingListener listener, int port) {
        assertEquals(List.of("fell back: the connection opened early to 127.0.0.1:" + port + " did not connect",
                "closed"), listener.seen);
    }

    /** Call {@code i} of {@link #calls} adds 0.5 to {@code i}. */
    private static void assertAnswered(List<CompletableFuture<Message>> calls) throws Exception {
        for (int i = 0; i < calls.size(); i++) {
            assertEquals(i + 0.5f, calls.get(i).get(10, TimeUnit.SECONDS).record().floatValue("return"));
        }
    }

    private long parked() {
        return server.metrics().get(TransportMetrics.Counter.EARLY_HANDSHAKES_PARKED);
    }

    @Test
    void openNegotiatingAtOnceReturnsWithTheProposedStreamOpenWhenThatOpensAfterTheAnswer() throws Exception {
        serveOnAKnownTcpEndpoint();
        HeldExecutor background = new HeldExecutor();

        try (HhfrClient client = HhfrClient.builder(server.service().url()).ticketCache(tickets)
                .negotiateOnOpen(true).executor(background).build()) {
            CompletableFuture<Session> opening = new CompletableFuture<>();
            Thread opener = new Thread(() -> {
                try {
                    opening.complete(client.open(FloatSum.operation()));
                } catch (HhfrException | RuntimeException e) {
                    opening.completeExceptionally(e);
                }
            });
            opener.start();
            // The answer grants the proposed session while its stream's opening still waits in the background.
            assertTrue(Eventually.within(5_000, () -> server.service().negotiations.get() == 1));
            Thread.sleep(300);
            assertFalse(opening.isDone(), "open() returned before the granted stream was open");

            background.release();
            Session session = opening.get(10, TimeUnit.SECONDS);
            assertEquals(Mode.HHFR_TCP, session.mode(), "open() returned with the proposed session's stream open");
            assertEquals(1.5f, session.call(Float.class, new float[] {1f, 0.5f}));
        }
        assertEquals(0, server.service().soapCalls.get(), "no call went over SOAP");
    }

    /**
     * The negotiation's connection is held back by Linux itself: while the service's accept queue is full, a SYN
     * is dropped and sent again after the initial timeout (1 s, then 2 s more).
     */
    @Test
    void aSessionProposedOverUdpKeepsHalfItsInitialWindowBackUntilItsOfferIsWritten() throws Exception {
        try (DatagramSocket endpoint = new DatagramSocket(0, InetAddress.getLoopbackAddress());
             ServerSocket service = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<Socket> queued = fillAcceptQueue(service);
            String url = "http://127.0.0.1:" + service.getLocalPort() + "/floatsum";
            tickets.putEndpointHint(url, EndpointHint.of(HhfrUris.TRANSPORT_UDP,
                    StreamEndpoint.of("127.0.0.1", endpoint.getLocalPort())));
            try (HhfrClient client = HhfrClient.builder(url).ticketCache(tickets).preferredModes(Mode.HHFR_UDP)
                    .build()) {
                Session session = client.open(FloatSum.operation());
                for (int i = 0; i < 20; i++) {
                    session.callAsync(FloatSum.request(new float[250]));
                }
                int beforeOffer = burst(endpoint);
                assertTrue(beforeOffer >= 4 && beforeOffer <= 6,
                        beforeOffer + " datagrams before the offer: about half the initial window of ten");

                SoapModeTest.closeAll(queued);
                for (int i = 0; i < queued.size(); i++) {
                    service.accept().close();
                }
                service.setSoTimeout(5_000);
                try (Socket negotiation = service.accept()) {
                    readRequest(negotiation.getInputStream());
                    int afterOffer = datagramsWithin(endpoint, 200);
                    assertTrue(afterOffer >= 4,
                            afterOffer + " datagrams once the offer is written: the other half of the window");
                }
            }
        }
    }

    /** The datagrams of a burst: the first within 5 s, then each within 100 ms of the one before. */
    private static int burst(DatagramSocket endpoint) throws IOException {
        DatagramPacket packet = new DatagramPacket(new byte[2048], 2048);
        endpoint.setSoTimeout(5_000);
        endpoint.receive(packet);
        int count = 1;
        endpoint.setSoTimeout(100);
        while (true) {
            try {
                endpoint.receive(packet);
                count++;
            } catch (SocketTimeoutException e) {
                return count;
            }
        }
    }

    /** Reads one HTTP request, head and body (its Content-Length), from {@code in}. */
    private static void readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (head.indexOf("\r\n\r\n") < 0) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the request ended inside its head");
            }
            head.append((char) b);
        }
        Matcher length = Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
        for (long left = length.find() ? Long.parseLong(length.group(1)) : 0; left > 0; left--) {
            if (in.read() < 0) {
                throw new IOException("the request ended inside its body");
            }
        }
    }

    /** Connects to {@code service} until its accept queue is full; returns the connections queued. */
    private static List<Socket> fillAcceptQueue(ServerSocket service) throws IOException {
        List<Socket> queued = new ArrayList<>();
        while (true) {
            Socket socket = new Socket();
            try {
                socket.connect(service.getLocalSocketAddress(), 200);
                queued.add(socket);
            } catch (IOException e) {
                socket.close();
                return queued;
            }
        }
    }

    /** Datagrams {@code endpoint} receives within {@code millis}. */
    private static int datagramsWithin(DatagramSocket endpoint, long millis) throws IOException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        DatagramPacket packet = new DatagramPacket(new byte[2048], 2048);
        int count = 0;
        for (long left = millis; left > 0; left = TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())) {
            endpoint.setSoTimeout((int) Math.max(1, left));
            try {
                endpoint.receive(packet);
                count++;
            } catch (SocketTimeoutException e) {
                return count;
            }
        }
        return count;
    }

    /** Holds the client's background work until released, then runs each task on a thread of its own. */
    private static final class HeldExecutor implements java.util.concurrent.Executor {
        private final List<Runnable> held = new ArrayList<>();
        private boolean released;

        @Override
        public synchronized void execute(Runnable task) {
            if (released) {
                new Thread(task).start();
            } else {
                held.add(task);
            }
        }

        synchronized void release() {
            released = true;
            held.forEach(task -> new Thread(task).start());
            held.clear();
        }
    }

    @Test
    void theSessionsOwnNegotiationCarriesTheHeadersTheInterceptorsGiveIt() throws Exception {
        serveOnAKnownTcpEndpoint();
        try (HhfrClient client = clientWith(new Interceptor() {
            @Override
            public void onCall(CallDetails call) {
                call.header("Authorization", "Bearer token-of-alice");
            }
        })) {
            Session session = client.open(FloatSum.operation());
            assertEquals(1.5f, session.call(FloatSum.request(1f, 0.5f)).record().floatValue("return"));
            assertEquals(Mode.HHFR_TCP, session.mode());
        }
        assertEquals(1, server.service().negotiations.get());
        assertEquals(0, server.service().soapCalls.get(), "the call went on the early stream");
        assertEquals("Bearer token-of-alice", server.service().lastHeaders.get().getFirst("Authorization"),
                "the negotiation's request carried the interceptor's header");
    }

    @Test
    void anInterceptorThatReadsTheRequestLeavesTheNegotiationWithoutItsHeadersAndStopsNothing() throws Exception {
        serveOnAKnownTcpEndpoint();
        List<Throwable> uncaught = uncaughtWhile(() -> {
            try (HhfrClient client = clientWith(new Interceptor() {
                @Override
                public void onCall(CallDetails call) {
                    call.header("X-Values", String.valueOf(call.request().record().floats("values").length));
                }
            })) {
                Session session = client.open(FloatSum.operation());
                for (int i = 0; i < 4; i++) {
                    assertEquals(i + 0.5f, session.call(FloatSum.request(i, 0.5f)).record().floatValue("return"));
                }
            }
        });
        assertEquals(List.of(), uncaught, "nothing reached the app's crash handler");
    }

    /**
     * An interceptor that fails with an Error on the session's own negotiation (Kotlin's {@code TODO()}, an
     * assertion, a class missing on the device): the Error reaches the app, as an Error on a call does, but the
     * session is not left negotiating for good. Before, the negotiation ended before the machine heard of it,
     * so every later call waited for an answer that never came, until its deadline.
     */
    @Test
    void anInterceptorErrorOnTheNegotiationDoesNotLeaveTheSessionNegotiating() throws Exception {
        serveOnAKnownTcpEndpoint();
        List<Throwable> uncaught = uncaughtWhile(() -> {
            try (HhfrClient client = clientWith(new Interceptor() {
                @Override
                public void onCall(CallDetails call) {
                    if (call.request() == null) {
                        throw new AssertionError("not written for a call without a request");
                    }
                }
            })) {
                Session session = client.open(FloatSum.operation());
                try {
                    session.callAsync(FloatSum.request(0f, 0.5f)).get(5, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    // the call may fail with the negotiation; it must not hang
                }
                for (int i = 0; i < 3; i++) {
                    assertEquals(i + 0.5f, session.callAsync(FloatSum.request(i, 0.5f)).get(5, TimeUnit.SECONDS)
                            .record().floatValue("return"), "call " + i);
                }
            }
        });
        assertEquals(1, uncaught.size(), "the Error reached the app: " + uncaught);
    }

    private void hint(int port) {
        hint(HhfrUris.TRANSPORT_TCP, port);
    }

    private interface Body {
        void run() throws Exception;
    }

    /** What reaches the JVM's default uncaught exception handler (an app's crash handler) while {@code body} runs. */
    private static List<Throwable> uncaughtWhile(Body body) throws Exception {
        List<Throwable> uncaught = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> uncaught.add(e));
        try {
            body.run();
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(previous);
        }
        return uncaught;
    }

    /** A server streaming over TCP, whose endpoint the client knows: sessions negotiate on their own. */
    private void serveOnAKnownTcpEndpoint() throws IOException {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        tickets.putEndpointHint(server.service().url(),
                EndpointHint.of(HhfrUris.TRANSPORT_TCP, StreamEndpoint.of("127.0.0.1", server.tcpPort())));
    }

    private HhfrClient clientWith(Interceptor interceptor) {
        return HhfrClient.builder(server.service().url()).ticketCache(tickets).addInterceptor(interceptor).build();
    }

    private void hint(String transport, int port) {
        tickets.putEndpointHint(server.service().url(),
                EndpointHint.of(transport, StreamEndpoint.of("127.0.0.1", port)));
        server.service().holdResponsesUntil(answers);
    }

    private HhfrClient client(Mode... preferred) {
        HhfrClient.Builder builder = HhfrClient.builder(server.service().url()).ticketCache(tickets);
        return (preferred.length == 0 ? builder : builder.preferredModes(preferred)).build();
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
}
