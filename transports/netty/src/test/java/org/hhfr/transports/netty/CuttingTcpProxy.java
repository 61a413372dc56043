package org.hhfr.transports.netty;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on loopback that cuts its connections at seeded random points, mid-frame as often as not: each
 * connection carries a random number of bytes (both directions together) and is then closed on both sides,
 * until {@code cuts} connections have been cut; later ones pass everything. It can also stop forwarding the
 * server's bytes, as a client that does not read would. Two threads per connection; blocking I/O.
 */
final class CuttingTcpProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final InetSocketAddress server;
    private final Random random;
    private final int minBytes;
    private final int maxBytes;
    private final AtomicInteger cutsLeft;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Object pause = new Object();
    private volatile boolean serverPaused;
    private volatile boolean closed;
    final AtomicInteger cuts = new AtomicInteger();

    /** Cuts {@code cuts} connections, each after {@code minBytes..maxBytes} bytes. */
    CuttingTcpProxy(InetSocketAddress server, long seed, int cuts, int minBytes, int maxBytes) throws IOException {
        this.server = server;
        this.random = new Random(seed);
        this.cutsLeft = new AtomicInteger(cuts);
        this.minBytes = minBytes;
        this.maxBytes = maxBytes;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::acceptLoop, "cutting-proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    InetSocketAddress address() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), listener.getLocalPort());
    }

    /** Stops (true) or resumes (false) forwarding bytes from the server to the client. */
    void pauseServerToClient(boolean paused) {
        synchronized (pause) {
            serverPaused = paused;
            pause.notifyAll();
        }
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                Socket upstream = new Socket(server.getAddress(), server.getPort());
                client.setTcpNoDelay(true);
                upstream.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(upstream);
                long budget;
                synchronized (random) {
                    budget = cutsLeft.getAndDecrement() > 0 ? minBytes + random.nextInt(maxBytes - minBytes + 1)
                            : Long.MAX_VALUE;
                }
                Connection connection = new Connection(client, upstream, budget);
                start(() -> connection.pump(client, upstream, false));
                start(() -> connection.pump(upstream, client, true));
            } catch (IOException e) {
                if (!closed) {
                    continue;
                }
                return;
            }
        }
    }

    private static void start(Runnable pump) {
        Thread thread = new Thread(pump, "cutting-proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void close() throws IOException {
        closed = true;
        pauseServerToClient(false);
        listener.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }

    /** One proxied connection and its remaining byte budget. */
    private final class Connection {
        private final Socket client;
        private final Socket upstream;
        private final AtomicLong budget;
        private volatile boolean cut;

        Connection(Socket client, Socket upstream, long budget) {
            this.client = client;
            this.upstream = upstream;
            this.budget = new AtomicLong(budget);
        }

        void pump(Socket from, Socket to, boolean fromServer) {
            byte[] buffer = new byte[8192];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) > 0) {
                    if (fromServer) {
                        awaitUnpaused();
                    }
                    long left = budget.addAndGet(-n);
                    if (left < 0) {
                        int allowed = (int) Math.max(0, n + left);
                        out.write(buffer, 0, allowed);
                        out.flush();
                        cutBoth();
                        return;
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // the other direction or the test closed the connection
            }
            closeQuietly();
        }

        private void awaitUnpaused() throws InterruptedException {
            synchronized (pause) {
                while (serverPaused) {
                    pause.wait();
                }
            }
        }

        private void cutBoth() {
            if (!cut) {
                cut = true;
                cuts.incrementAndGet();
            }
            closeQuietly();
        }

        private void closeQuietly() {
            try {
                client.close();
                upstream.close();
            } catch (IOException e) {
                // already closed
            }
        }
    }
}
