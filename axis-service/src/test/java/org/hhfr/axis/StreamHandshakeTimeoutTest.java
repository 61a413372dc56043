package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.TimeUnit;

import org.hhfr.axis.server.HhfrServer;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.frame.ErrorFrame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The module parameter {@code handshakeTimeoutMillis} bounds how long a TCP stream connection may take to
 * authenticate: one that sends nothing is refused and closed after the time the operator set, not the stream
 * server's 5 s. A value that is not a positive number stops the module with a reason naming the parameter.
 */
@Timeout(30)
class StreamHandshakeTimeoutTest {
    private static final long TIMEOUT_MILLIS = 1_000;

    @Test
    void aConnectionThatSendsNothingIsClosedAtTheConfiguredTimeout() throws Exception {
        try (HhfrServer server = HhfrServer.start(TestServers.loopback()
                .moduleParameter("handshakeTimeoutMillis", String.valueOf(TIMEOUT_MILLIS))
                .moduleParameter("earlyHandshakeWaitMillis", "500").build());
             Socket silent = HostileTrafficTest.connectFrom("127.0.0.33", server.streamPort(HhfrUris.TRANSPORT_TCP))) {
            long start = System.nanoTime();
            ErrorFrame refusal = HostileTrafficTest.readError(silent.getInputStream());
            long refusedAfterMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertEquals(ErrorCode.PEER_UNRESPONSIVE, refusal.code(), refusal::toString);
            assertEquals("no handshake within " + TIMEOUT_MILLIS + " ms", refusal.reason());
            assertEquals(-1, silent.getInputStream().read(), "closed after the refusal");
            assertTrue(refusedAfterMillis < 4_000, "refused after " + refusedAfterMillis + " ms");
        }
    }

    @Test
    void aTimeoutThatIsNotAPositiveNumberStopsTheModuleNamingIt() {
        IOException refused = assertThrows(IOException.class, () -> HhfrServer.start(TestServers.loopback()
                .moduleParameter("handshakeTimeoutMillis", "0").build()));
        assertEquals("HHFR module not started: handshakeTimeoutMillis out of range (1..120000): 0",
                refused.getMessage());
    }
}
