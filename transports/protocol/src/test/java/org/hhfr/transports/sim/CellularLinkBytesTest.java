package org.hhfr.transports.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.hhfr.transports.Role;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.junit.jupiter.api.Test;

/**
 * Bytes on the wire for a large pipelined upload over an emulated 3G path (150 ms round trip, 384 kbit/s up with
 * a 64 KB drop-tail queue, 1 Mbit/s down): what the client sends per payload byte, at 0 % and 3 % random loss,
 * with the UDP default ack delay (25 ms) and a negotiated stream's (5 ms).
 */
class CellularLinkBytesTest {
    static final int REQUESTS = 400;
    static final int REQUEST_SIZE = 1_000;

    @Test
    void printsBytesSentPerPayloadByteOnA3gPath() {
        for (int ackDelay : new int[] {25, 5}) {
            for (double loss : new double[] {0, 0.03}) {
                UploadSession session = cellular(loss, 42,
                        UploadSession.defaults().toBuilder().ackPolicy(ackDelay, 2).build());
                List<String> problems = session.run();
                assertEquals(List.of(), problems);
                System.out.printf("3G upload, ack delay %d ms, loss %.0f%%: %.3f bytes sent per payload byte, "
                        + "%d retransmissions, %d dropped at the bottleneck, %.1f s%n", ackDelay, 100 * loss,
                        session.upstreamBytesPerPayloadByte(), session.client.engine.retransmissions(),
                        session.uplink.dropped(), session.sim.now() / 1e9);
            }
        }
    }

    static UploadSession cellular(double loss, long seed, ReliabilityConfig config) {
        LinkProfile path = new LinkProfile(loss, 0, 0, LinkProfile.millis(75), 0, 0, 0, 0);
        UploadSession session = new UploadSession(seed, path, REQUESTS, REQUEST_SIZE, config);
        session.uplink = new Bottleneck(384_000 / 8, 64 << 10);
        session.network.limit(Role.CLIENT, session.uplink).limit(Role.SERVER, new Bottleneck(1_000_000 / 8, 64 << 10));
        return session;
    }
}
