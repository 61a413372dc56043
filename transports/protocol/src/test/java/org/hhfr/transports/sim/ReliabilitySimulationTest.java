package org.hhfr.transports.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.reliability.DeliveryAssurance;
import org.hhfr.transports.reliability.LinkType;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.hhfr.transports.reliability.ReliabilityEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Two engines over simulated links, each run fully determined by its seed. A failure names the seed; rerun
 * it alone with {@code -Dhhfr.sim.seed=N}, or soak many with {@code -Dhhfr.sim.soak=COUNT} (see the README).
 */
class ReliabilitySimulationTest {
    private static final int DATAGRAM_SEEDS = 2_000;
    private static final int STREAM_SEEDS = 1_000;
    private static final int AT_MOST_ONCE_SEEDS = 500;

    @Test
    void everyMessageArrivesExactlyOnceInOrderOverLossyReorderingDatagrams() {
        assertAllSeedsPass(1, DATAGRAM_SEEDS, LinkType.DATAGRAM, DeliveryAssurance.EXACTLY_ONCE);
    }

    @Test
    void everyMessageArrivesExactlyOnceInOrderOverAStreamThatIsCutAndResumed() {
        assertAllSeedsPass(1, STREAM_SEEDS, LinkType.STREAM, DeliveryAssurance.EXACTLY_ONCE);
    }

    @Test
    void atMostOnceNeverDeliversAMessageTwiceOrOutOfOrder() {
        assertAllSeedsPass(1, AT_MOST_ONCE_SEEDS, LinkType.DATAGRAM, DeliveryAssurance.AT_MOST_ONCE);
    }

    @Test
    void atMostOnceOverAResumedStreamNeverDeliversTwice() {
        assertAllSeedsPass(1, AT_MOST_ONCE_SEEDS, LinkType.STREAM, DeliveryAssurance.AT_MOST_ONCE);
    }

    @Test
    void senderGivesUpAfterMaxRetransmissionsWhenTheLinkIsDeadForever() {
        ReliabilityConfig patient = ReliabilityConfig.forDatagrams(frameBudget())
                .toBuilder().keepAliveMillis(15_000, 3_600_000).build();
        SimulationRun.Outcome outcome = new SimulationRun(7, LinkType.DATAGRAM, DeliveryAssurance.EXACTLY_ONCE)
                .over(LinkProfile.dead()).configuredFrom(patient).run();

        assertEquals(ReliabilityEngine.State.FAILED, outcome.client.engine.state(), outcome.toString());
        assertTrue(outcome.client.failedWith(ErrorCode.PEER_UNRESPONSIVE), outcome.toString());
        assertTrue(outcome.client.failure().reason().contains("retransmissions"), outcome.client.failure().reason());
        long gaveUpAfter = TimeUnit.NANOSECONDS.toMillis(outcome.client.failedAt());
        assertTrue(gaveUpAfter > 30_000 && gaveUpAfter < 120_000, "gave up after " + gaveUpAfter + " ms");
    }

    @Test
    void idlePeerFailsTheSessionAfterTheIdleTimeout() {
        ReliabilityConfig impatient = ReliabilityConfig.forDatagrams(frameBudget()).toBuilder()
                .keepAliveMillis(1_000, 5_000).build();
        SimulationRun.Outcome outcome = new SimulationRun(8, LinkType.DATAGRAM, DeliveryAssurance.EXACTLY_ONCE)
                .over(LinkProfile.dead()).configuredFrom(impatient).run();

        assertTrue(outcome.client.failedWith(ErrorCode.PEER_UNRESPONSIVE), outcome.toString());
        assertTrue(outcome.client.failure().reason().startsWith("nothing received for"), outcome.toString());
        assertEquals(5_000, TimeUnit.NANOSECONDS.toMillis(outcome.client.failedAt()));
    }

    @Test
    @EnabledIfSystemProperty(named = "hhfr.sim.seed", matches = "-?\\d+")
    void replaysTheSeedGivenOnTheCommandLine() {
        long seed = Long.getLong("hhfr.sim.seed");
        List<String> failures = new ArrayList<>();
        for (LinkType link : LinkType.values()) {
            for (DeliveryAssurance assurance : DeliveryAssurance.values()) {
                SimulationRun.Outcome outcome = new SimulationRun(seed, link, assurance).run();
                System.out.println(outcome + " in " + outcome.virtualMillis + " virtual ms");
                if (!outcome.ok()) {
                    failures.add(outcome.toString());
                }
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    @EnabledIfSystemProperty(named = "hhfr.sim.soak", matches = "\\d+")
    void soaksManySeeds() {
        int count = Integer.getInteger("hhfr.sim.soak");
        long first = Long.getLong("hhfr.sim.first", 1_000);
        List<String> failures = new ArrayList<>();
        for (LinkType link : LinkType.values()) {
            for (DeliveryAssurance assurance : DeliveryAssurance.values()) {
                failures.addAll(failingSeeds(first, count, link, assurance));
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " failing runs:\n" + String.join("\n", failures));
    }

    private static void assertAllSeedsPass(long first, int count, LinkType link, DeliveryAssurance assurance) {
        List<String> failures = failingSeeds(first, count, link, assurance);
        assertTrue(failures.isEmpty(), failures.size() + " of " + count + " seeds failed (replay one with "
                + "-Dhhfr.sim.seed=N):\n" + String.join("\n", failures));
    }

    private static List<String> failingSeeds(long first, int count, LinkType link, DeliveryAssurance assurance) {
        List<String> failures = new ArrayList<>();
        for (long seed = first; seed < first + count; seed++) {
            SimulationRun.Outcome outcome = new SimulationRun(seed, link, assurance).run();
            if (!outcome.ok()) {
                failures.add(outcome.toString());
            }
        }
        return failures;
    }

    private static int frameBudget() {
        return DatagramWriter.frameBudget(DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE,
                SessionId.of(new byte[8]).length());
    }
}
