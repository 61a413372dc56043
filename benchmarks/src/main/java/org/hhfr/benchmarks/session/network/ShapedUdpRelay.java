package org.hhfr.benchmarks.session.network;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Arrays;
import java.util.Random;

/**
 * A UDP middleman on loopback for one client at a time: datagrams from the client go to the server and the
 * server's answers go back to the client that spoke last, each after the link's delay and serialisation time.
 * With a loss rate, datagrams are dropped by a generator seeded from the shape, so the same run loses the same
 * datagrams (in the order they reach the relay). Counts datagram payload bytes that enter the link, dropped
 * ones included (they were sent).
 */
public final class ShapedUdpRelay implements AutoCloseable {
    private static final int MAX_DATAGRAM = 65_507;

    private final DatagramSocket clientSide;
    private final DatagramSocket serverSide;
    private final InetSocketAddress server;
    private final double loss;
    private final Random random;
    private final Traffic traffic = new Traffic();
    private final Conveyor toServer;
    private final Conveyor toClient;
    private volatile SocketAddress client;
    private long dropped;

    /**
     * Listens on a free port of {@code listenHost} and forwards to the same port number on {@code serverHost}
     * (see {@link ShapedTcpRelay#mirroring}).
     */
    public static ShapedUdpRelay mirroring(String listenHost, String serverHost, LinkShape shape)
            throws IOException {
        DatagramSocket clientSide = new DatagramSocket(new InetSocketAddress(listenHost, 0));
        return new ShapedUdpRelay(clientSide, new InetSocketAddress(serverHost, clientSide.getLocalPort()), shape);
    }

    /** Listens on a free port of {@code listenHost} and forwards to {@code server}. */
    public static ShapedUdpRelay open(String listenHost, InetSocketAddress server, LinkShape shape)
            throws IOException {
        return new ShapedUdpRelay(new DatagramSocket(new InetSocketAddress(listenHost, 0)), server, shape);
    }

    private ShapedUdpRelay(DatagramSocket clientSide, InetSocketAddress server, LinkShape shape) throws IOException {
        this.clientSide = clientSide;
        this.serverSide = new DatagramSocket(new InetSocketAddress(clientSide.getLocalAddress(), 0));
        this.server = server;
        this.loss = shape.loss();
        this.random = new Random(shape.seed());
        this.toServer = new Conveyor(shape.upstream(), sink(serverSide, true), "relay-udp-up");
        this.toClient = new Conveyor(shape.downstream(), sink(clientSide, false), "relay-udp-down");
        start(() -> pump(clientSide, toServer, true), "relay-udp-read-up");
        start(() -> pump(serverSide, toClient, false), "relay-udp-read-down");
    }

    public int port() {
        return clientSide.getLocalPort();
    }

    public Traffic traffic() {
        return traffic;
    }

    /** Datagrams dropped so far, both directions. */
    public synchronized long dropped() {
        return dropped;
    }

    private static void start(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
    }

    private void pump(DatagramSocket socket, Conveyor conveyor, boolean up) {
        byte[] buffer = new byte[MAX_DATAGRAM];
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        try {
            while (true) {
                packet.setLength(buffer.length);
                socket.receive(packet);
                if (up) {
                    client = packet.getSocketAddress();
                    traffic.addUp(packet.getLength());
                } else {
                    traffic.addDown(packet.getLength());
                }
                if (!lost()) {
                    conveyor.send(Arrays.copyOf(buffer, packet.getLength()));
                }
            }
        } catch (IOException | InterruptedException e) {
            conveyor.stop();
        }
    }

    private synchronized boolean lost() {
        if (loss > 0 && random.nextDouble() < loss) {
            dropped++;
            return true;
        }
        return false;
    }

    private Conveyor.Sink sink(DatagramSocket socket, boolean up) {
        return new Conveyor.Sink() {
            @Override
            public void deliver(byte[] chunk) throws IOException {
                SocketAddress to = up ? server : client;
                if (to != null) {
                    socket.send(new DatagramPacket(chunk, chunk.length, to));
                }
            }

            @Override
            public void end() {
                // Datagrams have no end of stream.
            }
        };
    }

    @Override
    public void close() {
        clientSide.close();
        serverSide.close();
        toServer.stop();
        toClient.stop();
    }
}
