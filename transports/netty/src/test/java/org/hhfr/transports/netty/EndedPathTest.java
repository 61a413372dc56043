package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.InetAddress;
import org.hhfr.transports.reliability.PathEstimate;
import org.junit.jupiter.api.Test;

class EndedPathTest {
    private static final PathEstimate ESTIMATE = PathEstimate.of(1_000_000, 50_000_000);

    @Test
    void aStreamFromTheSameAddressWithinTheLifetimeGetsTheEstimate() throws Exception {
        EndedPath ended = EndedPath.of(InetAddress.getByName("192.0.2.7"), ESTIMATE, 1_000);
        assertEquals(ESTIMATE, ended.forStreamFrom(InetAddress.getByName("192.0.2.7"),
                1_000 + PathEstimate.LIFETIME_NANOS));
    }

    @Test
    void aStreamFromAnotherAddressStartsAfresh() throws Exception {
        EndedPath ended = EndedPath.of(InetAddress.getByName("192.0.2.7"), ESTIMATE, 1_000);
        assertNull(ended.forStreamFrom(InetAddress.getByName("192.0.2.8"), 2_000));
    }

    @Test
    void aStreamAfterTheLifetimeStartsAfresh() throws Exception {
        EndedPath ended = EndedPath.of(InetAddress.getByName("192.0.2.7"), ESTIMATE, 1_000);
        assertNull(ended.forStreamFrom(InetAddress.getByName("192.0.2.7"), 1_001 + PathEstimate.LIFETIME_NANOS));
    }
}
