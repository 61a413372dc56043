package org.hhfr.benchmarks.session.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * The relays delay and pace what they carry as their shape says: never sooner than the shape allows. The upper
 * bound only catches a relay that stalls; a busy machine adds hundreds of milliseconds of its own.
 */
class ShapedRelayTest {
    private static final long MILLIS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long STALL = 2_000 * MILLIS;

    @Test
    void tcpRelayAddsTheRoundTripToAnEchoAndCountsBothDirections() throws Exception {
        try (ServerSocket echo = echoServer();
             ShapedTcpRelay relay = ShapedTcpRelay.open("127.0.0.1",
                     new InetSocketAddress("127.0.0.1", echo.getLocalPort()), new LinkShape(40 * MILLIS, 0, 0, 0, 1));
             Socket client = new Socket("127.0.0.1", relay.port())) {
            client.setTcpNoDelay(true);
            byte[] message = new byte[100];
            long first = roundTripNanos(client, message);
            long second = roundTripNanos(client, message);
            // First: connection set-up (2 x 40 ms) plus the round trip; then one round trip of 80 ms.
            assertTrue(first >= 160 * MILLIS && first < STALL, "first exchange took " + first / MILLIS + " ms");
            assertTrue(second >= 80 * MILLIS && second < STALL, "second took " + second / MILLIS + " ms");
            assertEquals(new Traffic.Counts(200, 200), relay.traffic().counts());
            assertEquals(1, relay.connections());
        }
    }

    @Test
    void tcpRelayPacesEachDirectionAtItsRate() throws Exception {
        // 100 kbit/s up, unlimited down: 25,000 bytes take 2 s up, and come back at once.
        try (ServerSocket echo = echoServer();
             ShapedTcpRelay relay = ShapedTcpRelay.open("127.0.0.1",
                     new InetSocketAddress("127.0.0.1", echo.getLocalPort()), new LinkShape(0, 100_000, 0, 0, 1));
             Socket client = new Socket("127.0.0.1", relay.port())) {
            long took = roundTripNanos(client, new byte[25_000]);
            assertTrue(took >= 1_950 * MILLIS && took < 2_600 * MILLIS, "took " + took / MILLIS + " ms");
        }
    }

    @Test
    void udpRelayLosesTheSameDatagramsForTheSameSeed() throws Exception {
        List<Integer> lost = lostSequence(7);
        assertEquals(lost, lostSequence(7));
        assertTrue(lost.size() > 20 && lost.size() < 80, "lost " + lost.size() + " of 200 at 25%");
    }

    @Test
    void udpRelayAddsTheRoundTripAndPacesAtTheRate() throws Exception {
        try (DatagramSocket server = echoDatagrams();
             ShapedUdpRelay relay = ShapedUdpRelay.open("127.0.0.1",
                     new InetSocketAddress("127.0.0.1", server.getLocalPort()),
                     new LinkShape(30 * MILLIS, 0, 80_000, 0, 1));
             DatagramSocket client = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            client.setSoTimeout(5_000);
            // 1,000 bytes back at 80 kbit/s = 100 ms, plus a 60 ms round trip.
            long started = System.nanoTime();
            client.send(new DatagramPacket(new byte[1_000], 1_000, new InetSocketAddress("127.0.0.1", relay.port())));
            DatagramPacket answer = new DatagramPacket(new byte[2_000], 2_000);
            client.receive(answer);
            long took = System.nanoTime() - started;
            assertEquals(1_000, answer.getLength());
            assertTrue(took >= 155 * MILLIS && took < STALL, "took " + took / MILLIS + " ms");
            assertEquals(new Traffic.Counts(1_000, 1_000), relay.traffic().counts());
        }
    }

    /** Indexes of the 200 datagrams that did not reach the server through a relay losing 25%. */
    private static List<Integer> lostSequence(long seed) throws Exception {
        try (DatagramSocket server = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
             ShapedUdpRelay relay = ShapedUdpRelay.open("127.0.0.1",
                     new InetSocketAddress("127.0.0.1", server.getLocalPort()), new LinkShape(0, 0, 0, 0.25, seed));
             DatagramSocket client = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            for (int i = 0; i < 200; i++) {
                client.send(new DatagramPacket(new byte[] {(byte) i}, 1,
                        new InetSocketAddress("127.0.0.1", relay.port())));
            }
            boolean[] arrived = new boolean[200];
            server.setSoTimeout(500);
            DatagramPacket packet = new DatagramPacket(new byte[1], 1);
            try {
                while (true) {
                    server.receive(packet);
                    arrived[packet.getData()[0] & 0xff] = true;
                }
            } catch (java.net.SocketTimeoutException e) {
                // Everything that was not lost has arrived.
            }
            List<Integer> lost = new ArrayList<>();
            for (int i = 0; i < arrived.length; i++) {
                if (!arrived[i]) {
                    lost.add(i);
                }
            }
            assertEquals(lost.size(), relay.dropped());
            return lost;
        }
    }

    private static long roundTripNanos(Socket client, byte[] message) throws IOException {
        long started = System.nanoTime();
        OutputStream out = client.getOutputStream();
        out.write(message);
        out.flush();
        InputStream in = client.getInputStream();
        byte[] back = new byte[message.length];
        int read = 0;
        while (read < back.length) {
            int n = in.read(back, read, back.length - read);
            assertTrue(n > 0, "echo ended early");
            read += n;
        }
        assertArrayEquals(message, back);
        return System.nanoTime() - started;
    }

    private static ServerSocket echoServer() throws IOException {
        ServerSocket server = new ServerSocket(0, 8, java.net.InetAddress.getByName("127.0.0.1"));
        Thread thread = new Thread(() -> {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    Thread pipe = new Thread(() -> {
                        try (socket) {
                            socket.getInputStream().transferTo(socket.getOutputStream());
                        } catch (IOException e) {
                            // The test closed it.
                        }
                    });
                    pipe.setDaemon(true);
                    pipe.start();
                } catch (IOException e) {
                    return;
                }
            }
        });
        thread.setDaemon(true);
        thread.start();
        return server;
    }

    private static DatagramSocket echoDatagrams() throws IOException {
        DatagramSocket socket = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[65_507];
            while (!socket.isClosed()) {
                DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
                try {
                    socket.receive(packet);
                    socket.send(new DatagramPacket(buffer, packet.getLength(), packet.getSocketAddress()));
                } catch (IOException e) {
                    return;
                }
            }
        });
        thread.setDaemon(true);
        thread.start();
        return socket;
    }
}
