package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.hhfr.contextstore.EndpointHint;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.streamer.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The app's controls where a call meets a negotiation, a lost stream or a close: deadlines, close and the
 * listener's events, against the real server side (or a silent socket standing for a service that hangs).
 */
@Timeout(60)
class CallControlsAtSessionEdgesTest {
    /** An app's interceptor with a bug: an Error on a float-sum request whose first value is negative. */
    private static final Interceptor FAILING_ON_NEGATIVES = new Interceptor() {
        @Override
        public void onCall(CallDetails call) {
            if (call.request() != null && call.request().record().floats("values")[0] < 0) {
                throw new AssertionError("not written for negative values");
            }
        }
    };
    @RegisterExtension
    final UncaughtErrors uncaughtErrors = new UncaughtErrors();

    private HhfrServerSide server;
    private final CountDownLatch gate = new CountDownLatch(1);

    @AfterEach
    void stop() {
        gate.countDown();
        if (server != null) {
            server.close();
        }
    }

    @Test
    void closingTheClientFailsAnOfferingCallInFlightAtOnceAndAbortsItsRequest() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            // The default modes: the first call carries the offer.
            HhfrClient client = HhfrClient.builder("http://127.0.0.1:" + silent.getLocalPort() + "/FloatSum")
                    .readTimeoutMillis(60_000).callTimeoutMillis(60_000).build();
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> offering = session.callAsync(FloatSum.request(1f));
            try (Socket accepted = silent.accept()) {
                InputStream in = accepted.getInputStream();
                in.read(new byte[8192]); // the request with the offer arrived
                long start = System.nanoTime();
                client.close();
                ExecutionException failure = assertThrows(ExecutionException.class,
                        () -> offering.get(5, TimeUnit.SECONDS));
                assertInstanceOf(SessionClosedException.class, failure.getCause());
                accepted.setSoTimeout(5_000);
                int n;
                do {
                    n = in.read(new byte[8192]);
                } while (n > 0);
                assertEquals(-1, n, "the client closed the connection");
                assertTrue(millisSince(start) < 5_000);
                assertTrue(Eventually.within(5_000, () -> StreamModeTest.clientThreads().isEmpty()), StreamModeTest.clientThreads().toString());
            }
        }
    }

    @Test
    void aBlockingCallsDeadlineHoldsWhileItsSessionNegotiatesOnItsThread() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        ResumptionTicketCache tickets = knownTcpEndpoint();
        server.service().holdRequestsUntil(gate); // the negotiation hangs at the service
        try (HhfrClient client = HhfrClient.builder(server.service().url()).ticketCache(tickets)
                .readTimeoutMillis(8_000).build()) {
            Session session = client.open(FloatSum.operation());
            long start = System.nanoTime();
            assertThrows(CallTimeoutException.class, () -> session.call(FloatSum.request(1f), 500));
            long took = millisSince(start);
            assertTrue(took < 2_000, "the call of 500 ms returned after " + took + " ms");
        }
    }

    @Test
    void theListenerHearsAStreamLostForGoodWithoutWaitingForAnotherCall() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        RecordingListener events = new RecordingListener();
        try (HhfrClient client = HhfrClient.builder(server.service().url()).preferredModes(Mode.HHFR_TCP)
                .negotiateOnOpen(true).eventListener(events).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));
            server.expireSessions(); // the server forgot the session: its reconnection is refused
            server.dropConnections();
            assertTrue(Eventually.within(10_000, () -> events.seen.stream().anyMatch(event -> event.startsWith("lost "))),
                    events.seen.toString());
            assertTrue(Eventually.within(5_000, () -> StreamModeTest.clientThreads().stream().noneMatch(name -> name.startsWith("hhfr-tcp"))),
                    "the lost stream's threads: " + StreamModeTest.clientThreads());
        }
    }

    /**
     * The app's executor refuses one task (a bounded pool, full for a moment): the call whose offer it refused
     * ends (it fails with the refusal, as a SOAP call whose task is refused does) and the session goes on.
     */
    @Test
    void anOfferingCallTheExecutorRefusesEndsAndTheSessionGoesOn() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        AtomicInteger refusals = new AtomicInteger(1);
        Executor refusingOnce = task -> {
            if (refusals.getAndDecrement() > 0) {
                throw new RejectedExecutionException("full");
            }
            new Thread(task).start();
        };
        try (HhfrClient client = HhfrClient.builder(server.service().url()).preferredModes(Mode.HHFR_TCP)
                .executor(refusingOnce).callTimeoutMillis(5_000).build()) {
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> refused = session.callAsync(FloatSum.request(1f));
            try {
                assertEquals(1f, refused.get(5, TimeUnit.SECONDS).record().floatValue("return"));
            } catch (ExecutionException e) {
                assertInstanceOf(RejectedExecutionException.class, e.getCause().getCause(), e.toString());
            }
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}), "the session goes on");
        }
    }

    /**
     * An interceptor that fails with an Error (an assertion, Kotlin's {@code TODO()}) on some calls sent over SOAP in
     * the background: those calls fail and the Error reaches the app, but the session's other calls still go.
     */
    @Test
    void anInterceptorErrorOnAsyncSoapCallsLeavesTheSessionsLaterCallsGoing() throws Exception {
        List<Throwable> uncaught = uncaughtErrors.errors();
        try (TestService plain = TestService.plain();
             HhfrClient client = HhfrClient.builder(plain.url()).preferredModes(Mode.SOAP)
                     .addInterceptor(FAILING_ON_NEGATIVES).callTimeoutMillis(5_000).build()) {
            Session session = client.open(FloatSum.operation());
            for (int i = 0; i < SoapLanes.LANES; i++) {
                CompletableFuture<Message> failing = session.callAsync(FloatSum.request(-1f));
                ExecutionException failure = assertThrows(ExecutionException.class,
                        () -> failing.get(5, TimeUnit.SECONDS));
                assertTrue(failure.getCause().getMessage().contains("stopped by an interceptor"), failure.toString());
            }
            assertEquals(2f, session.callAsync(FloatSum.request(1f, 1f)).get(5, TimeUnit.SECONDS).record()
                    .floatValue("return"), "a later call still goes");
            // A lane throws once done, the first Error it met carrying the others as suppressed.
            assertTrue(Eventually.within(5_000, () -> uncaught.stream().mapToInt(error -> 1 + error.getSuppressed().length)
                    .sum() == SoapLanes.LANES), "each Error reached the app: " + uncaught);
        }
    }

    /**
     * The same on a stream: the calls that waited for the stream leave on it together, and the Error one of them
     * meets leaves the others going.
     */
    @Test
    void anInterceptorErrorOnOneCallThatWaitedForTheStreamLeavesTheOthersGoing() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        List<Throwable> uncaught = uncaughtErrors.errors();
        server.service().holdResponsesUntil(gate); // the offer's answer: the calls behind it wait
        try (HhfrClient client = HhfrClient.builder(server.service().url()).preferredModes(Mode.HHFR_TCP)
                .addInterceptor(FAILING_ON_NEGATIVES).callTimeoutMillis(5_000).build()) {
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> offering = session.callAsync(FloatSum.request(0f, 1f));
            assertTrue(Eventually.within(5_000, () -> server.service().soapCalls.get() == 1));
            CompletableFuture<Message> failing = session.callAsync(FloatSum.request(-1f));
            List<CompletableFuture<Message>> others = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                others.add(session.callAsync(FloatSum.request(i, 0.5f)));
            }
            gate.countDown();
            assertEquals(1f, offering.get(5, TimeUnit.SECONDS).record().floatValue("return"));
            assertThrows(ExecutionException.class, () -> failing.get(5, TimeUnit.SECONDS));
            for (int i = 0; i < 3; i++) {
                assertEquals(i + 0.5f, others.get(i).get(5, TimeUnit.SECONDS).record().floatValue("return"),
                        "call " + i);
            }
            // Thrown on the background thread once it is done.
            assertTrue(Eventually.within(5_000, () -> uncaught.size() == 1), "the Error reached the app: " + uncaught);
        }
        assertEquals(1, uncaught.size(), "the Error reached the app once: " + uncaught);
    }

    /** A call given no practical deadline ({@code Long.MAX_VALUE}) that waits for the offer's answer still goes. */
    @Test
    void aCallWithTheLongestDeadlineThatWaitsForTheOffersAnswerIsAnswered() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        server.service().holdResponsesUntil(gate);
        try (HhfrClient client = HhfrClient.builder(server.service().url()).preferredModes(Mode.HHFR_TCP).build()) {
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> offering = session.callAsync(FloatSum.request(0f, 1f));
            assertTrue(Eventually.within(5_000, () -> server.service().soapCalls.get() == 1));
            CompletableFuture<Message> waiting = session.callAsync(FloatSum.request(1f, 2f),
                    CallOptions.defaults().withTimeoutMillis(Long.MAX_VALUE));
            gate.countDown();
            assertEquals(1f, offering.get(5, TimeUnit.SECONDS).record().floatValue("return"));
            assertEquals(3f, waiting.get(5, TimeUnit.SECONDS).record().floatValue("return"));
        }
    }

    /**
     * The listener hears a session's steps in the order they happened, whatever thread saw them: a session closed
     * just as its stream opened is told negotiated, then closed (here negotiated takes a moment, as a listener
     * writing a log line may).
     */
    @Test
    void theListenerHearsClosedAfterNegotiatedWhenTheSessionClosesAsItsStreamOpens() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        RecordingListener events = new RecordingListener() {
            @Override
            public void negotiated(Session session, Mode mode, ReliabilityPolicy agreed) {
                sleep(500);
                super.negotiated(session, mode, agreed);
            }
        };
        try (HhfrClient client = HhfrClient.builder(server.service().url()).preferredModes(Mode.HHFR_TCP)
                .eventListener(events).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));
            assertTrue(Eventually.within(5_000, () -> session.mode() == Mode.HHFR_TCP));
            session.close();
            assertTrue(Eventually.within(5_000, () -> events.seen.size() == 2), events.seen.toString());
            assertEquals(List.of("negotiated HHFR_TCP window " + ReliabilityPolicy.defaults().window(), "closed"),
                    events.seen);
        }
    }

    /**
     * A listener that fails with an Error (an assertion, Kotlin's {@code TODO()}) disturbs no call either: the
     * calls that waited for the stream leave on it, and the Error goes to the uncaught exception handler.
     */
    @Test
    void aListenerErrorDisturbsNoCall() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        List<Throwable> uncaught = uncaughtErrors.errors();
        EventListener failing = new EventListener() {
            @Override
            public void negotiated(Session session, Mode mode, ReliabilityPolicy agreed) {
                throw new AssertionError("not written for streams");
            }
        };
        server.service().holdResponsesUntil(gate);
        try (HhfrClient client = HhfrClient.builder(server.service().url()).preferredModes(Mode.HHFR_TCP)
                .eventListener(failing).callTimeoutMillis(5_000).build()) {
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> offering = session.callAsync(FloatSum.request(0f, 1f));
            assertTrue(Eventually.within(5_000, () -> server.service().soapCalls.get() == 1));
            List<CompletableFuture<Message>> waiting = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                waiting.add(session.callAsync(FloatSum.request(i, 0.5f)));
            }
            gate.countDown();
            assertEquals(1f, offering.get(5, TimeUnit.SECONDS).record().floatValue("return"));
            for (int i = 0; i < 3; i++) {
                assertEquals(i + 0.5f, waiting.get(i).get(5, TimeUnit.SECONDS).record().floatValue("return"),
                        "call " + i);
            }
            assertEquals(4f, session.call(Float.class, new float[] {1f, 3f}));
            assertEquals(Mode.HHFR_TCP, session.mode());
        }
        assertEquals(1, uncaught.size(), "the Error reached the app: " + uncaught);
    }

    /**
     * An interceptor that fails with an Error on the call that would carry the offer fails that call, and the
     * session is not left negotiating for good: the next call offers again and streams.
     */
    @Test
    void anInterceptorErrorOnTheOfferingCallDoesNotLeaveTheSessionNegotiating() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        List<Throwable> uncaught = uncaughtErrors.errors();
        try (HhfrClient client = HhfrClient.builder(server.service().url()).preferredModes(Mode.HHFR_TCP)
                .addInterceptor(FAILING_ON_NEGATIVES).callTimeoutMillis(5_000).build()) {
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> failing = session.callAsync(FloatSum.request(-1f));
            ExecutionException failure = assertThrows(ExecutionException.class, () -> failing.get(5, TimeUnit.SECONDS));
            assertTrue(failure.getCause().getMessage().contains("stopped by an interceptor"), failure.toString());
            assertEquals(3f, session.callAsync(FloatSum.request(1f, 2f)).get(5, TimeUnit.SECONDS).record()
                    .floatValue("return"), "the next call goes");
            // That one may have waited for the failed offer and gone over SOAP; this one offers again, if not it.
            assertEquals(6f, session.call(Float.class, new float[] {1f, 2f, 3f}));
            assertTrue(Eventually.within(5_000, () -> session.mode() == Mode.HHFR_TCP));
            // Thrown on the background thread once it is done.
            assertTrue(Eventually.within(5_000, () -> uncaught.size() == 1), "the Error reached the app: " + uncaught);
        }
        assertEquals(1, uncaught.size(), "the Error reached the app once: " + uncaught);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ResumptionTicketCache knownTcpEndpoint() {
        ResumptionTicketCache tickets = new ResumptionTicketCache();
        tickets.putEndpointHint(server.service().url(),
                EndpointHint.of(HhfrUris.TRANSPORT_TCP, StreamEndpoint.of("127.0.0.1", server.tcpPort())));
        return tickets;
    }

    private static long millisSince(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }
}
