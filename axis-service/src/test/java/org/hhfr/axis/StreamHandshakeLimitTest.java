package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
        List<Socket> sockets = new ArrayList<>();
        try {
            Socket first = HostileTrafficTest.connectFrom("127.0.0.21", port);
            Socket second = HostileTrafficTest.connectFrom("127.0.0.21", port);
            Socket third = HostileTrafficTest.connectFrom("127.0.0.21", port);
            Socket elsewhere = HostileTrafficTest.connectFrom("127.0.0.22", port);
            sockets.addAll(List.of(first, second, third, elsewhere));
            assertEquals(-1, third.getInputStream().read(), "the third of one address is closed unread");
            for (Socket held : List.of(first, second, elsewhere)) {
                held.setSoTimeout(300);
                assertThrows(SocketTimeoutException.class, () -> held.getInputStream().read(),
                        "held until its handshake times out");
            }
        } finally {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }
}
