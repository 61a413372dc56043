package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The answers of a pipelined burst leave a young TCP connection together: while other requests of the session are
 * still in dispatch, an answer waits for theirs (at most the configured window), so a burst whose dispatches
 * finish one after another is written in a few writes, not one per answer. The window here is far wider than the
 * burst, the dispatches start once the whole burst arrived, and the requests are acknowledged with the answers
 * only (a session that agreed a long acknowledgement interval), so that the count does not depend on how fast a
 * shared machine runs: acknowledgements written alone while the burst arrives would use up the young
 * connection's first flight.
 */
@Timeout(60)
class AnswerGatheringTest {
    private static final int CALLS = 100;
    /** Each dispatch takes this long, one after another: answers trickle in, 0.5 ms apart. */
    private static final long DISPATCH_NANOS = TimeUnit.MICROSECONDS.toNanos(500);
    /** Longer than the test: requests are acknowledged only along with answers. */
    private static final int ACK_INTERVAL_MILLIS = 30_000;

    private final InMemoryContextStore store = TestSessions.store();
    private final ExecutorService dispatchThread = Executors.newSingleThreadExecutor();
    /** Requests handed to the dispatcher so far. */
    private final AtomicInteger dispatched = new AtomicInteger();
    private final Executor dispatch = task -> {
        dispatched.incrementAndGet();
        dispatchThread.execute(task);
    };
    private StreamServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        dispatchThread.shutdownNow();
        store.close();
    }

    @Test
    void theAnswersOfABurstWhoseDispatchesFinishOneByOneLeaveInAFewWrites() throws Exception {
        long writes = burstWrites(200);
        // The answers leave in one or two writes; without gathering, about one write per answer.
        assertTrue(writes <= 5, CALLS + " answers took " + writes + " writes");
    }

    /** The writes that carried the answers of a burst of {@link #CALLS} calls, with a gathering window. */
    private long burstWrites(long gatheringMillis) throws Exception {
        server = StreamServer.start(store, StreamDispatcher.ofFunction((session, message) -> {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            // The burst's dispatches start once all of it arrived (the first call, before it, runs at once).
            while (dispatched.get() > 1 && dispatched.get() < CALLS + 1 && System.nanoTime() < deadline) {
                LockSupport.parkNanos(DISPATCH_NANOS);
            }
            LockSupport.parkNanos(DISPATCH_NANOS);
            return message.payload();
        }), TestSessions.config().toBuilder().dispatchExecutor(dispatch).answerGatheringMillis(gatheringMillis)
                .streamReliability(ReliabilityConfig.forStream().toBuilder().ackPolicy(ACK_INTERVAL_MILLIS, CALLS * 2)
                        .build())
                .build());
        SessionGrant grant = store.create(TestSessions.floatSum("urn:hhfr:transport:tcp", false,
                ReliabilityPolicy.defaults().toBuilder().ackIntervalMillis(ACK_INTERVAL_MILLIS).build()));
        long writes;
        try (NettyStreamClient client = TestSessions.tcpClient(server, grant).connect()) {
            client.call(SequenceChecker.body(0)).get(10, TimeUnit.SECONDS);
            long writesBefore = server.metrics().get(TransportMetrics.Counter.TCP_WRITES);
            List<CompletableFuture<?>> calls = new ArrayList<>();
            for (int i = 1; i <= CALLS; i++) {
                calls.add(client.call(SequenceChecker.body(i)));
            }
            for (CompletableFuture<?> call : calls) {
                call.get(10, TimeUnit.SECONDS);
            }
            writes = server.metrics().get(TransportMetrics.Counter.TCP_WRITES) - writesBefore;
        }
        assertEquals(CALLS + 1, server.metrics().get(TransportMetrics.Counter.MESSAGES_SENT));
        return writes;
    }
}
