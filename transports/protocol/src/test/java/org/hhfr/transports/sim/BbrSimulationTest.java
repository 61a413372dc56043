package org.hhfr.transports.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hhfr.transports.Role;
import org.hhfr.transports.reliability.CongestionControl;
import org.junit.jupiter.api.Test;

/**
 * BBR against NewReno on cellular-like paths (150 ms round trip, a 64 KB drop-tail queue at the uplink, 1
 * Mbit/s down): a pipelined upload of 400 requests of 1,000 bytes, timed until the last response arrives. And
 * BBR over a real cellular trace, as {@code hhfr-link --profile umts-trace} replays it.
 */
class BbrSimulationTest {
    private static final long MS = LinkProfile.millis(1);
    private static final int REQUESTS = 400;
    private static final int REQUEST_SIZE = 1_000;
    private static final long[] SEEDS = {1, 2, 3, 4, 5};
    private static final long TRACE_ONE_WAY = 75 * MS;
    /** Where sessions start in the trace: at its start (as a benchmark's sessions do), and later on. */
    private static final long[] TRACE_STARTS = {0, 200_000 * MS, 300_000 * MS};
    private static final int IP_UDP_HEADERS = 28;

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

    @Test
    void overTheUmtsDrivingTraceLargeRequestsAndAnswersEndWithin15PercentOfWhenTheUplinkCarriedWhatWasSent() {
        for (long start : TRACE_STARTS) {
            DeliveryTrace up = DeliveryTrace.bundled("TMobile-UMTS-driving.up").startingAt(start);
            UploadSession session = traced(up, DeliveryTrace.bundled("TMobile-UMTS-driving.down").startingAt(start));
            assertEquals(List.of(), session.run());
            long sent = session.network.bytesSent(Role.CLIENT)
                    + (long) IP_UDP_HEADERS * session.network.sendTimes(Role.CLIENT).size();
            long bound = up.carriedBy(sent) + 2 * TRACE_ONE_WAY;
            assertTrue(session.uploadTime() <= 1.15 * bound, "from " + start / MS / 1_000 + " s into the trace: "
                    + session.uploadTime() / MS + " ms, the uplink carries what the client sent by " + bound / MS
                    + " ms");
        }
    }

    /**
     * 100 requests of 8,000 bytes answered with as many over cellular traces: 150 ms round trip, a drop-tail
     * queue of one second at each direction's mean rate (hhfr-link's default for the UMTS traces).
     */
    private static UploadSession traced(DeliveryTrace up, DeliveryTrace down) {
        LinkProfile path = new LinkProfile(0, 0, 0, TRACE_ONE_WAY, 0, 0, 0, 0);
        UploadSession session = new UploadSession(1, path, 100, 8_000, 8_000,
                CongestionControlSimulationTest.with(CongestionControl.BBR));
        session.uplink = new Bottleneck(up, 940_000 / 8);
        session.network.limit(Role.CLIENT, session.uplink).limit(Role.SERVER, new Bottleneck(down, 2_000_000 / 8));
        return session;
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
