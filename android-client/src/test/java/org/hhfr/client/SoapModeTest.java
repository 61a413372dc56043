package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
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
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.soap.FaultCode;
import org.hhfr.streamer.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client against a plain SOAP service that knows nothing of HHFR, and against hosts that do not answer. */
class SoapModeTest {
    private TestService service;

    @BeforeEach
    void start() throws IOException {
        service = TestService.plain();
    }

    @AfterEach
    void stop() {
        service.close();
    }

    @Test
    void callsWithPlainValuesFallBackToSoapWithoutLosingTheFirstResult() throws Exception {
        try (HhfrClient client = HhfrClient.builder(service.url()).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(4f, session.call(Float.class, new float[] {1.5f, 2.5f}));
            assertEquals(Mode.SOAP, session.mode());
            assertEquals(6f, session.call(FloatSum.request(1f, 2f, 3f)).record().floatValue("return"));
            assertEquals(2, service.soapCalls.get());
        }
    }

    @Test
    void asyncCallsCompleteTheirFutures() throws Exception {
        try (HhfrClient client = HhfrClient.builder(service.url()).build()) {
            Session session = client.open(FloatSum.operation());
            List<java.util.concurrent.CompletableFuture<Message>> futures = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                futures.add(session.callAsync(FloatSum.request(i, 1f)));
            }
            for (int i = 0; i < 5; i++) {
                assertEquals(i + 1f, futures.get(i).get(5, TimeUnit.SECONDS).record().floatValue("return"));
            }
        }
    }

    @Test
    void manyAsyncCallsOverSoapUseAtMostFiveConnectionsAtATime() throws Exception {
        AtomicInteger busy = new AtomicInteger();
        AtomicInteger mostBusy = new AtomicInteger();
        Executor counting = task -> new Thread(() -> {
            mostBusy.accumulateAndGet(busy.incrementAndGet(), Math::max);
            try {
                task.run();
            } finally {
                busy.decrementAndGet();
            }
        }).start();
        try (HhfrClient client = HhfrClient.builder(service.url()).executor(counting).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));
            CountDownLatch held = new CountDownLatch(1);
            service.holdRequestsUntil(held);
            List<CompletableFuture<Message>> futures = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                futures.add(session.callAsync(FloatSum.request(i, 1f)));
            }
            Thread.sleep(200);
            held.countDown();
            for (int i = 0; i < 40; i++) {
                assertEquals(i + 1f, futures.get(i).get(10, TimeUnit.SECONDS).record().floatValue("return"));
            }
        }
        assertEquals(SoapLanes.LANES, mostBusy.get(), "tasks sending the session's SOAP calls at once");
    }

    @Test
    void callsTheExecutorRefusesFailAndLaterCallsStillGo() throws Exception {
        AtomicInteger refusals = new AtomicInteger(SoapLanes.LANES);
        Executor refusingAtFirst = task -> {
            if (refusals.getAndDecrement() > 0) {
                throw new RejectedExecutionException("shut down");
            }
            new Thread(task).start();
        };
        try (HhfrClient client = HhfrClient.builder(service.url()).executor(refusingAtFirst).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));
            for (int i = 0; i < SoapLanes.LANES; i++) {
                ExecutionException refused = assertThrows(ExecutionException.class,
                        () -> session.callAsync(FloatSum.request(1f)).get(5, TimeUnit.SECONDS));
                assertTrue(refused.getCause().getCause() instanceof RejectedExecutionException, refused.toString());
            }
            assertEquals(2f, session.callAsync(FloatSum.request(1f, 1f)).get(5, TimeUnit.SECONDS).record()
                    .floatValue("return"), "a lane is free again");
        }
        assertEquals(2, service.soapCalls.get(), "the refused calls were never sent");
    }

    @Test
    void soapFaultsSentWithHttp500AreTypedWithCodeAndReason() throws Exception {
        for (SoapVersion version : SoapVersion.values()) {
            try (HhfrClient client = HhfrClient.builder(service.url()).soapVersion(version).build()) {
                Session session = client.open(FloatSum.operation());
                ServiceFaultException fault = assertThrows(ServiceFaultException.class,
                        () -> session.call(FloatSum.request(Float.NaN)));
                assertEquals(FaultCode.SENDER, fault.standardCode());
                assertEquals("values must be numbers, not NaN", fault.reason());
                ExecutionException async = assertThrows(ExecutionException.class,
                        () -> session.callAsync(FloatSum.request(Float.NaN)).get(5, TimeUnit.SECONDS));
                assertTrue(async.getCause() instanceof ServiceFaultException);
            }
        }
    }

    @Test
    void aRequestOverTheSizeLimitFailsClearlyBeforeAnythingIsSent() throws Exception {
        try (HhfrClient client = HhfrClient.builder(service.url()).maxMessageBytes(500).build()) {
            Session session = client.open(FloatSum.operation());
            MessageTooLargeException tooLarge = assertThrows(MessageTooLargeException.class,
                    () -> session.call(FloatSum.request(new float[100])));
            assertEquals(500, tooLarge.limit());
            assertTrue(tooLarge.getMessage().contains("larger than the limit of 500 bytes"), tooLarge.getMessage());
            assertEquals(0, service.soapCalls.get());
        }
    }

    @Test
    void aResponseOverTheSizeLimitFailsClearly() throws Exception {
        try (HhfrClient client = HhfrClient.builder(service.url("/Huge")).preferredModes(Mode.SOAP).build()) {
            Session session = client.open(FloatSum.operation());
            assertThrows(MessageTooLargeException.class, () -> session.call(FloatSum.request(1f)));
        }
    }

    @Test
    void aPortWithoutListenerFailsFast() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        try (HhfrClient client = HhfrClient.builder("http://127.0.0.1:" + port + "/FloatSum").build()) {
            Session session = client.open(FloatSum.operation());
            long start = System.nanoTime();
            HhfrException failure = assertThrows(HhfrException.class, () -> session.call(FloatSum.request(1f)));
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 5_000, failure.getMessage());
            assertTrue(failure.getMessage().contains("127.0.0.1:" + port), failure.getMessage());
        }
    }

    @Test
    void aSilentServerIsCutOffByTheReadTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
             HhfrClient client = HhfrClient.builder("http://127.0.0.1:" + silent.getLocalPort() + "/FloatSum")
                     .readTimeoutMillis(300).callTimeoutMillis(10_000).build()) {
            List<Socket> accepted = acceptForever(silent);
            Session session = client.open(FloatSum.operation());
            long start = System.nanoTime();
            assertThrows(CallTimeoutException.class, () -> session.call(FloatSum.request(1f)));
            long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(took >= 250 && took < 3_000, "took " + took + " ms");
            closeAll(accepted);
        }
    }

    @Test
    void theCallTimeoutHoldsForAsyncCallsWhateverTheServerDoes() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
             HhfrClient client = HhfrClient.builder("http://127.0.0.1:" + silent.getLocalPort() + "/FloatSum")
                     .readTimeoutMillis(60_000).callTimeoutMillis(400).build()) {
            List<Socket> accepted = acceptForever(silent);
            Session session = client.open(FloatSum.operation());
            long start = System.nanoTime();
            ExecutionException failure = assertThrows(ExecutionException.class,
                    () -> session.callAsync(FloatSum.request(1f)).get(10, TimeUnit.SECONDS));
            assertTrue(failure.getCause() instanceof CallTimeoutException, failure.getCause().toString());
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 3_000);
            assertThrows(CallTimeoutException.class, () -> session.call(FloatSum.request(1f)));
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 5_000);
            closeAll(accepted);
        }
    }

    @Test
    void aClosedSessionRefusesCalls() throws Exception {
        try (HhfrClient client = HhfrClient.builder(service.url()).build()) {
            Session session = client.open(FloatSum.operation());
            session.close();
            assertThrows(SessionClosedException.class, () -> session.call(FloatSum.request(1f)));
        }
    }

    @Test
    void aRequestOfAnotherOperationIsRefused() throws Exception {
        try (HhfrClient client = HhfrClient.builder(service.url()).build()) {
            Session session = client.open(FloatSum.operation());
            Message wrong = Message.of(FloatSum.RESPONSE_STRUCTURE).set("return", 1f).build();
            assertThrows(IllegalArgumentException.class, () -> session.call(wrong));
            assertThrows(IllegalArgumentException.class, () -> session.call(Float.class, "a", "b"));
        }
    }

    @Test
    void oneWayRequestsAreSentAndTheirAnswerSkipped() throws Exception {
        try (HhfrClient client = HhfrClient.builder(service.url()).build()) {
            Session session = client.open(Operation.oneWay(FloatSum.ACTION, FloatSum.REQUEST_STRUCTURE));
            session.send(FloatSum.request(1f, 2f));
            session.send(FloatSum.request(3f));
            assertEquals(2, service.soapCalls.get());
            assertEquals(Mode.SOAP, session.mode());
            assertThrows(IllegalStateException.class, () -> session.call(FloatSum.request(1f)));
            Session answering = client.open(FloatSum.operation());
            assertThrows(IllegalStateException.class, () -> answering.send(FloatSum.request(1f)));
        }
    }

    /**
     * A call or send that passed its session's open check just as another thread closed the session reaches the
     * SOAP lanes after they closed: it fails as closed, never sent, as those the close found did.
     */
    @Test
    void callsAndSendsHandedToTheSoapLanesAfterTheSessionClosedFailAsClosedAndAreNeverSent() throws Exception {
        try (HhfrClient client = HhfrClient.builder(service.url()).build()) {
            Operation answering = FloatSum.operation();
            Operation oneWay = Operation.oneWay(FloatSum.ACTION, FloatSum.REQUEST_STRUCTURE);
            SoapLanes lanes = new SoapLanes(new SoapChannel(client.settings(), answering), new BackgroundWork(null));
            SoapLanes oneWayLanes = new SoapLanes(new SoapChannel(client.settings(), oneWay),
                    new BackgroundWork(null));
            lanes.close(() -> SessionFailures.closed(answering));
            oneWayLanes.close(() -> SessionFailures.closed(oneWay));

            PendingCall call = PendingCall.start(client.settings(), answering, client.timer(), 5_000, false,
                    List.of());
            UnsentCall unsent = new UnsentCall(call, FloatSum.request(1f));
            lanes.send(List.of(unsent), unsent);
            PendingCall send = PendingCall.start(client.settings(), oneWay, client.timer(), 5_000, false, List.of());
            oneWayLanes.sendOneWay(send, FloatSum.request(2f));

            assertInstanceOf(SessionClosedException.class, assertThrows(HhfrException.class, call::await));
            assertInstanceOf(SessionClosedException.class, assertThrows(HhfrException.class, send::await));
            assertEquals(0, service.soapCalls.get());
        }
    }

    @Test
    void aOneWaySendPassesTheInterceptorsAndCarriesItsOwnHeaderBlock() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        Interceptor tracing = new Interceptor() {
            @Override
            public void onCall(CallDetails call) {
                call.header("X-Trace", "42");
                seen.add("call " + call.mode());
            }

            @Override
            public void onEnd(CallDetails call, Message response, Throwable failure) {
                seen.add("end " + response + " " + failure);
            }
        };
        try (HhfrClient client = HhfrClient.builder(service.url()).addInterceptor(tracing).build()) {
            Session session = client.open(Operation.oneWay(FloatSum.ACTION, FloatSum.REQUEST_STRUCTURE));
            session.send(FloatSum.request(1f, 2f),
                    CallOptions.defaults().withHeader("<t:trace xmlns:t=\"urn:t\">7</t:trace>"));
            assertEquals("42", service.lastHeaders.get().getFirst("X-Trace"));
            assertTrue(service.lastEnvelope.get().contains("urn:t"), service.lastEnvelope.get());
            assertEquals(List.of("call SOAP", "end null null"), seen);
        }
    }

    @Test
    void aOneWaySendFailsAtItsOwnDeadline() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        service.holdResponsesUntil(gate);
        try (HhfrClient client = HhfrClient.builder(service.url()).callTimeoutMillis(30_000).build()) {
            Session session = client.open(Operation.oneWay(FloatSum.ACTION, FloatSum.REQUEST_STRUCTURE));
            long start = System.nanoTime();
            assertThrows(CallTimeoutException.class,
                    () -> session.send(FloatSum.request(1f), CallOptions.defaults().withTimeoutMillis(300)));
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5));
        } finally {
            gate.countDown();
        }
    }

    static List<Socket> acceptForever(ServerSocket server) {
        List<Socket> accepted = new java.util.concurrent.CopyOnWriteArrayList<>();
        Thread thread = new Thread(() -> {
            while (!server.isClosed()) {
                try {
                    accepted.add(server.accept());
                } catch (IOException e) {
                    return;
                }
            }
        }, "test-silent-acceptor");
        thread.setDaemon(true);
        thread.start();
        return accepted;
    }

    static void closeAll(List<Socket> sockets) throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
    }
}
