package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A client that stops reading cannot make the server buffer without bound: the server keeps at most its
 * engine's send buffer of unacknowledged responses plus its dispatch bound, stops reading the connection, and
 * carries on losslessly once the client reads again.
 */
class BackpressureTest {
    private static final int BUFFERED_RESPONSES = 128;
    private static final int PENDING_DISPATCHES = 64;
    private static final int CALLS = 20_000;

    @Test
    @Timeout(90)
    void clientThatDoesNotReadIsHeldAtABoundAndLosesNothingWhenItReadsAgain() throws Exception {
        SequenceChecker checker = new SequenceChecker();
        StreamDispatcher largeAnswers = (session, message) -> checker.dispatcher().dispatch(session, message)
                .thenApply(echo -> Arrays.copyOf(echo, 1024));
        StreamServerConfig config = TestSessions.config().toBuilder()
                .maxPendingDispatches(PENDING_DISPATCHES)
                .waterMark(8 << 10, 16 << 10)
                .streamReliability(ReliabilityConfig.forStream().toBuilder().maxMessageSizes(64 << 10, 64 << 10)
                        .maxBuffered(BUFFERED_RESPONSES, 1 << 20).build())
                .build();
        try (InMemoryContextStore store = TestSessions.store();
             StreamServer server = StreamServer.start(store, largeAnswers, config);
             CuttingTcpProxy proxy = new CuttingTcpProxy(
                     new InetSocketAddress(TestSessions.LOOPBACK, server.tcpPort()), 1, 0, 1, 1)) {
            SessionGrant grant = TestSessions.grant(store);
            try (NettyStreamClient client = NettyStreamClient.tcp(proxy.address(), grant.id().toBytes(),
                    grant.token().toBytes()).connect()) {
                proxy.pauseServerToClient(true);
                List<CompletableFuture<byte[]>> calls = new ArrayList<>();
                for (int i = 0; i < CALLS; i++) {
                    calls.add(client.call(SequenceChecker.body(i)));
                }
                long held = awaitStable(checker);
                assertTrue(held <= BUFFERED_RESPONSES + PENDING_DISPATCHES,
                        "server took " + held + " messages from a client that reads nothing");
                assertTrue(server.metrics().get(TransportMetrics.Counter.READS_PAUSED) > 0);

                proxy.pauseServerToClient(false);
                for (int i = 0; i < CALLS; i++) {
                    assertEquals(i, SequenceChecker.number(calls.get(i).get(30, TimeUnit.SECONDS)));
                }
            }
            assertEquals(CALLS, checker.delivered.get());
            assertEquals(0, checker.violations.get());
        }
    }

    /** Waits until the server has dispatched nothing new for half a second; the count then. */
    private static long awaitStable(SequenceChecker checker) throws InterruptedException {
        long last = -1;
        while (checker.delivered.get() != last) {
            last = checker.delivered.get();
            Thread.sleep(500);
        }
        return last;
    }
}
