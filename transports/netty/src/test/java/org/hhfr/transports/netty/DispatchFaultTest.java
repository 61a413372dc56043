package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.transports.fault.StreamFault;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A dispatch that fails answers its call with a fault; the stream and the other calls go on. */
@Timeout(30)
class DispatchFaultTest {
    private final InMemoryContextStore store = TestSessions.store();
    private StreamServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        store.close();
    }

    @Test
    void aThrowingServiceFailsOnlyThatCallWithAReceiverFaultAndTheStreamGoesOn() throws Exception {
        server = StreamServer.start(store, (session, message) -> {
            if (SequenceChecker.number(message.payload()) == 3) {
                throw new IllegalStateException("broken service\n\tat org.example.Sum.run(Sum.java:7)");
            }
            return CompletableFuture.completedFuture(message.payload());
        }, TestSessions.config());
        try (NettyStreamClient client = TestSessions.tcpClient(server, TestSessions.grant(store)).connect()) {
            List<CompletableFuture<byte[]>> calls = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                calls.add(client.call(SequenceChecker.body(i)));
            }

            StreamFaultException fault = faultOf(calls.get(3));
            assertEquals(StreamFault.Code.RECEIVER, fault.code());
            assertEquals("broken service", fault.reason());
            for (int i = 0; i < 6; i++) {
                if (i != 3) {
                    assertEquals(i, SequenceChecker.number(calls.get(i).get(5, TimeUnit.SECONDS)));
                }
            }
            assertEquals(6, SequenceChecker.number(client.call(SequenceChecker.body(6)).get(5, TimeUnit.SECONDS)));
            assertFalse(client.finished().isDone());
            client.closeGracefully().get(5, TimeUnit.SECONDS);
        }
        TestSessions.awaitCounter(server, TransportMetrics.Counter.SESSIONS_FINISHED, 1);
        assertEquals(1, server.metrics().get(TransportMetrics.Counter.DISPATCH_FAILURES));
        assertEquals(0, server.metrics().get(TransportMetrics.Counter.SESSIONS_FAILED));
    }

    @Test
    void aStageCompletedExceptionallyIsAFaultOverUdpToo() throws Exception {
        server = StreamServer.start(store, (session, message) -> {
            CompletableFuture<byte[]> response = new CompletableFuture<>();
            if (SequenceChecker.number(message.payload()) == 0) {
                response.completeExceptionally(new ArithmeticException("overflow"));
            } else {
                response.complete(message.payload());
            }
            return response;
        }, TestSessions.config());
        try (NettyStreamClient client = TestSessions.udpClient(server,
                store.create(TestSessions.floatSum("urn:hhfr:transport:udp"))).connect()) {
            StreamFaultException fault = faultOf(client.call(SequenceChecker.body(0)));
            assertEquals(StreamFault.Code.RECEIVER, fault.code());
            assertEquals("overflow", fault.reason());
            assertEquals(1, SequenceChecker.number(client.call(SequenceChecker.body(1)).get(5, TimeUnit.SECONDS)));
        }
    }

    @Test
    void aDispatcherThatCannotDecodeTheRequestAnswersASenderFault() throws Exception {
        server = StreamServer.start(store, StreamDispatcher.ofFunction((session, message) -> {
            if (message.payload().length != 8) {
                throw new StreamFaultException(StreamFault.Code.SENDER, "a request is 8 bytes");
            }
            return message.payload();
        }), TestSessions.config());
        try (NettyStreamClient client = TestSessions.tcpClient(server, TestSessions.grant(store)).connect()) {
            StreamFaultException fault = faultOf(client.call(new byte[3]));
            assertEquals(StreamFault.Code.SENDER, fault.code());
            assertEquals("a request is 8 bytes", fault.reason());
            assertEquals(1, SequenceChecker.number(client.call(SequenceChecker.body(1)).get(5, TimeUnit.SECONDS)));
        }
    }

    @Test
    void aRequestNamingTheReservedFaultOperationIsRefusedUndispatched() throws Exception {
        SequenceChecker checker = new SequenceChecker();
        server = StreamServer.start(store, checker.dispatcher(), TestSessions.config());
        try (NettyStreamClient client = TestSessions.tcpClient(server, TestSessions.grant(store)).connect()) {
            StreamFaultException fault = faultOf(client.call(StreamFault.OPERATION, SequenceChecker.body(0)));
            assertEquals(StreamFault.Code.SENDER, fault.code());
            assertTrue(fault.reason().contains("reserved"), fault.reason());
            assertEquals(0, SequenceChecker.number(client.call(SequenceChecker.body(0)).get(5, TimeUnit.SECONDS)));
        }
        assertEquals(1, checker.delivered.get());
    }

    private static StreamFaultException faultOf(CompletableFuture<byte[]> call) {
        ExecutionException failed = assertThrows(ExecutionException.class, () -> call.get(5, TimeUnit.SECONDS));
        assertTrue(failed.getCause() instanceof StreamFaultException, String.valueOf(failed.getCause()));
        return (StreamFaultException) failed.getCause();
    }
}
