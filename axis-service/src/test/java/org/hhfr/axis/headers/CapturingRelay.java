package org.hhfr.axis.headers;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A TCP relay between a client and a server that keeps a copy of every byte the client sent: what the wire
 * carried from the client, for a test to look into.
 */
final class CapturingRelay implements AutoCloseable {
    private final ServerSocket listener;
    private final InetSocketAddress server;
    private final ByteArrayOutputStream fromClient = new ByteArrayOutputStream();
    private final List<Socket> sockets = new ArrayList<>();

    CapturingRelay(InetSocketAddress listenAt, InetSocketAddress server) throws IOException {
        this.listener = new ServerSocket();
        listener.bind(listenAt);
        this.server = server;
        Thread acceptor = new Thread(this::accept, "capturing-relay");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** A free port on {@code host}. */
    static int freePort(String host) throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            return probe.getLocalPort();
        }
    }

    /** Everything the clients sent so far. */
    byte[] clientBytes() {
        synchronized (fromClient) {
            return fromClient.toByteArray();
        }
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket upstream = new Socket(server.getAddress(), server.getPort());
                synchronized (sockets) {
                    sockets.add(client);
                    sockets.add(upstream);
                }
                pump(client.getInputStream(), upstream.getOutputStream(), true);
                pump(upstream.getInputStream(), client.getOutputStream(), false);
            } catch (IOException e) {
                return;
            }
        }
    }

    private void pump(InputStream in, OutputStream out, boolean capture) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    if (capture) {
                        synchronized (fromClient) {
                            fromClient.write(buffer, 0, n);
                        }
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // one side closed: the relay of this connection ends
            }
        }, "capturing-relay-pump");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void close() throws IOException {
        listener.close();
        synchronized (sockets) {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }
}
