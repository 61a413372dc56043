package org.hhfr.client;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.ssl.SSLSocket;

/**
 * One TCP connection of a stream from before its connect on: the connect (within the connect timeout), then TLS
 * for an encrypted stream. Any thread may {@linkplain #close close} it, whatever its state: a connect or TLS
 * handshake under way ends at once, one not begun yet fails as it begins, and an open connection closes. So a
 * session that closes while one of its streams is being dialled leaves no thread waiting for the connect timeout.
 */
final class StreamSocket {
    /** The socket that connects; TLS, when there is one, runs over it. */
    private final Socket plain = new Socket();
    /** What the stream reads and writes once connected ({@link #plain}, or TLS over it); {@code null} before. */
    private volatile Socket ready;
    /** How long the TCP connect took: about one round trip. */
    private volatile long connectNanos;

    /**
     * Connects to {@code address} unless connected already, then completes TLS when {@code encrypted} unless done;
     * on failure it is closed.
     *
     * @return what the stream reads and writes
     * @throws IOException it cannot connect (refused, unreachable, connect timeout, TLS), or it was closed
     */
    Socket connect(InetSocketAddress address, ClientSettings settings, boolean encrypted) throws IOException {
        try {
            if (ready == null) {
                plain.setTcpNoDelay(true);
                long start = System.nanoTime();
                plain.connect(address, settings.connectTimeoutMillis);
                connectNanos = System.nanoTime() - start;
                plain.setSoTimeout(settings.readTimeoutMillis);
                ready = plain;
            }
            if (encrypted && !(ready instanceof SSLSocket)) {
                ready = StreamTls.handshake(settings.sslSocketFactory(), plain, address);
            }
            return ready;
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** How long the TCP connect took; 0 before it connected. */
    long connectNanos() {
        return connectNanos;
    }

    /** Ends a connect or TLS handshake under way, or the connection; a later {@link #connect} fails. Idempotent. */
    void close() {
        Socket tls = ready;
        if (tls != null) {
            TcpChannel.closeQuietly(tls);
        }
        TcpChannel.closeQuietly(plain);
    }
}
