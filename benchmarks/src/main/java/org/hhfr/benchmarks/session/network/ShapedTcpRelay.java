package org.hhfr.benchmarks.session.network;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP middleman on loopback that emulates a link: each connection it accepts is joined to the server, and
 * every chunk read from one side reaches the other after the link's delay and serialisation time. Connection
 * set-up costs its own delay too (the server side is connected, and the client's first bytes read, only after
 * it), as a real SYN/SYN-ACK would. Counts the bytes of each direction and the connections.
 */
public final class ShapedTcpRelay implements AutoCloseable {
    private static final int CHUNK = 16 << 10;

    private final InetSocketAddress server;
    private final LinkShape shape;
    private final ServerSocket listener;
    private final Traffic traffic = new Traffic();
    private final AtomicInteger connections = new AtomicInteger();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final List<Conveyor> conveyors = new CopyOnWriteArrayList<>();

    /** Listens on a free port of {@code listenHost} and forwards to {@code server}. */
    public static ShapedTcpRelay open(String listenHost, InetSocketAddress server, LinkShape shape)
            throws IOException {
        ServerSocket listener = new ServerSocket();
        listener.bind(new InetSocketAddress(listenHost, 0), 64);
        return new ShapedTcpRelay(listener, server, shape);
    }

    /**
     * Listens on a free port of {@code listenHost} and forwards to the same port number on {@code serverHost},
     * where the server is to be bound: for a server that tells clients its own port (HHFR stream endpoints).
     */
    public static ShapedTcpRelay mirroring(String listenHost, String serverHost, LinkShape shape) throws IOException {
        return open(listenHost, port -> new InetSocketAddress(serverHost, port), shape);
    }

    /** An upstream address chosen once the relay's own port is known. */
    public interface Upstream {
        InetSocketAddress forPort(int listenPort) throws IOException;
    }

    /** Listens on a free port of {@code listenHost} and forwards to the address chosen for that port. */
    public static ShapedTcpRelay open(String listenHost, Upstream upstream, LinkShape shape) throws IOException {
        ServerSocket listener = new ServerSocket();
        try {
            listener.bind(new InetSocketAddress(listenHost, 0), 64);
            return new ShapedTcpRelay(listener, upstream.forPort(listener.getLocalPort()), shape);
        } catch (IOException | RuntimeException e) {
            listener.close();
            throw e;
        }
    }

    private ShapedTcpRelay(ServerSocket listener, InetSocketAddress server, LinkShape shape) {
        this.server = server;
        this.shape = shape;
        this.listener = listener;
        Thread accept = new Thread(this::accept, "relay-tcp-accept-" + port());
        accept.setDaemon(true);
        accept.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    public Traffic traffic() {
        return traffic;
    }

    /** Connections accepted so far. */
    public int connections() {
        return connections.get();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                connections.incrementAndGet();
                sockets.add(client);
                Thread join = new Thread(() -> join(client), "relay-tcp-join");
                join.setDaemon(true);
                join.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void join(Socket client) {
        try {
            sleepNanos(shape.setUpNanos());
            Socket upstream = new Socket();
            sockets.add(upstream);
            upstream.connect(server, 5_000);
            for (Socket socket : new Socket[] {client, upstream}) {
                socket.setTcpNoDelay(true);
            }
            Conveyor toServer = new Conveyor(shape.upstream(), sinkOf(upstream), "relay-tcp-up");
            Conveyor toClient = new Conveyor(shape.downstream(), sinkOf(client), "relay-tcp-down");
            conveyors.add(toServer);
            conveyors.add(toClient);
            pump(client.getInputStream(), toServer, true, "relay-tcp-read-up");
            pump(upstream.getInputStream(), toClient, false, "relay-tcp-read-down");
        } catch (IOException | InterruptedException e) {
            closeQuietly(client);
        }
    }

    private void pump(InputStream in, Conveyor conveyor, boolean up, String name) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[CHUNK];
            try {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    if (up) {
                        traffic.addUp(n);
                    } else {
                        traffic.addDown(n);
                    }
                    conveyor.send(Arrays.copyOf(buffer, n));
                }
                conveyor.finish();
            } catch (IOException | InterruptedException e) {
                conveyor.stop();
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
    }

    private static Conveyor.Sink sinkOf(Socket socket) throws IOException {
        OutputStream out = socket.getOutputStream();
        return new Conveyor.Sink() {
            @Override
            public void deliver(byte[] chunk) throws IOException {
                out.write(chunk);
                out.flush();
            }

            @Override
            public void end() throws IOException {
                socket.shutdownOutput();
            }
        };
    }

    private static void sleepNanos(long nanos) throws InterruptedException {
        if (nanos > 0) {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Already gone.
        }
    }

    /** Stops accepting and cuts every connection it carries. */
    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException e) {
            // Closing a listening socket does not fail in a way worth reporting.
        }
        sockets.forEach(ShapedTcpRelay::closeQuietly);
        conveyors.forEach(Conveyor::stop);
    }
}
