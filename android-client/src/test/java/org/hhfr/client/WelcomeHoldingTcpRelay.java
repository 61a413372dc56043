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
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP path to a server on loopback that holds back every byte of the server (its WELCOME first). By default,
 * on each connection, until the client has sent more than its first frame (the HELLO): a client that waits
 * for the WELCOME before sending its first call never gets one, one that pipelines its calls is not slowed.
 * {@linkplain #losingTheFirstAnswers Losing the first answers}, it holds them on the first connection until
 * {@link #cutFirstConnection()} drops them with it, and forwards later connections at once: the server ran
 * what came behind the HELLO, the client never learns it was welcomed.
 */
final class WelcomeHoldingTcpRelay implements AutoCloseable {
    private final ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final int serverPort;
    private final boolean losesFirstAnswers;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    /** Connections whose client sent past its HELLO before any server byte reached it. */
    final AtomicInteger releasedAfterRequests = new AtomicInteger();
    /** Connections the client opened. */
    final AtomicInteger connections = new AtomicInteger();

    WelcomeHoldingTcpRelay(int serverPort) throws IOException {
        this(serverPort, false);
    }

    private WelcomeHoldingTcpRelay(int serverPort, boolean losesFirstAnswers) throws IOException {
        this.serverPort = serverPort;
        this.losesFirstAnswers = losesFirstAnswers;
        start("relay-accept", this::accept);
    }

    /** A relay that never delivers the first connection's server bytes and forwards later connections at once. */
    static WelcomeHoldingTcpRelay losingTheFirstAnswers(int serverPort) throws IOException {
        return new WelcomeHoldingTcpRelay(serverPort, true);
    }

    /** Drops the first connection, both ways, with the server bytes it held. */
    void cutFirstConnection() throws IOException {
        sockets.get(0).close();
        sockets.get(1).close();
    }

    /** The port the client connects to. */
    int port() {
        return listener.getLocalPort();
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }

    private void accept() {
        try {
            while (true) {
                Socket client = listener.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), serverPort);
                sockets.add(client);
                sockets.add(server);
                CountDownLatch pastHello = new CountDownLatch(1);
                boolean first = connections.getAndIncrement() == 0;
                start("relay-to-server", () -> forwardClient(client, server, pastHello));
                if (!losesFirstAnswers) {
                    start("relay-to-client", () -> forwardServer(server, client, pastHello));
                } else if (!first) {
                    start("relay-to-client", () -> forwardServer(server, client, new CountDownLatch(0)));
                }
            }
        } catch (IOException e) {
            // closed
        }
    }

    /** Forwards the client's bytes at once; opens the latch once they go past the first frame. */
    private void forwardClient(Socket from, Socket to, CountDownLatch pastHello) {
        byte[] buffer = new byte[16 << 10];
        long total = 0;
        long helloLength = -1;
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            int n;
            while ((n = in.read(buffer)) > 0) {
                if (helloLength < 0) {
                    helloLength = 1 + (buffer[0] & 0xff); // a HELLO is at most 101 bytes: a one-byte length
                }
                total += n;
                out.write(buffer, 0, n);
                out.flush();
                if (total > helloLength && pastHello.getCount() > 0) {
                    releasedAfterRequests.incrementAndGet();
                    pastHello.countDown();
                }
            }
        } catch (IOException e) {
            // either side is gone
        } finally {
            closeQuietly(from);
            closeQuietly(to);
            pastHello.countDown(); // nothing more to hold back for
        }
    }

    /** Forwards the server's bytes once the client went past its first frame; its connection closing ends it. */
    private void forwardServer(Socket from, Socket to, CountDownLatch pastHello) {
        byte[] buffer = new byte[16 << 10];
        try {
            pastHello.await();
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            int n;
            while ((n = in.read(buffer)) > 0) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // either side is gone
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void start(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
