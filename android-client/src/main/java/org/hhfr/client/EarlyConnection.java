package org.hhfr.client;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.hhfr.contextstore.StreamEndpoint;

/**
 * A stream's TCP connection (and, for a service reached over https, its TLS handshake) opened toward an
 * {@linkplain org.hhfr.contextstore.EndpointHint endpoint hint} while the negotiation runs, so that the stream
 * its answer grants there skips the connect round trip. The stream {@linkplain #take takes} it when its grant
 * names the hinted endpoint; otherwise it is closed, and a wrong hint costs the one connection. Thread-safe: it
 * is connected on a background thread and settled once, by whichever of {@link #take} and {@link #close} comes
 * first; closing it also ends a connect under way (its {@link StreamSocket}), for which a stream may be waiting.
 */
final class EarlyConnection {
    private final StreamEndpoint endpoint;
    private final StreamSocket socket = new StreamSocket();
    /**
     * The connected (and TLS) socket, or {@code null} when connecting failed; an {@link HhfrException} when it was
     * closed before it connected.
     */
    private final CompletableFuture<StreamSocket> connected = new CompletableFuture<>();
    private final AtomicBoolean settled = new AtomicBoolean();

    /** A connection to {@code endpoint}, not begun: {@link #start} begins it. */
    EarlyConnection(StreamEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    /** Starts connecting in the background and returns at once; one {@linkplain #close closed} never connects. */
    void start(ClientSettings settings, BackgroundWork background) {
        background.run(() -> connect(settings));
    }

    private void connect(ClientSettings settings) {
        try {
            socket.connect(new InetSocketAddress(endpoint.host(), endpoint.port()), settings, settings.encryptedOnly);
        } catch (IOException | RuntimeException e) {
            // A hint is only a guess: the stream connects as usual once the answer names its endpoint.
            connected.complete(null);
            return;
        }
        if (!connected.complete(socket)) {
            socket.close();
        }
    }

    /**
     * The connection, when it goes to {@code granted} and is (or becomes, within {@code waitMillis}) connected;
     * otherwise {@code null}, and the connection is closed unless another stream took it (its connect goes on for
     * that one). The caller owns the socket it gets.
     *
     * @throws HhfrException it was {@linkplain #close closed} while this waited for it to connect (its session
     *                       closed, or left the negotiation it was opened for): connect no other
     */
    StreamSocket take(StreamEndpoint granted, long waitMillis) throws HhfrException {
        boolean untaken = settled.compareAndSet(false, true);
        if (!untaken || !endpoint.equals(granted)) {
            if (untaken) {
                discard(true);
            }
            return null;
        }
        try {
            return connected.get(waitMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw (HhfrException) e.getCause();
        } catch (TimeoutException e) {
            discard(true);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            discard(true);
            return null;
        }
    }

    /**
     * Closes the connection unless a stream took it; a connect under way ends at once, and a stream waiting to take
     * it gets none. Idempotent.
     */
    void close() {
        discard(settled.compareAndSet(false, true));
    }

    /** Ends a connect under way; {@code unused}: no stream has the connection, which closes whatever its state. */
    private void discard(boolean unused) {
        if (connected.completeExceptionally(new HhfrException("the connection opened early to " + endpoint
                + " was closed before it connected")) || unused) {
            socket.close();
        }
    }
}
