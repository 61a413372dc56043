package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.hhfr.contextstore.StreamEndpoint;
import org.junit.jupiter.api.Test;

/** The connection opened early belongs to the first stream that takes it, until the session closes it. */
class EarlyConnectionTest {
    private static final int CONNECT_TIMEOUT_MILLIS = 30_000;

    @Test
    void aSecondStreamAskingForTheConnectionLeavesTheFirstOnesConnectAlone() throws Exception {
        try (UnansweredEndpoint unanswered = new UnansweredEndpoint();
                HhfrClient client = HhfrClient.builder("http://127.0.0.1:1/services/FloatSum")
                        .connectTimeoutMillis(CONNECT_TIMEOUT_MILLIS).build()) {
            StreamEndpoint hinted = StreamEndpoint.of("127.0.0.1", unanswered.port());
            EarlyConnection early = new EarlyConnection(hinted);
            early.start(client.settings(), new BackgroundWork(task -> new Thread(task, "early-connect").start()));
            CompletableFuture<StreamSocket> first = CompletableFuture.supplyAsync(() -> {
                try {
                    return early.take(hinted, CONNECT_TIMEOUT_MILLIS);
                } catch (HhfrException e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(200); // the first stream waits for the connect

            assertNull(early.take(StreamEndpoint.of("127.0.0.1", unanswered.port() + 1), CONNECT_TIMEOUT_MILLIS));
            assertNull(early.take(hinted, CONNECT_TIMEOUT_MILLIS), "taken by the first stream already");
            Thread.sleep(200);
            assertFalse(first.isDone(), "the first stream still waits for its connect");

            early.close();
            ExecutionException closed = assertThrows(ExecutionException.class, () -> first.get(5, TimeUnit.SECONDS));
            assertTrue(closed.getCause().getCause() instanceof HhfrException, closed.toString());
        }
    }
}
