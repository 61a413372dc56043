package org.hhfr.transports.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hhfr.transports.Role;
import org.hhfr.transports.reliability.CongestionControl;
import org.junit.jupiter.api.Test;

/**
 * BBR against NewReno on cellular-like paths (150 ms round trip, a 64 KB drop-tail queue at the uplink, 1
 * Mbit/s down): a pipelined upload of 400 requests of 1,000 bytes, timed until the last response arrives.
 */
class BbrSimulationTest {
    private static final long MS = LinkProfile.millis(1);
    private static final int REQUESTS = 400;
    private static final int REQUEST_SIZE = 1_000;
    private static final long[] SEEDS = {1, 2, 3, 4, 5};

    @Test
    void withThreePercentRandomLossAnUploadFinishesAtLeastAThirdFasterThanWithNewRenoAndResendsLittle() {
        long bbr = 0;
        long newReno = 0;
        for (long seed : SEEDS) {
            UploadSession session = upload(CongestionControl.BBR, 0.03, seed, 1_000_000, 64 << 10);
            bbr += session.uploadTime();
            assertTrue(session.upstreamBytesPerPayloadByte() < 1.15,
                    session.upstreamBytesPerPayloadByte() + " bytes sent per payload byte, seed " + seed);
            newReno += upload(CongestionControl.NEW_RENO, 0.03, seed, 1_000_000, 64 << 10).uploadTime();
        }
        assertTrue(1.3 * bbr <= newReno, "BBR " + bbr / 1e6 / SEEDS.length + " ms, NewReno "
                + newReno / 1e6 / SEEDS.length + " ms on average");
    }

    @Test
    void withoutLossAnUploadIsAsFastAsWithNewReno() {
        for (long uplink : new long[] {384_000, 1_000_000}) {
            long bbr = upload(CongestionControl.BBR, 0, 1, uplink, 64 << 10).uploadTime();
            long newReno = upload(CongestionControl.NEW_RENO, 0, 1, uplink, 64 << 10).uploadTime();
            assertTrue(bbr <= 1.03 * newReno, "BBR " + bbr / MS + " ms, NewReno " + newReno / MS + " ms at "
                    + uplink + " bit/s");
        }
    }

    @Test
    void onADeepDropTailQueueTheMeanQueueStaysUnderOneBandwidthDelayProductAfterStartup() {
        long bdp = 384_000 / 8 * 150 / 1_000;
        UploadSession session = session(CongestionControl.BBR, 0, 7, 384_000, 64 << 10);
        session.uplink.observeFrom(2_000 * MS);

        assertEquals(List.of(), session.run());
        double meanQueue = session.uplink.meanQueuedBytes(session.uploadTime());
        assertTrue(meanQueue < bdp, "mean queue " + (long) meanQueue + " bytes, BDP " + bdp);
        assertEquals(0, session.uplink.dropped());
    }

    @Test
    void afterTheUplinkRateFallsFourfoldTheQueueItBuiltDrainsWithinAFewRoundTrips() {
        long laterRate = 250_000 / 8;
        long laterBdp = laterRate * 150 / 1_000;
        UploadSession session = session(CongestionControl.BBR, 0, 8, 1_000_000, 128 << 10);
        session.uplink.changeRateAt(2_000 * MS, laterRate);
        session.uplink.observeFrom(4_000 * MS);

        assertEquals(List.of(), session.run());
        double meanQueue = session.uplink.meanQueuedBytes(session.uploadTime());
        assertTrue(meanQueue < laterBdp, "mean queue from 2 s after the drop " + (long) meanQueue
                + " bytes, BDP at the lower rate " + laterBdp);
    }

    @Test
    void onADropTailQueueOfAQuarterBdpTheLossBoundKeepsResentBytesFew() {
        long bdp = 1_000_000 / 8 * 150 / 1_000;
        UploadSession session = upload(CongestionControl.BBR, 0, 9, 1_000_000, bdp / 4);

        assertTrue(session.upstreamBytesPerPayloadByte() < 1.12, session.upstreamBytesPerPayloadByte()
                + " bytes sent per payload byte, " + session.uplink.dropped() + " datagrams dropped");
    }

    private static UploadSession upload(CongestionControl controller, double loss, long seed, long uplink,
                                        long queue) {
        UploadSession session = session(controller, loss, seed, uplink, queue);
        assertEquals(List.of(), session.run(), controller + " seed " + seed);
        return session;
    }

    private static UploadSession session(CongestionControl controller, double loss, long seed, long uplink,
                                         long queue) {
        LinkProfile path = new LinkProfile(loss, 0, 0, 75 * MS, 0, 0, 0, 0);
        UploadSession session = new UploadSession(seed, path, REQUESTS, REQUEST_SIZE,
                CongestionControlSimulationTest.with(controller));
        session.uplink = new Bottleneck(uplink / 8, queue);
        session.network.limit(Role.CLIENT, session.uplink).limit(Role.SERVER, new Bottleneck(1_000_000 / 8, 64 << 10));
        return session;
    }
}
