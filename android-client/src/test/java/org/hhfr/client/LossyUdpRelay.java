package org.hhfr.client;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketException;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A lossy path between one UDP client and a server on loopback: each datagram, either way, is lost with a set
 * probability (1 makes the server fall silent). Each direction draws from its own {@link Random} seeded from
 * one seed, so a seed names the pattern of losses in each direction. The client is sent to {@link #port()};
 * the server sees the relay's other socket as the client.
 */
final class LossyUdpRelay implements AutoCloseable {
    private final DatagramSocket clientSide = new DatagramSocket(0, InetAddress.getLoopbackAddress());
    private final DatagramSocket serverSide = new DatagramSocket(0, InetAddress.getLoopbackAddress());
    private final InetSocketAddress server;
    private volatile double loss;
    private volatile SocketAddress client;
    final AtomicInteger forwarded = new AtomicInteger();
    final AtomicInteger lost = new AtomicInteger();
    /** The client's datagrams that named the session (long form) rather than a connection id (short form). */
    final AtomicInteger longFormToServer = new AtomicInteger();

    LossyUdpRelay(int serverPort, long seed, double loss) throws SocketException {
        this.server = new InetSocketAddress(InetAddress.getLoopbackAddress(), serverPort);
        this.loss = loss;
        start("relay-to-server", new Random(seed), clientSide, serverSide);
        start("relay-to-client", new Random(seed + 1), serverSide, clientSide);
    }

    /** The port the client sends to. */
    int port() {
        return clientSide.getLocalPort();
    }

    /** From now on each datagram is lost with {@code probability}. */
    void loss(double probability) {
        loss = probability;
    }

    @Override
    public void close() {
        clientSide.close();
        serverSide.close();
    }

    private void start(String name, Random random, DatagramSocket from, DatagramSocket to) {
        Thread thread = new Thread(() -> forward(random, from, to), name);
        thread.setDaemon(true);
        thread.start();
    }

    private void forward(Random random, DatagramSocket from, DatagramSocket to) {
        byte[] buffer = new byte[65_535];
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        try {
            while (true) {
                packet.setLength(buffer.length);
                from.receive(packet);
                boolean toServer = from == clientSide;
                if (toServer) {
                    client = packet.getSocketAddress();
                    if (packet.getLength() > 0 && (buffer[0] & 0x04) == 0) {
                        longFormToServer.incrementAndGet();
                    }
                }
                if (random.nextDouble() < loss) {
                    lost.incrementAndGet();
                    continue;
                }
                to.send(new DatagramPacket(buffer, packet.getLength(), toServer ? server : client));
                forwarded.incrementAndGet();
            }
        } catch (IOException e) {
            // closed
        }
    }
}
