package org.hhfr.transports.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.hhfr.transports.Role;
import org.junit.jupiter.api.Test;

/**
 * Pacing spreads datagrams, not fragments: once the pacer lets a datagram go, the fragments waiting behind the
 * first fill it. Paced one fragment at a time, a long pipelined upload of small requests on a slow uplink sent
 * almost one request per datagram once the pacer, not the window, held it back (857 datagrams for 1,000 requests
 * of 400 bytes, against 520 now), each datagram with its own IP, UDP and HHFR headers.
 */
class PacedDatagramPackingTest {
    private static final int REQUESTS = 1000;
    /** A float-sum request of 100 values, encoded: two fit a datagram, three do not. */
    private static final int REQUEST_SIZE = 400;

    @Test
    void pacedSmallRequestsOnA3gUplinkLeaveTwoToADatagram() {
        UploadSession session = uploadOn3g(REQUESTS, REQUEST_SIZE);
        long datagrams = session.network.sendTimes(Role.CLIENT).size();
        assertTrue(datagrams <= REQUESTS * 6 / 10, "the client sent " + datagrams + " datagrams for " + REQUESTS
                + " requests of " + REQUEST_SIZE + " bytes");
    }

    /** Requests pipelined over a 3G path: 150 ms, 384 kbit/s up and 1 Mbit/s down, 64 KB queues. */
    private static UploadSession uploadOn3g(int requests, int size) {
        UploadSession session = new UploadSession(7, new LinkProfile(0, 0, 0, LinkProfile.millis(75), 0, 0, 0, 0),
                requests, size, 8, UploadSession.defaults());
        session.uplink = new Bottleneck(384_000 / 8, 64 << 10);
        session.network.limit(Role.CLIENT, session.uplink).limit(Role.SERVER, new Bottleneck(1_000_000 / 8, 64 << 10));
        assertEquals(List.of(), session.run());
        System.out.printf("%d requests of %d bytes on a 3G uplink: %d datagrams, %d bytes, %.3f s%n", requests,
                size, session.network.sendTimes(Role.CLIENT).size(), session.network.bytesSent(Role.CLIENT),
                session.uploadTime() / 1e9);
        return session;
    }
}
