package org.hhfr.transports.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class NewRenoTest {
    private static final int DATAGRAM = 1_000;

    private final NewReno reno = new NewReno(
            new RttEstimator(ReliabilityConfig.forDatagrams(DATAGRAM), new Random(1)), DATAGRAM);

    @Test
    void slowStartBeginsAtTenDatagramsAndGrowsByWhatIsAcknowledged() {
        assertEquals(10 * DATAGRAM, reno.window());
        reno.onAcked(DATAGRAM, 1, 2);
        reno.onAcked(DATAGRAM, 1, 2);
        assertEquals(12 * DATAGRAM, reno.window());
    }

    @Test
    void aLossHalvesTheWindowOnceForTheWholeRecoveryPeriod() {
        reno.onLost(DATAGRAM, 5, 10);
        assertEquals(5 * DATAGRAM, reno.window());
        reno.onLost(DATAGRAM, 9, 11);
        reno.onLost(DATAGRAM, 10, 12);
        assertEquals(5 * DATAGRAM, reno.window(), "fragments sent before the recovery began");
        reno.onAcked(DATAGRAM, 8, 13);
        assertEquals(5 * DATAGRAM, reno.window(), "no growth from fragments sent before the recovery");
        reno.onLost(DATAGRAM, 20, 30);
        assertEquals(2_500, reno.window(), "a loss of a fragment sent after the recovery began halves again");
    }

    @Test
    void congestionAvoidanceAddsOneDatagramPerWindowAcknowledged() {
        reno.onLost(DATAGRAM, 5, 10);
        for (int i = 0; i < 5; i++) {
            reno.onAcked(DATAGRAM, 20 + i, 40);
        }
        assertEquals(6 * DATAGRAM, reno.window());
    }

    @Test
    void persistentCongestionFallsToTheTwoDatagramMinimum() {
        reno.onPersistentCongestion();
        assertEquals(2 * DATAGRAM, reno.window());
        reno.onLost(DATAGRAM, 50, 60);
        assertEquals(2 * DATAGRAM, reno.window(), "never below the minimum");
    }
}
