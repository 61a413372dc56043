package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.hhfr.streamer.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Closing never waits behind a network call: the session's lock guards only its state, so a negotiation held
 * up by a service that accepted the connection and stays silent delays neither {@code close()} nor the calls
 * waiting for it, which fail at once with {@link SessionClosedException}.
 */
@Timeout(30)
class SessionCloseTest {
    /** Far longer than any close may take, so a close that waited for the negotiation shows. */
    private static final int READ_TIMEOUT_MILLIS = 10_000;

    private ServerSocket silent;
    private List<Socket> accepted;
    private HhfrClient client;

    @BeforeEach
    void listen() throws Exception {
        silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        accepted = SoapModeTest.acceptForever(silent);
    }

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        SoapModeTest.closeAll(accepted);
        silent.close();
    }

    @Test
    void closingTheClientDoesNotWaitForTheNegotiationOfASessionBeingOpened() throws Exception {
        client = client().negotiateOnOpen(true).build();
        CompletableFuture<Session> opening = CompletableFuture.supplyAsync(() -> {
            try {
                return client.open(FloatSum.operation());
            } catch (HhfrException e) {
                throw new CompletionException(e);
            }
        });
        awaitTrue(() -> !accepted.isEmpty(), "the negotiation request reached the silent service");

        long took = millisToRun(client::close);
        assertTrue(took < 2_000, "close took " + took + " ms");
        SoapModeTest.closeAll(accepted);
        Session session = opening.get(5, TimeUnit.SECONDS);
        assertThrows(SessionClosedException.class, () -> session.call(FloatSum.request(1f)));
    }

    @Test
    void closingASessionFailsTheCallsWaitingForTheOfferWithoutWaitingForIt() throws Exception {
        client = client().build();
        Session session = client.open(FloatSum.operation());
        CompletableFuture<Message> offering = session.callAsync(FloatSum.request(1f));
        awaitTrue(() -> !accepted.isEmpty(), "the offering call reached the silent service");
        CompletableFuture<Message> waiting = session.callAsync(FloatSum.request(2f));

        long took = millisToRun(session::close);
        assertTrue(took < 2_000, "close took " + took + " ms");
        ExecutionException failed = assertThrows(ExecutionException.class, () -> waiting.get(1, TimeUnit.SECONDS));
        assertTrue(failed.getCause() instanceof SessionClosedException, failed.getCause().toString());
        // The offering call is a SOAP call in flight like any: it fails too, its request aborted.
        ExecutionException offer = assertThrows(ExecutionException.class, () -> offering.get(1, TimeUnit.SECONDS));
        assertTrue(offer.getCause() instanceof SessionClosedException, offer.getCause().toString());
    }

    private HhfrClient.Builder client() {
        return HhfrClient.builder("http://127.0.0.1:" + silent.getLocalPort() + "/axis2/services/FloatSum")
                .readTimeoutMillis(READ_TIMEOUT_MILLIS).callTimeoutMillis(2L * READ_TIMEOUT_MILLIS);
    }

    private static long millisToRun(Runnable action) {
        long start = System.nanoTime();
        action.run();
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    private static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() - end < 0, "timed out waiting until " + what);
            Thread.sleep(5);
        }
    }
}
