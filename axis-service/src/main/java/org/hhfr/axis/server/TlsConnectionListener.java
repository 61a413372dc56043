package org.hhfr.axis.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;

import org.apache.axis2.transport.http.server.AxisHttpConnectionImpl;
import org.apache.axis2.transport.http.server.ConnectionListenerFailureHandler;
import org.apache.axis2.transport.http.server.DefaultConnectionListener;
import org.apache.axis2.transport.http.server.HttpConnectionManager;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.io.SocketConfig;

/**
 * Axis2's connection listener on a TLS server socket: the same accept loop as {@link DefaultConnectionListener}
 * (which Axis2's server expects), over an {@link SSLServerSocket} offering {@link HttpsKeyStore#PROTOCOLS}. Each
 * connection's TLS handshake runs on its request thread at its first read, within the request timeout, so a
 * slow or failing handshake never holds the accept loop.
 */
final class TlsConnectionListener extends DefaultConnectionListener {
    private final int port;
    private final SSLContext tls;
    private final HttpConnectionManager connections;
    private final ConnectionListenerFailureHandler failures;
    private final Http1Config http1Config;
    private final SocketConfig socketConfig;
    private SSLServerSocket serverSocket;
    private volatile boolean destroyed;

    TlsConnectionListener(int port, SSLContext tls, HttpConnectionManager connections,
                          ConnectionListenerFailureHandler failures, Http1Config http1Config,
                          SocketConfig socketConfig) throws IOException {
        super("https", port, connections, failures, http1Config, socketConfig);
        this.port = port;
        this.tls = tls;
        this.connections = connections;
        this.failures = failures;
        this.http1Config = http1Config;
        this.socketConfig = socketConfig;
    }

    @Override
    public void run() {
        try {
            while (!Thread.interrupted()) {
                try {
                    SSLServerSocket listening = open();
                    Socket socket = listening.accept();
                    connections.process(new AxisHttpConnectionImpl("https", socket, http1Config, socketConfig));
                } catch (IOException e) {
                    if (Thread.interrupted() || isDestroyed() || !failures.failed(this, e)) {
                        break;
                    }
                }
            }
        } finally {
            destroy();
            synchronized (this) {
                notifyAll();
            }
        }
    }

    private synchronized SSLServerSocket open() throws IOException {
        if (serverSocket == null || serverSocket.isClosed()) {
            SSLServerSocket socket = (SSLServerSocket) tls.getServerSocketFactory().createServerSocket();
            socket.setReuseAddress(true);
            socket.setEnabledProtocols(HttpsKeyStore.PROTOCOLS);
            socket.bind(new InetSocketAddress(port));
            serverSocket = socket;
            notifyAll();
        }
        return serverSocket;
    }

    @Override
    public synchronized void awaitSocketOpen() throws InterruptedException {
        while (serverSocket == null && !destroyed) {
            wait();
        }
    }

    @Override
    public synchronized int getPort() {
        return serverSocket == null ? port : serverSocket.getLocalPort();
    }

    @Override
    public synchronized void close() throws IOException {
        if (serverSocket != null) {
            serverSocket.close();
        }
    }

    @Override
    public synchronized void destroy() {
        destroyed = true;
        try {
            close();
        } catch (IOException e) {
            // the socket is gone either way
        }
        notifyAll();
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }
}
