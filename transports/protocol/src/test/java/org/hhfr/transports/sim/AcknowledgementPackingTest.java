package org.hhfr.transports.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hhfr.transports.Role;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.junit.jupiter.api.Test;

/**
 * Where a UDP stream's acknowledgements travel over an emulated 3G path (150 ms round trip, 384 kbit/s up and
 * 1 Mbit/s down, 64 KB drop-tail queues): an ACK written with DATA always shares its datagram, so the datagrams
 * that carry an ACK alone are those of an ACK due while no DATA of that side may leave (the pacer or the window
 * holds it, or there is none).
 */
class AcknowledgementPackingTest {
    private static final int REQUESTS = 100;

    @Test
    void anAcknowledgementWrittenWithDataSharesItsDatagramInALossyTwoWayBulkExchange() {
        UploadSession session = run(0.03, 8_000, 8_000, UploadSession.defaults());
        for (Role side : Role.values()) {
            assertEquals(0, session.network.acksApartFromData(side),
                    side + " sent ACKs apart from the DATA written with them");
        }
    }

    @Test
    void aOneWayUploadSendsAlmostNoDatagramHoldingAnAcknowledgementAlone() {
        UploadSession session = run(0, 8_000, 8, UploadSession.defaults());
        long datagrams = session.network.sendTimes(Role.CLIENT).size();
        long ackOnly = session.network.ackOnlyDatagrams(Role.CLIENT);
        assertTrue(ackOnly < datagrams / 50, "the client sent " + ackOnly + " of its " + datagrams
                + " datagrams with nothing but an ACK");
    }

    /** The UDP default ack delay (25 ms) and a negotiated stream's (5 ms). */
    @Test
    void printsTheDatagramsHoldingAnAcknowledgementAloneInATwoWayBulkExchangeOnA3gPath() {
        for (int ackDelay : new int[] {25, 5}) {
            ReliabilityConfig config = UploadSession.defaults().toBuilder().ackPolicy(ackDelay, 2).build();
            for (int requestSize : new int[] {8_000, 4_000}) {
                int responseSize = requestSize == 8_000 ? 8_000 : 8;
                UploadSession session = run(0, requestSize, responseSize, config);
                System.out.printf("3G, ack delay %d ms, %d requests of %d bytes answered with %d: client %d datagrams"
                        + " (%d ACK only, %d bytes), server %d datagrams (%d ACK only, %d bytes), %.2f s%n", ackDelay,
                        REQUESTS, requestSize, responseSize, session.network.sendTimes(Role.CLIENT).size(),
                        session.network.ackOnlyDatagrams(Role.CLIENT), session.network.bytesSent(Role.CLIENT),
                        session.network.sendTimes(Role.SERVER).size(), session.network.ackOnlyDatagrams(Role.SERVER),
                        session.network.bytesSent(Role.SERVER), session.uploadTime() / 1e9);
            }
        }
    }

    private static UploadSession run(double loss, int requestSize, int responseSize, ReliabilityConfig config) {
        LinkProfile path = new LinkProfile(loss, 0, 0, LinkProfile.millis(75), 0, 0, 0, 0);
        UploadSession session = new UploadSession(7, path, REQUESTS, requestSize, responseSize, config);
        session.uplink = new Bottleneck(384_000 / 8, 64 << 10);
        session.network.limit(Role.CLIENT, session.uplink).limit(Role.SERVER, new Bottleneck(1_000_000 / 8, 64 << 10));
        assertEquals(List.of(), session.run());
        return session;
    }
}
