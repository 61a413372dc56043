package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

import org.hhfr.transports.Role;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.DatagramWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The UDP link's socket: moved by the stream, and a failing one reported so the stream can move. */
class DatagramSocketLinkTest {
    private final DatagramSocket server = bound();
    private final DatagramSocket first = connectedTo(server);
    private final AtomicInteger failures = new AtomicInteger();
    private final DatagramSocketLink link = new DatagramSocketLink(first, new DatagramWriter(SessionId.of(new byte[8]),
            SessionKeys.fromToken("0123456789abcdef".getBytes(StandardCharsets.US_ASCII)), Role.CLIENT,
            DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE), new FrameOutbox(() -> { }), failures::incrementAndGet);

    @AfterEach
    void close() {
        server.close();
        first.close();
    }

    @Test
    void afterAMoveDatagramsLeaveFromTheNewSocket() throws IOException {
        try (DatagramSocket second = connectedTo(server)) {
            link.moveTo(second);
            link.send(new byte[] {1, 2, 3}, 3);

            DatagramPacket packet = new DatagramPacket(new byte[16], 16);
            server.setSoTimeout(5_000);
            server.receive(packet);
            assertEquals(second.getLocalPort(), packet.getPort());
            assertArrayEquals(new byte[] {1, 2, 3}, Arrays.copyOf(packet.getData(), packet.getLength()));
        }
    }

    @Test
    void aSocketThatCannotSendIsReportedOnce() {
        byte[] tooLarge = new byte[70_000];

        assertThrows(IOException.class, () -> link.send(tooLarge, tooLarge.length));
        assertEquals(1, failures.get());
    }

    @Test
    void aClosedSocketLeftBehindIsNotReported() {
        first.close();

        assertThrows(IOException.class, () -> link.send(new byte[] {1}, 1));
        assertEquals(0, failures.get(), "the stream closed it (moved on or ended)");
    }

    private static DatagramSocket bound() {
        try {
            return new DatagramSocket(0, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static DatagramSocket connectedTo(DatagramSocket peer) {
        DatagramSocket socket = bound();
        try {
            socket.connect(peer.getLocalSocketAddress());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return socket;
    }
}
