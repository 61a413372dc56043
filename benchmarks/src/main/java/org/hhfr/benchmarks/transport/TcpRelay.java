package org.hhfr.benchmarks.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/** A counting TCP relay on loopback: each accepted connection is piped to the server by two blocking threads. */
final class TcpRelay extends Relay {
    private final InetSocketAddress server;
    private final ServerSocketChannel listener;
    private final AtomicLong toServer = new AtomicLong();
    private final AtomicLong toClient = new AtomicLong();
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final List<SocketChannel> sockets = new CopyOnWriteArrayList<>();

    TcpRelay(String host, int serverPort) throws IOException {
        server = new InetSocketAddress(host, serverPort);
        listener = ServerSocketChannel.open().bind(new InetSocketAddress(host, 0));
        start(this::accept, "relay-accept");
    }

    private void start(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        threads.add(thread);
        thread.start();
    }

    private void accept() {
        try {
            while (true) {
                SocketChannel client = listener.accept();
                SocketChannel upstream = SocketChannel.open(server);
                for (SocketChannel socket : new SocketChannel[] {client, upstream}) {
                    socket.setOption(StandardSocketOptions.TCP_NODELAY, true);
                    sockets.add(socket);
                }
                start(() -> pipe(client, upstream, toServer), "relay-to-server");
                start(() -> pipe(upstream, client, toClient), "relay-to-client");
            }
        } catch (IOException e) {
            // Closed: the relay is done.
        }
    }

    private static void pipe(SocketChannel from, SocketChannel to, AtomicLong count) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(64 << 10);
        try {
            while (from.read(buffer) >= 0) {
                buffer.flip();
                count.addAndGet(buffer.remaining());
                while (buffer.hasRemaining()) {
                    to.write(buffer);
                }
                buffer.clear();
            }
            to.shutdownOutput();
        } catch (IOException e) {
            // One side closed: the other follows when its own pipe ends.
        }
    }

    @Override
    int port() {
        return listener.socket().getLocalPort();
    }

    @Override
    long bytesToServer() {
        return toServer.get();
    }

    @Override
    long bytesToClient() {
        return toClient.get();
    }

    @Override
    long datagramsToServer() {
        return 0;
    }

    @Override
    long dropped() {
        return 0;
    }

    @Override
    List<Thread> threads() {
        return threads;
    }

    @Override
    public void close() {
        try {
            listener.close();
            for (SocketChannel socket : sockets) {
                socket.close();
            }
        } catch (IOException e) {
            // Closing a loopback socket does not fail in a way worth reporting.
        }
    }
}
