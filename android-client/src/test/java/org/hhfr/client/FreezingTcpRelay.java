package org.hhfr.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP path to a server on loopback whose current connections can fall silent, as a dead mobile path does:
 * after {@link #freeze()} they stay open but no byte crosses them either way; connections opened later work. It
 * counts the bytes it passes to the server.
 */
final class FreezingTcpRelay implements AutoCloseable {
    private final ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final int serverPort;
    private final List<Link> links = new CopyOnWriteArrayList<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final AtomicLong bytesToServer = new AtomicLong();

    FreezingTcpRelay(int serverPort) throws IOException {
        this.serverPort = serverPort;
        start("relay-accept", this::accept);
    }

    /** The port the client connects to. */
    int port() {
        return listener.getLocalPort();
    }

    /** Connections the relay accepted so far. */
    int connections() {
        return links.size();
    }

    /** Bytes passed from clients to the server so far. */
    long bytesToServer() {
        return bytesToServer.get();
    }

    /** Silences every connection open now. */
    void freeze() {
        for (Link link : links) {
            link.frozen = true;
        }
    }

    @Override
    public void close() throws IOException {
        closed.countDown();
        listener.close();
        for (Link link : links) {
            link.close();
        }
    }

    private void accept() {
        try {
            while (true) {
                Socket client = listener.accept();
                Socket server;
                try {
                    server = new Socket(InetAddress.getLoopbackAddress(), serverPort);
                } catch (IOException e) {
                    client.close(); // the server is down: the client sees its connection end, as without a relay
                    continue;
                }
                Link link = new Link(client, server);
                links.add(link);
                start("relay-to-server", () -> link.forward(link.client, link.server));
                start("relay-to-client", () -> link.forward(link.server, link.client));
            }
        } catch (IOException e) {
            // closed
        }
    }

    private static void start(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** One client connection and its connection to the server. */
    private final class Link {
        final Socket client;
        final Socket server;
        volatile boolean frozen;

        Link(Socket client, Socket server) {
            this.client = client;
            this.server = server;
        }

        void forward(Socket from, Socket to) {
            byte[] buffer = new byte[16 << 10];
            try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                int n;
                while ((n = in.read(buffer)) > 0) {
                    if (frozen) {
                        closed.await();
                        return;
                    }
                    if (to == server) {
                        bytesToServer.addAndGet(n);
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // either side is gone
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                close();
            }
        }

        void close() {
            closeQuietly(client);
            closeQuietly(server);
        }

        private void closeQuietly(Socket socket) {
            try {
                socket.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }
}
