package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.reliability.PathEstimate;
import org.junit.jupiter.api.Test;

/** The client's memory of what its UDP streams learned of their paths, and of the address tokens they got. */
class PathEstimatesTest {
    private static final InetSocketAddress SERVER = new InetSocketAddress("192.0.2.7", 9443);
    private static final SessionId SESSION = SessionId.of(new byte[] {1});
    private static final PathEstimate LEARNED = PathEstimate.of(625_000, TimeUnit.MILLISECONDS.toNanos(50));

    private long now;
    private final PathEstimates paths = new PathEstimates(() -> now);

    @Test
    void anEstimateIsForItsPathOnlyTheLocalAddressItWasLearnedFromAndTheServer() throws Exception {
        InetAddress wifi = InetAddress.getByName("10.0.0.5");
        paths.remember(wifi, SERVER, LEARNED);

        assertEquals(LEARNED, paths.of(wifi, SERVER));
        assertNull(paths.of(InetAddress.getByName("100.64.3.9"), SERVER), "another network: start afresh");
        assertNull(paths.of(wifi, new InetSocketAddress("192.0.2.8", 9443)), "another server");
    }

    @Test
    void anEstimateIsForgottenTenMinutesAfterItsStreamEnded() throws Exception {
        InetAddress local = InetAddress.getByName("10.0.0.5");
        paths.remember(local, SERVER, LEARNED);
        now += PathEstimate.LIFETIME_NANOS;
        assertEquals(LEARNED, paths.of(local, SERVER));
        now += 1;
        assertNull(paths.of(local, SERVER));
    }

    @Test
    void nothingIsKeptForAStreamWithoutAnEstimateOrASocketBoundToNoAddress() throws Exception {
        InetAddress any = InetAddress.getByName("0.0.0.0");
        paths.remember(any, SERVER, LEARNED);
        assertNull(paths.of(any, SERVER));
        InetAddress local = InetAddress.getByName("10.0.0.5");
        paths.remember(local, SERVER, null);
        assertNull(paths.of(local, SERVER));
    }

    @Test
    void theLeastRecentlyUsedPathGoesFirstBeyondTheCapacity() throws Exception {
        InetAddress local = InetAddress.getByName("10.0.0.5");
        paths.remember(local, SERVER, LEARNED);
        for (int port = 1; port < PathEstimates.CAPACITY; port++) {
            paths.remember(local, new InetSocketAddress("192.0.2.7", port), LEARNED);
        }
        assertEquals(LEARNED, paths.of(local, SERVER), "used again: now the most recent");
        paths.remember(local, new InetSocketAddress("192.0.2.7", PathEstimates.CAPACITY), LEARNED);

        assertNull(paths.of(local, new InetSocketAddress("192.0.2.7", 1)));
        assertEquals(LEARNED, paths.of(local, SERVER));
        assertEquals(LEARNED, paths.of(local, new InetSocketAddress("192.0.2.7", 2)));
    }

    @Test
    void anAddressTokenIsForItsPathAndOutlivesTheEstimate() throws Exception {
        InetAddress cellular = InetAddress.getByName("100.64.3.9");
        paths.remember(cellular, SERVER, LEARNED);
        paths.rememberToken(cellular, SERVER, SESSION, 42L);
        now += PathEstimate.LIFETIME_NANOS + 1;

        assertNull(paths.of(cellular, SERVER));
        assertEquals(42L, paths.tokenOf(cellular, SERVER, SESSION), "the server decides how long it honours a token");
        assertNull(paths.tokenOf(InetAddress.getByName("10.0.0.5"), SERVER, SESSION), "another network");
        paths.rememberToken(cellular, SERVER, SESSION, 43L);
        assertEquals(43L, paths.tokenOf(cellular, SERVER, SESSION), "the newest");
    }

    @Test
    void anAddressTokenIsForItsSession() throws Exception {
        InetAddress cellular = InetAddress.getByName("100.64.3.9");
        SessionId other = SessionId.of(new byte[] {2});
        paths.rememberToken(cellular, SERVER, SESSION, 42L);
        paths.rememberToken(cellular, SERVER, other, 7L);

        assertEquals(42L, paths.tokenOf(cellular, SERVER, SESSION), "not the other session's, which came last");
        assertEquals(7L, paths.tokenOf(cellular, SERVER, other));
        assertNull(paths.tokenOf(cellular, SERVER, SessionId.of(new byte[] {3})), "a session that got none");
    }
}
