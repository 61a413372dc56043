package org.hhfr.benchmarks.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * A counting UDP relay on loopback for one client: datagrams from the client go to the server from a second
 * socket, the server's answers go back to the last client address seen. Each direction drops a datagram with
 * probability {@code loss}, decided by its own seeded {@link Random} (a seed names a loss pattern).
 */
final class UdpRelay extends Relay {
    private static final int SOCKET_BUFFER = 4 << 20;

    private final double loss;
    private final DatagramChannel clientSide;
    private final DatagramChannel serverSide;
    private final Thread toServerThread;
    private final Thread toClientThread;
    private volatile SocketAddress client;
    private volatile long toServer;
    private volatile long toClient;
    private volatile long datagramsToServer;
    private volatile long droppedToServer;
    private volatile long droppedToClient;

    UdpRelay(String host, int serverPort, double loss, long seed) throws IOException {
        this.loss = loss;
        clientSide = open().bind(new InetSocketAddress(host, 0));
        serverSide = open().bind(new InetSocketAddress(host, 0)).connect(new InetSocketAddress(host, serverPort));
        toServerThread = new Thread(() -> forwardToServer(new Random(seed)), "relay-to-server");
        toClientThread = new Thread(() -> forwardToClient(new Random(seed + 1)), "relay-to-client");
        for (Thread thread : threads()) {
            thread.setDaemon(true);
            thread.start();
        }
    }

    private static DatagramChannel open() throws IOException {
        DatagramChannel channel = DatagramChannel.open();
        channel.setOption(StandardSocketOptions.SO_RCVBUF, SOCKET_BUFFER);
        channel.setOption(StandardSocketOptions.SO_SNDBUF, SOCKET_BUFFER);
        return channel;
    }

    private void forwardToServer(Random random) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(65_536);
        try {
            while (true) {
                buffer.clear();
                client = clientSide.receive(buffer);
                buffer.flip();
                toServer += buffer.remaining();
                datagramsToServer++;
                if (random.nextDouble() < loss) {
                    droppedToServer++;
                } else {
                    serverSide.write(buffer);
                }
            }
        } catch (IOException e) {
            // Closed: the relay is done.
        }
    }

    private void forwardToClient(Random random) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(65_536);
        try {
            while (true) {
                buffer.clear();
                serverSide.receive(buffer);
                buffer.flip();
                toClient += buffer.remaining();
                SocketAddress destination = client;
                if (random.nextDouble() < loss || destination == null) {
                    droppedToClient++;
                } else {
                    clientSide.send(buffer, destination);
                }
            }
        } catch (IOException e) {
            // Closed: the relay is done.
        }
    }

    @Override
    int port() {
        return clientSide.socket().getLocalPort();
    }

    @Override
    long bytesToServer() {
        return toServer;
    }

    @Override
    long bytesToClient() {
        return toClient;
    }

    @Override
    long datagramsToServer() {
        return datagramsToServer;
    }

    @Override
    long dropped() {
        return droppedToServer + droppedToClient;
    }

    @Override
    List<Thread> threads() {
        return Arrays.asList(toServerThread, toClientThread);
    }

    @Override
    public void close() {
        try {
            clientSide.close();
            serverSide.close();
        } catch (IOException e) {
            // Closing a loopback socket does not fail in a way worth reporting.
        }
    }
}
