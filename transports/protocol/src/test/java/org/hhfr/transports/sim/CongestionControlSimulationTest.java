package org.hhfr.transports.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.hhfr.transports.Role;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.reliability.CongestionControl;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Loss recovery and congestion control over simulated UDP paths (RFC 9002): a pipelined upload of equal
 * requests over a fixed path, with a bottleneck, a burst of losses, a blackout or a jump of the round trip.
 * What every controller must do runs with each; NewReno's own reactions to loss run with NewReno (BBR's are in
 * {@code BbrSimulationTest}).
 */
class CongestionControlSimulationTest {
    private static final long MS = LinkProfile.millis(1);

    @Test
    void aBurstOfLossesWithinOneRoundTripHalvesTheNewRenoWindowOnce() {
        UploadSession session = new UploadSession(1, path(0, 50), 1_500, 1_000, with(CongestionControl.NEW_RENO));
        session.network.limit(Role.CLIENT, new Bottleneck(2_000_000 / 8, 1 << 20));
        session.network.blackout(Role.CLIENT, 1_000 * MS, 1_030 * MS);

        assertEquals(List.of(), session.run());
        List<long[]> reductions = reductions(session.client.windowChanges());
        assertEquals(1, reductions.size(), "reductions (from, to): " + describe(reductions));
        long[] only = reductions.get(0);
        long grownInTheSameTurn = only[1] - only[0] / 2;
        assertTrue(grownInTheSameTurn >= 0 && grownInTheSameTurn <= frameBudget(), "halved: " + describe(reductions));
        assertTrue(session.client.engine.retransmissions() > 1, "several datagrams were lost");
    }

    @ParameterizedTest
    @EnumSource(CongestionControl.class)
    void theRoundTripJumpingFourfoldMidSessionCausesNoSpuriousRetransmission(CongestionControl controller) {
        UploadSession session = new UploadSession(2, path(0, 50), 3_000, 1_000, with(controller));
        session.network.changeDelayAt(400 * MS, 200 * MS);

        assertEquals(List.of(), session.run());
        assertEquals(0, session.client.engine.retransmissions());
    }

    @Test
    void theRoundTripJumpingFourfoldMidSessionDeclaresNoLossToNewReno() {
        UploadSession session = new UploadSession(2, path(0, 50), 3_000, 1_000, with(CongestionControl.NEW_RENO));
        session.network.changeDelayAt(400 * MS, 200 * MS);

        assertEquals(List.of(), session.run());
        assertTrue(reductions(session.client.windowChanges()).isEmpty(), "no loss was declared");
    }

    @ParameterizedTest
    @EnumSource(CongestionControl.class)
    void onADropTailBottleneckTheQueueStaysUnderTwiceTheBandwidthDelayProduct(CongestionControl controller) {
        long bytesPerSecond = 1_000_000 / 8;
        long bdp = bytesPerSecond * 150 / 1_000;
        Bottleneck uplink = new Bottleneck(bytesPerSecond, 5 * bdp / 2);
        uplink.observeFrom(3_000 * MS);
        UploadSession session = new UploadSession(3, path(0, 75), 2_000, 1_000, with(controller));
        session.network.limit(Role.CLIENT, uplink);

        assertEquals(List.of(), session.run());
        double meanQueue = uplink.meanQueuedBytes(session.sim.now());
        assertTrue(meanQueue < 2 * bdp, "mean queue " + (long) meanQueue + " bytes, BDP " + bdp);
        double dropRate = (double) uplink.dropped() / (uplink.dropped() + uplink.passed());
        assertTrue(dropRate < 0.02, "dropped " + uplink.dropped() + " of " + (uplink.dropped() + uplink.passed()));
    }

    @Test
    void persistentCongestionCollapsesTheNewRenoWindowToTwoDatagrams() {
        UploadSession session = new UploadSession(4, path(0, 50), 2_000, 1_000, with(CongestionControl.NEW_RENO));
        session.network.blackout(Role.CLIENT, 1_000 * MS, 4_000 * MS);

        assertEquals(List.of(), session.run());
        long smallest = Long.MAX_VALUE;
        for (long[] change : session.client.windowChanges()) {
            smallest = Math.min(smallest, change[1]);
        }
        assertEquals(2L * frameBudget(), smallest);
    }

    @ParameterizedTest
    @EnumSource(CongestionControl.class)
    void pacingSpreadsAWindowOverTheRoundTripInsteadOfBurstingIt(CongestionControl controller) {
        UploadSession session = new UploadSession(5, path(0, 75), 1_000, 1_000, with(controller));

        assertEquals(List.of(), session.run());
        List<Long> sent = session.network.sendTimes(Role.CLIENT);
        int inRoundTrip = 0;
        int mostInFiveMillis = 0;
        for (int i = 0; i < sent.size(); i++) {
            long at = sent.get(i);
            if (at >= 450 * MS && at < 600 * MS) {
                inRoundTrip++;
                int burst = 0;
                while (i + burst < sent.size() && sent.get(i + burst) < at + 5 * MS) {
                    burst++;
                }
                mostInFiveMillis = Math.max(mostInFiveMillis, burst);
            }
        }
        assertTrue(inRoundTrip >= 40, inRoundTrip + " datagrams in the fourth round trip");
        assertTrue(mostInFiveMillis <= 6, mostInFiveMillis + " of " + inRoundTrip + " datagrams within 5 ms");
    }

    static ReliabilityConfig with(CongestionControl controller) {
        return UploadSession.defaults().toBuilder().congestionControl(controller).build();
    }

    /** A lossless path with a fixed one-way delay. */
    private static LinkProfile path(double loss, long oneWayMillis) {
        return new LinkProfile(loss, 0, 0, oneWayMillis * MS, 0, 0, 0, 0);
    }

    /** Each decrease of the window: {before, after}. */
    private static List<long[]> reductions(List<long[]> changes) {
        List<long[]> reductions = new ArrayList<>();
        for (int i = 1; i < changes.size(); i++) {
            if (changes.get(i)[1] < changes.get(i - 1)[1]) {
                reductions.add(new long[] {changes.get(i - 1)[1], changes.get(i)[1]});
            }
        }
        return reductions;
    }

    private static String describe(List<long[]> reductions) {
        StringBuilder text = new StringBuilder();
        for (long[] r : reductions) {
            text.append(r[0]).append("->").append(r[1]).append(' ');
        }
        return text.toString();
    }

    private static int frameBudget() {
        return DatagramWriter.frameBudget(DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, 8);
    }
}
