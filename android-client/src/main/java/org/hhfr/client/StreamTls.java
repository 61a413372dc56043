package org.hhfr.client;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * TLS over a stream's connected TCP socket, with the trust of the client's https calls and the endpoint's host
 * name checked against the certificate as https does. The protocols are the platform's: TLS 1.3 where it has it
 * (Android from API 29, every supported JVM), TLS 1.2 otherwise; the server accepts both.
 */
final class StreamTls {
    private StreamTls() {
    }

    /**
     * Layers TLS over {@code connected} and completes the handshake (within the socket's read timeout).
     *
     * @throws IOException naming the endpoint when the server's certificate is not trusted or not for its host,
     *                     or the handshake fails otherwise
     */
    static SSLSocket handshake(SSLSocketFactory factory, Socket connected, InetSocketAddress endpoint)
            throws IOException {
        String host = endpoint.getHostString();
        SSLSocket tls = (SSLSocket) factory.createSocket(connected, host, endpoint.getPort(), true);
        try {
            SSLParameters parameters = tls.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            tls.setSSLParameters(parameters);
            tls.startHandshake();
            return tls;
        } catch (IOException e) {
            TcpChannel.closeQuietly(tls);
            throw new IOException("TLS with " + host + ":" + endpoint.getPort() + " failed: " + e.getMessage(), e);
        }
    }
}
