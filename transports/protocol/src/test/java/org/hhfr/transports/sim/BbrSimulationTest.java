package org.hhfr.transports.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
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
    private static final long SECOND = 1_000 * MS;
    private static final int REQUESTS = 400;
    private static final int REQUEST_SIZE = 1_000;
    private static final long[] SEEDS = {1, 2, 3, 4, 5};
    private static final long TRACE_ONE_WAY = 75 * MS;
    /**
     * Where sessions start in the trace: at its start (as a benchmark's sessions do), then every 25 s. A single
     * session's time swings by a tenth with small changes anywhere in the stack (one acknowledgement earlier or
     * later moves the whole schedule against the trace's bursts), so the test judges the median of fourteen.
     */
    private static final long[] TRACE_STARTS = new long[14];

    static {
        for (int i = 0; i < TRACE_STARTS.length; i++) {
            TRACE_STARTS[i] = i * 25_000 * MS;
        }
    }
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
    void overTheUmtsDrivingTraceBulkSessionsEndInTheMedianWithin40PercentOfWhenTheUplinkCarriedWhatWasSent() {
        double[] ratios = new double[TRACE_STARTS.length];
        StringBuilder sessions = new StringBuilder();
        for (int i = 0; i < TRACE_STARTS.length; i++) {
            long start = TRACE_STARTS[i];
            DeliveryTrace up = DeliveryTrace.bundled("TMobile-UMTS-driving.up").startingAt(start);
            UploadSession session = traced(up, DeliveryTrace.bundled("TMobile-UMTS-driving.down").startingAt(start));
            assertEquals(List.of(), session.run());
            long sent = session.network.bytesSent(Role.CLIENT)
                    + (long) IP_UDP_HEADERS * session.network.sendTimes(Role.CLIENT).size();
            long bound = up.carriedBy(sent) + 2 * TRACE_ONE_WAY;
            ratios[i] = (double) session.uploadTime() / bound;
            sessions.append(String.format(Locale.ROOT, " %d s: %d ms of %d;", start / MS / 1_000,
                    session.uploadTime() / MS, bound / MS));
        }
        double fromTheStart = ratios[0];
        Arrays.sort(ratios);
        double median = (ratios[ratios.length / 2 - 1] + ratios[ratios.length / 2]) / 2;
        // Before BBR went back to STARTUP after a probe that found more bandwidth, the median was 1.73, and the
        // session from the trace's start (where the benchmark's sessions start) took 1.25 times its bound.
        assertTrue(median <= 1.4, "median " + median + " of the time the uplink needs for what the client"
                + " sent; from each start, the session's time and that bound:" + sessions);
        assertTrue(fromTheStart <= 1.2, "from the trace's start " + fromTheStart + " times the bound:" + sessions);
    }

    /**
     * The trace's uplink carries nothing for its first 600 ms (as a cellular radio coming out of idle): the first
     * flight waits in the queue, so the first round trip is long and the first delivery rates low. Ten requests
     * of 4,010 bytes sent then (the float-sum benchmark's x = 1000, n = 10) took 1.19 times the bound while
     * STARTUP took its pace from those samples; the bound is when the uplink has carried what was sent, and the
     * path's round trip.
     */
    @Test
    void anUploadStartedInTheTracesOpeningOutageKeepsPaceWhenTheLinkOpens() {
        DeliveryTrace up = DeliveryTrace.bundled("TMobile-UMTS-driving.up");
        LinkProfile path = new LinkProfile(0, 0, 0, TRACE_ONE_WAY, 0, 0, 0, 0);
        UploadSession session = new UploadSession(1, path, 10, 4_010,
                CongestionControlSimulationTest.with(CongestionControl.BBR));
        session.uplink = new Bottleneck(up, 940_000 / 8);
        session.network.limit(Role.CLIENT, session.uplink)
                .limit(Role.SERVER, new Bottleneck(DeliveryTrace.bundled("TMobile-UMTS-driving.down"), 2_000_000 / 8));

        assertEquals(List.of(), session.run());
        long sent = session.network.bytesSent(Role.CLIENT)
                + (long) IP_UDP_HEADERS * session.network.sendTimes(Role.CLIENT).size();
        long bound = up.carriedBy(sent) + 2 * TRACE_ONE_WAY;
        assertTrue(session.uploadTime() <= 1.1 * bound, session.uploadTime() / MS + " ms, bound " + bound / MS + " ms");
    }

    /**
     * A link slower than the initial window per initial round trip (64 kbit/s up, 600 ms round trip) whose queue
     * (8 KB) holds less than the initial window: part of the first flight is dropped, and the probe timeout
     * (before the first acknowledgement, on a round trip this long) declares it lost while that flight is being
     * acknowledged. While STARTUP kept pacing at the initial floor regardless, it went on bursting into the full
     * queue: 20 requests of 1,000 bytes took 1.12 times the bound (what the client sent at the link's rate, and
     * the round trip) with 6 drops; 0.80 times with 5 once the losses took the floor away (the pace is then the
     * initial window per measured round trip, faster here than the acknowledgements' rate).
     */
    @Test
    void onASlowLinkWhoseQueueDropsPartOfTheFirstFlightStartupStopsPacingAtTheInitialFloor() {
        long rate = 8_000;
        long oneWay = 300 * MS;
        LinkProfile path = new LinkProfile(0, 0, 0, oneWay, 0, 0, 0, 0);
        UploadSession session = new UploadSession(1, path, 20, 1_000,
                CongestionControlSimulationTest.with(CongestionControl.BBR));
        session.uplink = new Bottleneck(rate, 8_000);
        session.network.limit(Role.CLIENT, session.uplink).limit(Role.SERVER, new Bottleneck(125_000, 64 << 10));

        assertEquals(List.of(), session.run());
        long sent = session.network.bytesSent(Role.CLIENT)
                + (long) IP_UDP_HEADERS * session.network.sendTimes(Role.CLIENT).size();
        long bound = sent * SECOND / rate + 2 * oneWay;
        assertTrue(session.uploadTime() <= bound, session.uploadTime() / MS + " ms, bound " + bound / MS
                + " ms, " + session.uplink.dropped() + " datagrams dropped");
    }

    /**
     * The steady state on a trace: from 2 s on (past startup), the seconds in which the uplink carries at least a
     * quarter of the trace's mean rate. In an outage whatever is in flight waits in the queue, however little
     * the sender keeps there, and the window it sent drains in the seconds after; those seconds would measure the
     * trace, not the sender. The mean queue of the counted seconds against their bandwidth-delay product (their
     * capacity times the round trip) is 0.3-1.5 from the fourteen starts with BBR, 0.4-3.9 with NewReno.
     */
    @Test
    void overTheUmtsDrivingTraceTheUplinkQueueStaysUnderTwoBandwidthDelayProductsOutsideStartupAndOutages() {
        StringBuilder sessions = new StringBuilder();
        double worst = 0;
        for (long start : TRACE_STARTS) {
            DeliveryTrace up = DeliveryTrace.bundled("TMobile-UMTS-driving.up").startingAt(start);
            UploadSession session = traced(up, DeliveryTrace.bundled("TMobile-UMTS-driving.down").startingAt(start));
            assertEquals(List.of(), session.run());
            double queued = 0;
            double bandwidthDelay = 0;
            for (int second = 2; (second + 1) * SECOND <= session.uploadTime(); second++) {
                long capacity = up.capacityBetween(second * SECOND, (second + 1) * SECOND);
                if (capacity >= up.meanBytesPerSecond() / 4) {
                    queued += session.uplink.meanQueuedBytesInSecond(second);
                    bandwidthDelay += capacity * (2.0 * TRACE_ONE_WAY / SECOND);
                }
            }
            double ratio = queued / bandwidthDelay;
            worst = Math.max(worst, ratio);
            sessions.append(String.format(Locale.ROOT, " %d s: %.2f;", start / SECOND, ratio));
        }
        assertTrue(worst < 2, "mean queue in bandwidth-delay products, from each start:" + sessions);
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
