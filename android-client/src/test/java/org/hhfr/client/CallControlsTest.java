package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.streamer.Message;
import org.hhfr.transports.netty.TransportMetrics.Counter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The controls an app has over its calls, against the real server side: cancelling, per-call deadlines, the
 * callback executor, the event listener and interceptors. The server dispatches on one thread, and a request
 * whose first value is {@link HhfrServerSide#HELD} holds it until released, so the requests behind it are
 * provably not started.
 */
@Timeout(30)
class CallControlsTest {
    @RegisterExtension
    final UncaughtErrors uncaughtErrors = new UncaughtErrors();

    private HhfrServerSide server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private HhfrClient.Builder streamingClient() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        return HhfrClient.builder(server.service().url()).preferredModes(Mode.HHFR_TCP).negotiateOnOpen(true);
    }

    @Test
    void cancellingAStreamCallFreesItAndTheServerSkipsItIfNotStarted() throws Exception {
        try (HhfrClient client = streamingClient().build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(Mode.HHFR_TCP, session.mode());
            CompletableFuture<Message> holding = session.callAsync(FloatSum.request(HhfrServerSide.HELD, 1f));
            CompletableFuture<Message> cancelled = session.callAsync(FloatSum.request(1f, 2f));
            assertTrue(cancelled.cancel(true));
            await(() -> server.metrics().get(Counter.MESSAGES_CANCELLED) == 1);
            server.release();
            assertEquals(HhfrServerSide.HELD + 1f, holding.get(10, TimeUnit.SECONDS).record().floatValue("return"));
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));
            assertEquals(2, server.dispatched.get(), "the cancelled request was never dispatched");
            assertTrue(cancelled.isCancelled());
        }
    }

    @Test
    void aStreamCallWhoseFutureTheAppCompletesItselfIsAbandonedAsACancelledOne() throws Exception {
        try (HhfrClient client = streamingClient().build()) {
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> holding = session.callAsync(FloatSum.request(HhfrServerSide.HELD, 1f));
            CompletableFuture<Message> given = session.callAsync(FloatSum.request(1f, 2f));
            assertTrue(given.completeExceptionally(new TimeoutException("the app's own timeout")));
            await(() -> server.metrics().get(Counter.MESSAGES_CANCELLED) == 1);
            server.release();
            assertEquals(HhfrServerSide.HELD + 1f, holding.get(10, TimeUnit.SECONDS).record().floatValue("return"));
            assertEquals(1, server.dispatched.get(), "the request given up was never dispatched");
        }
    }

    @Test
    void anAsyncCallsOwnDeadlineFailsItAndFreesItsSlot() throws Exception {
        try (HhfrClient client = streamingClient().callTimeoutMillis(30_000).build()) {
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> holding = session.callAsync(FloatSum.request(HhfrServerSide.HELD, 1f));
            long start = System.nanoTime();
            CompletableFuture<Message> late = session.callAsync(FloatSum.request(1f, 2f),
                    CallOptions.defaults().withTimeoutMillis(300));
            ExecutionException failure = assertThrowsExecution(late);
            assertInstanceOf(CallTimeoutException.class, failure.getCause());
            assertEquals(300, ((CallTimeoutException) failure.getCause()).timeoutMillis());
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 5_000);
            await(() -> server.metrics().get(Counter.MESSAGES_CANCELLED) == 1);
            server.release();
            holding.get(10, TimeUnit.SECONDS);
            assertEquals(1, server.dispatched.get(), "the expired request was never dispatched");
        }
    }

    @Test
    void cancellingASoapCallAbortsItsHttpRequest() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             HhfrClient client = HhfrClient.builder("http://127.0.0.1:" + silent.getLocalPort() + "/FloatSum")
                     .preferredModes(Mode.SOAP).readTimeoutMillis(60_000).callTimeoutMillis(60_000).build()) {
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> call = session.callAsync(FloatSum.request(1f));
            try (Socket accepted = silent.accept()) {
                accepted.setSoTimeout(10_000);
                InputStream in = accepted.getInputStream();
                in.read(new byte[8192]); // the request arrived
                long start = System.nanoTime();
                call.cancel(true);
                byte[] rest = new byte[8192];
                int n;
                do {
                    n = in.read(rest);
                } while (n > 0);
                assertEquals(-1, n, "the client closed the connection");
                assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 5_000);
            }
        }
    }

    @Test
    void closingTheClientFailsItsSoapCallsAndOneWaySendsInFlightAtOnceAndAbortsTheirRequests() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            HhfrClient client = HhfrClient.builder("http://127.0.0.1:" + silent.getLocalPort() + "/FloatSum")
                    .preferredModes(Mode.SOAP).readTimeoutMillis(60_000).callTimeoutMillis(60_000).build();
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> async = session.callAsync(FloatSum.request(1f));
            CompletableFuture<Float> blocking = CompletableFuture.supplyAsync(() -> {
                try {
                    return session.call(Float.class, new float[] {2f});
                } catch (HhfrException e) {
                    throw new CompletionException(e);
                }
            });
            Session oneWay = client.open(Operation.oneWay(FloatSum.ACTION, FloatSum.REQUEST_STRUCTURE));
            CompletableFuture<Void> sending = CompletableFuture.runAsync(() -> {
                try {
                    oneWay.send(FloatSum.request(3f));
                } catch (HhfrException e) {
                    throw new CompletionException(e);
                }
            });
            try (Socket first = silent.accept(); Socket second = silent.accept(); Socket third = silent.accept()) {
                List<Socket> accepted = List.of(first, second, third);
                for (Socket socket : accepted) {
                    socket.getInputStream().read(new byte[8192]); // every request arrived
                }
                long start = System.nanoTime();
                client.close();

                ExecutionException asyncFailure = assertThrows(ExecutionException.class,
                        () -> async.get(5, TimeUnit.SECONDS));
                assertInstanceOf(SessionClosedException.class, asyncFailure.getCause());
                for (CompletableFuture<?> waiting : List.of(blocking, sending)) {
                    ExecutionException failure = assertThrows(ExecutionException.class,
                            () -> waiting.get(5, TimeUnit.SECONDS));
                    assertInstanceOf(SessionClosedException.class, failure.getCause());
                }
                assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 5_000);
                for (Socket socket : accepted) {
                    socket.setSoTimeout(5_000);
                    int n;
                    do {
                        n = socket.getInputStream().read(new byte[8192]);
                    } while (n > 0);
                    assertEquals(-1, n, "the client closed the connection");
                }
            }
        }
    }

    @Test
    void asyncResultsArriveOnTheCallbackExecutor() throws Exception {
        ExecutorService app = Executors.newSingleThreadExecutor(task -> new Thread(task, "app-main"));
        try {
            assertEquals("app-main", threadTheResultArrivesOn(app));
        } finally {
            app.shutdownNow();
        }
    }

    @Test
    void aCallbackExecutorThatRefusesLeavesAsyncResultsToAShortLivedThreadNotToTheStreams() throws Exception {
        ExecutorService app = Executors.newSingleThreadExecutor();
        app.shutdown(); // refuses every task, as an app's executor after its screen closed
        assertEquals("hhfr-call", threadTheResultArrivesOn(app));
    }

    /** The name of the thread on which a streamed asynchronous call's result reaches the app's callback. */
    private String threadTheResultArrivesOn(ExecutorService callbacks) throws Exception {
        try (HhfrClient client = streamingClient().callbackExecutor(callbacks).build()) {
            Session session = client.open(FloatSum.operation());
            AtomicReference<String> thread = new AtomicReference<>();
            CompletableFuture<Message> call = session.callAsync(FloatSum.request(HhfrServerSide.HELD, 2f));
            CompletableFuture<Void> seen = call.thenAccept(response -> thread.set(Thread.currentThread().getName()));
            server.release();
            seen.get(10, TimeUnit.SECONDS);
            return thread.get();
        }
    }

    @Test
    void theInterceptorsHearOfACancelOnTheCallbackExecutorNotOnTheCancellingThread() throws Exception {
        ExecutorService app = Executors.newSingleThreadExecutor(task -> new Thread(task, "app-main"));
        CountDownLatch left = new CountDownLatch(1);
        CompletableFuture<String> endedOn = new CompletableFuture<>();
        Interceptor ends = new Interceptor() {
            @Override
            public void onCall(CallDetails call) {
                left.countDown();
            }

            @Override
            public void onEnd(CallDetails call, Message response, Throwable failure) {
                endedOn.complete(Thread.currentThread().getName() + " " + failure.getClass().getSimpleName());
            }
        };
        try (HhfrClient client = streamingClient().callbackExecutor(app).addInterceptor(ends).build()) {
            Session session = client.open(FloatSum.operation());
            CompletableFuture<Message> call = session.callAsync(FloatSum.request(HhfrServerSide.HELD, 2f));
            assertTrue(left.await(10, TimeUnit.SECONDS));
            call.cancel(true);
            assertEquals("app-main CancellationException", endedOn.get(10, TimeUnit.SECONDS));
        } finally {
            server.release();
            app.shutdownNow();
        }
    }

    @Test
    void theListenerHearsTheStreamNegotiatedResumedAndClosed() throws Exception {
        RecordingListener events = new RecordingListener();
        try (HhfrClient client = streamingClient().eventListener(events).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(1f, session.call(Float.class, new float[] {1f}));
            assertEquals(List.of("negotiated HHFR_TCP window " + ReliabilityPolicy.defaults().window()),
                    events.seen);
            server.dropConnections();
            await(() -> events.seen.contains("resumed"), events.seen);
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));
            session.close();
            assertTrue(events.seen.get(1).startsWith("reconnecting "), events.seen.toString());
            assertEquals("closed", events.seen.get(events.seen.size() - 1));
        }
    }

    @Test
    void aListenerThatThrowsDisturbsNoCallAndItsExceptionGoesToTheUncaughtExceptionHandler() throws Exception {
        List<Throwable> uncaught = uncaughtErrors.errors();
        EventListener throwing = new EventListener() {
            @Override
            public void negotiated(Session session, Mode mode, ReliabilityPolicy agreed) {
                throw new IllegalStateException("a bug in the app's listener");
            }

            @Override
            public void fellBackToSoap(Session session, String reason) {
                throw new IllegalStateException("another bug in the app's listener");
            }
        };
        try (HhfrClient client = streamingClient().eventListener(throwing).build()) {
            Session session = client.open(FloatSum.operation());
            List<CompletableFuture<Message>> calls = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                calls.add(session.callAsync(FloatSum.request(i, 0.5f)));
            }
            for (int i = 0; i < 5; i++) {
                assertEquals(i + 0.5f, calls.get(i).get(10, TimeUnit.SECONDS).record().floatValue("return"));
            }
            assertEquals(Mode.HHFR_TCP, session.mode());
        }
        try (TestService plain = TestService.plain();
             HhfrClient client = HhfrClient.builder(plain.url()).eventListener(throwing).build()) {
            assertEquals(3f, client.open(FloatSum.operation()).call(Float.class, new float[] {1f, 2f}));
        }
        assertEquals(List.of("a bug in the app's listener", "another bug in the app's listener"),
                uncaught.stream().map(Throwable::getMessage).collect(Collectors.toList()));
    }

    @Test
    void anInterceptorsUnusableHeaderFailsTheCallAtOnceSyncAndAsync() throws Exception {
        Interceptor lineBreak = new Interceptor() {
            @Override
            public void onCall(CallDetails call) {
                call.header("X-Trace", "1\r\nX-Injected: yes");
            }
        };
        try (TestService plain = TestService.plain();
             HhfrClient client = HhfrClient.builder(plain.url()).addInterceptor(lineBreak).callTimeoutMillis(30_000)
                     .build()) {
            Session session = client.open(FloatSum.operation());
            HhfrException sync = assertThrows(HhfrException.class,
                    () -> session.call(Float.class, new float[] {1f}));
            assertTrue(sync.getMessage().contains("stopped by an interceptor")
                    && sync.getMessage().contains("not a usable HTTP header: X-Trace"), sync.getMessage());
            ExecutionException async = assertThrows(ExecutionException.class,
                    () -> session.callAsync(FloatSum.request(1f)).get(5, TimeUnit.SECONDS));
            assertInstanceOf(HhfrException.class, async.getCause());
            assertEquals(0, plain.soapCalls.get(), "nothing left");
        }
    }

    /** What onEnd throws, an exception or an Error (an assertion, Kotlin's TODO()), goes to the app alike. */
    @ParameterizedTest(name = "an {0}")
    @ValueSource(strings = {"exception", "error"})
    void anOnEndThatThrowsLeavesTheEndToTheLaterInterceptorsAndWhatItThrowsToTheUncaughtExceptionHandler(
            String thrown) throws Exception {
        List<Throwable> uncaught = uncaughtErrors.errors();
        List<String> ends = new CopyOnWriteArrayList<>();
        try (TestService plain = TestService.plain();
             HhfrClient client = HhfrClient.builder(plain.url()).addInterceptor(new Interceptor() {
                 @Override
                 public void onEnd(CallDetails call, Message response, Throwable failure) {
                     if (thrown.equals("error")) {
                         throw new AssertionError("a bug in the app's interceptor");
                     }
                     throw new IllegalStateException("a bug in the app's interceptor");
                 }
             }).addInterceptor(new Interceptor() {
                 @Override
                 public void onEnd(CallDetails call, Message response, Throwable failure) {
                     ends.add(response.record().floatValue("return") + "");
                 }
             }).build()) {
            assertEquals(3f, client.open(FloatSum.operation()).call(Float.class, new float[] {1f, 2f}));
        }
        assertEquals(List.of("3.0"), ends);
        assertEquals(List.of("a bug in the app's interceptor"),
                uncaught.stream().map(Throwable::getMessage).collect(Collectors.toList()));
    }

    @Test
    void theListenerHearsWhyTheSessionFellBackToSoap() throws Exception {
        RecordingListener events = new RecordingListener();
        try (TestService plain = TestService.plain();
             HhfrClient client = HhfrClient.builder(plain.url()).eventListener(events).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));
            assertEquals(1, events.seen.size(), events.seen.toString());
            assertTrue(events.seen.get(0).startsWith("fell back: ") && events.seen.get(0).contains("hhfr:Answer"),
                    events.seen.toString());
        }
    }

    @Test
    void aSessionDeclinedWhileTheServersStoreWasUnreachableStreamsWhenItOffersAgainLater() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        server.storeUnreachable(true);
        RecordingListener events = new RecordingListener();
        try (HhfrClient client = HhfrClient.builder(server.service().url()).preferredModes(Mode.HHFR_TCP)
                .offerAgainAfterMillis(500).eventListener(events).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));
            assertEquals(Mode.SOAP, session.mode());
            assertTrue(events.seen.get(0).startsWith("fell back: ") && events.seen.get(0).contains("cannot be reached"),
                    events.seen.toString());
            server.storeUnreachable(false);
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));
            assertEquals(Mode.SOAP, session.mode(), "no offer before the wait passed");
            Thread.sleep(600);
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));
            await(() -> session.mode() == Mode.HHFR_TCP, events.seen);
            assertEquals(6f, session.call(Float.class, new float[] {1f, 2f, 3f}));
            assertEquals(1, server.dispatched.get(), "the last call streamed");
            assertEquals("negotiated HHFR_TCP window " + ReliabilityPolicy.defaults().window(), events.seen.get(1));
        }
    }

    @Test
    void interceptorsSeeEveryCallAndAddHttpHeadersToSoapCalls() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        Interceptor tracing = new Interceptor() {
            @Override
            public void onCall(CallDetails call) {
                call.header("X-Trace", "42");
                seen.add("call " + call.mode() + " " + call.request().record().floats("values").length);
            }

            @Override
            public void onEnd(CallDetails call, Message response, Throwable failure) {
                assertNull(failure);
                assertTrue(call.elapsedMillis() >= 0);
                seen.add("end " + call.mode() + " " + response.record().floatValue("return"));
            }
        };
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        try (HhfrClient client = HhfrClient.builder(server.service().url()).preferredModes(Mode.HHFR_TCP)
                .addInterceptor(tracing).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));
            assertEquals("42", server.service().lastHeaders.get().getFirst("X-Trace"));
            await(() -> session.mode() == Mode.HHFR_TCP);
            assertEquals(6f, session.call(Float.class, new float[] {1f, 2f, 3f}));
            await(() -> seen.size() == 4);
            assertEquals(List.of("call SOAP 2", "end SOAP 3.0", "call HHFR_TCP 3", "end HHFR_TCP 6.0"), seen);
        }
    }

    private static ExecutionException assertThrowsExecution(CompletableFuture<Message> future) throws Exception {
        try {
            future.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e;
        }
        throw new AssertionError("the call did not fail");
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        await(condition, "");
    }

    private static void await(BooleanSupplier condition, Object seen) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the condition did not hold within 10 s " + seen);
            }
            Thread.sleep(10);
        }
    }
}
