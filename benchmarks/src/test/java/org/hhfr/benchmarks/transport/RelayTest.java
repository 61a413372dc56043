package org.hhfr.benchmarks.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class RelayTest {
    private static final String HOST = TransportShootout.HOST;

    @Test
    void tcpRelayPassesBytesBothWaysAndCountsEachDirection() throws Exception {
        try (ServerSocket echo = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            Thread server = new Thread(() -> {
                try (Socket socket = echo.accept()) {
                    byte[] request = new byte[1000];
                    new DataInputStream(socket.getInputStream()).readFully(request);
                    socket.getOutputStream().write(request, 0, 10);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            server.start();
            try (TcpRelay relay = new TcpRelay(HOST, echo.getLocalPort());
                 Socket client = new Socket(HOST, relay.port())) {
                byte[] request = new byte[1000];
                request[9] = 42;
                OutputStream out = client.getOutputStream();
                out.write(request);
                byte[] reply = new byte[10];
                new DataInputStream(client.getInputStream()).readFully(reply);
                assertEquals(42, reply[9]);
                server.join();
                assertEquals(-1, client.getInputStream().read(), "the relay passes the server's close on");
                assertEquals(1000, relay.bytesToServer());
                assertEquals(10, relay.bytesToClient());
            }
        }
    }

    @Test
    void udpRelayDropsAboutTheAskedShareAndCountsWhatItWasGiven() throws Exception {
        int datagrams = 4000;
        try (DatagramSocket server = new DatagramSocket(0, InetAddress.getByName(HOST));
             UdpRelay relay = new UdpRelay(HOST, server.getLocalPort(), 0.1, 7);
             DatagramSocket client = new DatagramSocket(0, InetAddress.getByName(HOST))) {
            server.setSoTimeout(50);
            InetSocketAddress relayAddress = new InetSocketAddress(HOST, relay.port());
            int arrived = 0;
            for (int sent = 1; sent <= datagrams; sent++) {
                client.send(new DatagramPacket(new byte[100], 100, relayAddress));
                if (sent % 50 == 0) {
                    arrived += receiveUntilAccounted(server, relay, sent - arrived);
                }
            }
            assertEquals(100L * datagrams, relay.bytesToServer());
            assertEquals(datagrams, relay.datagramsToServer());
            assertEquals(datagrams - arrived, relay.dropped());
            assertTrue(relay.dropped() > 300 && relay.dropped() < 500, "10% of 4000 dropped: " + relay.dropped());
        }
    }

    @Test
    void udpRelaySendsTheServersAnswersBackToTheClient() throws Exception {
        try (DatagramSocket server = new DatagramSocket(0, InetAddress.getByName(HOST));
             UdpRelay relay = new UdpRelay(HOST, server.getLocalPort(), 0, 1);
             DatagramSocket client = new DatagramSocket(0, InetAddress.getByName(HOST))) {
            server.setSoTimeout(5_000);
            client.setSoTimeout(5_000);
            client.send(new DatagramPacket(new byte[] {1, 2, 3}, 3, new InetSocketAddress(HOST, relay.port())));
            DatagramPacket request = new DatagramPacket(new byte[10], 10);
            server.receive(request);
            server.send(new DatagramPacket(new byte[] {4, 5}, 2, request.getSocketAddress()));
            DatagramPacket reply = new DatagramPacket(new byte[10], 10);
            client.receive(reply);
            assertArrayEquals(new byte[] {4, 5}, Arrays.copyOf(reply.getData(), reply.getLength()));
            assertEquals(2, relay.bytesToClient());
        }
    }

    /**
     * Receives until each of the {@code unreceived} datagrams sent so far is either here or counted as dropped;
     * fails after 5 s (a datagram lost anywhere else).
     */
    private static int receiveUntilAccounted(DatagramSocket socket, UdpRelay relay, long unreceived)
            throws Exception {
        byte[] buffer = new byte[100];
        int received = 0;
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (received + relay.dropped() < unreceived) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("datagrams neither forwarded nor counted as dropped");
            }
            try {
                socket.receive(new DatagramPacket(buffer, buffer.length));
                received++;
            } catch (SocketTimeoutException e) {
                // The relay is still at work; look again.
            }
        }
        return received;
    }
}
