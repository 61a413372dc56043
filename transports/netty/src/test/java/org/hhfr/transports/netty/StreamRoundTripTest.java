package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.transports.netty.testing.SampleServices;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(30)
class StreamRoundTripTest {
    private final InMemoryContextStore store = TestSessions.store();
    private StreamServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        store.close();
    }

    private void start() throws Exception {
        server = StreamServer.start(store,
                StreamDispatcher.ofFunction((session, message) -> SampleServices.sum(message.payload())),
                TestSessions.config());
    }

    @ParameterizedTest(name = "over {0}")
    @ValueSource(strings = {"TCP", "UDP"})
    void pipelinedFloatSumsAreAnsweredEachByItsOwnResponse(String link) throws Exception {
        start();
        SessionGrant grant = TestSessions.grant(store);
        NettyStreamClient.Builder builder = link.equals("TCP") ? TestSessions.tcpClient(server, grant)
                : TestSessions.udpClient(server, grant);
        try (NettyStreamClient client = builder.connect()) {
            assertAnswersInOrder(client, 2_000);
            client.closeGracefully().get(5, TimeUnit.SECONDS);
        }
        TestSessions.awaitCounter(server, TransportMetrics.Counter.SESSIONS_FINISHED, 1);
        assertEquals(0, server.metrics().get(TransportMetrics.Counter.SESSIONS_FAILED));
        TestSessions.await(server, "no session left", () -> server.sessionCount() == 0);
    }

    static void assertAnswersInOrder(NettyStreamClient client, int count) throws Exception {
        List<CompletableFuture<byte[]>> responses = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            responses.add(client.call(SampleServices.sumRequest(i, 0.5f)));
        }
        for (int i = 0; i < count; i++) {
            assertEquals(i + 0.5f, SampleServices.sumResult(responses.get(i).get(10, TimeUnit.SECONDS)), "call " + i);
        }
    }
}
