package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.SessionGrant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The answers of a pipelined burst leave a TCP stream together: while other requests of the session are still in
 * dispatch, an answer waits briefly for theirs, so a burst whose dispatches finish one after another is written
 * in a few writes, not one per answer.
 */
@Timeout(60)
class AnswerGatheringTest {
    private static final int CALLS = 100;
    /** Each dispatch takes this long, one after another: answers trickle in, 0.2 ms apart. */
    private static final long DISPATCH_NANOS = TimeUnit.MICROSECONDS.toNanos(200);

    private final InMemoryContextStore store = TestSessions.store();
    private final ExecutorService dispatch = Executors.newSingleThreadExecutor();
    private StreamServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        dispatch.shutdownNow();
        store.close();
    }

    @Test
    void theAnswersOfABurstWhoseDispatchesFinishOneByOneLeaveInAFewWrites() throws Exception {
        server = StreamServer.start(store, StreamDispatcher.ofFunction((session, message) -> {
            LockSupport.parkNanos(DISPATCH_NANOS);
            return message.payload();
        }), TestSessions.config().toBuilder().dispatchExecutor(dispatch).build());
        SessionGrant grant = TestSessions.grant(store);
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
            long writes = server.metrics().get(TransportMetrics.Counter.TCP_WRITES) - writesBefore;
            // About one write a millisecond (25 to 30 here); one per answer, or nearly, without gathering.
            assertTrue(writes <= CALLS / 2, CALLS + " answers took " + writes + " writes");
        }
        assertEquals(CALLS + 1, server.metrics().get(TransportMetrics.Counter.MESSAGES_SENT));
    }
}
