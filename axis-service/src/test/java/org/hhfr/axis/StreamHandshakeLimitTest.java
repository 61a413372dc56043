package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

import org.hhfr.axis.server.HhfrServer;
import org.hhfr.negotiation.HhfrUris;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The module parameter {@code maxHandshakesPerAddress} bounds the TCP stream connections of one client address
 * that have not authenticated: one more is closed at once, unread, while other addresses connect as before. An
 * operator whose clients share a carrier-grade NAT address raises it in module.xml.
 */
@Timeout(30)
class StreamHandshakeLimitTest {
    private static HhfrServer server;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(TestServers.loopback().moduleParameter("maxHandshakesPerAddress", "2").build());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aConnectionBeyondItsAddresssShareOfUnauthenticatedOnesIsClosedAtOnce() throws Exception {
        int port = server.streamPort(HhfrUris.TRANSPORT_TCP);
        List<Socket> sameAddress = new ArrayList<>();
        Socket elsewhere = null;
        try {
            for (int i = 0; i < 3; i++) {
                sameAddress.add(HostileTrafficTest.connectFrom("127.0.0.21", port));
            }
            elsewhere = HostileTrafficTest.connectFrom("127.0.0.22", port);
            // The server's event loops take the three in any order: whichever comes third is the one closed.
            int closed = 0;
            for (Socket socket : sameAddress) {
                closed += isClosedAtOnce(socket) ? 1 : 0;
            }
            assertEquals(1, closed, "one of three connections of an address with room for two is closed unread");
            assertFalse(isClosedAtOnce(elsewhere), "another address's connection is held for its handshake");
        } finally {
            for (Socket socket : sameAddress) {
                socket.close();
            }
            if (elsewhere != null) {
                elsewhere.close();
            }
        }
    }

    /** Whether the server closed {@code socket} without a byte, rather than holding it for its handshake. */
    private static boolean isClosedAtOnce(Socket socket) throws IOException {
        socket.setSoTimeout(500);
        try {
            return socket.getInputStream().read() == -1;
        } catch (SocketTimeoutException held) {
            return false;
        }
    }
}
