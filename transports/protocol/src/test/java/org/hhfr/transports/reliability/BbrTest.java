package org.hhfr.transports.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The BBR model fed by hand: one acknowledgement per round trip, each delivering what the path carries in it,
 * over a path of 100 KB/s and a 100 ms propagation round trip (BDP 10,000 bytes).
 */
class BbrTest {
    private static final int DATAGRAM = 1_000;
    private static final long MS = 1_000_000;
    private static final double RATE = 100_000;
    private static final long BDP = 10_000;
    private static final long STEADY_WINDOW = 2 * BDP + 3 * DATAGRAM;

    private final RttEstimator rtt = new RttEstimator(ReliabilityConfig.forDatagrams(DATAGRAM), new Random(1));
    private final Bbr bbr = new Bbr(rtt, DATAGRAM);
    private final DeliveryRateSample sample = new DeliveryRateSample();
    private long now = 1_000 * MS;
    private long delivered;

    @Test
    void startupGrowsLikeSlowStartThenDrainsAndCruisesAtTwiceTheBandwidthDelayProduct() {
        assertEquals(10 * DATAGRAM, bbr.window());
        round(100 * MS, 5 * DATAGRAM, RATE / 4, 5 * DATAGRAM);
        assertEquals(Bbr.State.STARTUP, bbr.state());
        assertEquals(15 * DATAGRAM, bbr.window(), "grown by what was acknowledged");
        reachSteadyState();
        assertEquals(Bbr.State.PROBE_BW, bbr.state());
        assertEquals(STEADY_WINDOW, bbr.window());
        assertEquals(RATE, bbr.bandwidth(), 1);
        assertEquals(100 * MS, bbr.minRtt());
    }

    @Test
    void aRandomLossInARoundLeavesTheWindowAlone() {
        reachSteadyState();
        bbr.onLost(DATAGRAM, now - 50 * MS, now);
        cruise(100 * MS);
        bbr.onLost(2 * DATAGRAM, now - 50 * MS, now);
        cruise(100 * MS);
        assertEquals(STEADY_WINDOW, bbr.window());
    }

    @Test
    void aRoundLosingMoreThanTwoPercentBoundsTheWindowToOneBdpUntilCleanRoundsRaiseItAgain() {
        reachSteadyState();
        bbr.onLost(4 * DATAGRAM, now - 50 * MS, now);
        cruise(100 * MS);
        assertEquals(BDP, bbr.window(), "bounded");
        long bounded = bbr.window();
        for (int i = 0; i < 6; i++) {
            cruise(100 * MS);
        }
        assertTrue(bbr.window() > bounded, "grows back: " + bbr.window());
        for (int i = 0; i < 10; i++) {
            cruise(100 * MS);
        }
        assertEquals(STEADY_WINDOW, bbr.window());
    }

    @Test
    void aMinimumRoundTripTenSecondsOldIsMeasuredAgainInProbeRttWithTheQueueDrained() {
        reachSteadyState();
        long lastMinimum = now;
        while (now - lastMinimum <= Bbr.MIN_RTT_LIFETIME) {
            round(120 * MS, BDP, RATE, BDP);
        }
        round(120 * MS, BDP, RATE, BDP);
        assertEquals(Bbr.State.PROBE_RTT, bbr.state());
        assertEquals(6_000, bbr.window(), "half the BDP of the queued round trip while probing");
        long probing = now;
        while (now - probing < Bbr.PROBE_RTT_DURATION + 200 * MS) {
            round(100 * MS, BDP / 2, RATE, BDP / 2);
        }
        assertEquals(Bbr.State.PROBE_BW, bbr.state());
        assertEquals(100 * MS, bbr.minRtt(), "the queue-free round trip, not the queued one");
        assertEquals(STEADY_WINDOW, bbr.window(), "the window from before the probe");
    }

    @Test
    void persistentCongestionFallsToFourDatagramsAndTheModelRestoresTheWindow() {
        reachSteadyState();
        bbr.onPersistentCongestion();
        assertEquals(4 * DATAGRAM, bbr.window());
        for (int i = 0; i < 4; i++) {
            cruise(100 * MS);
        }
        assertEquals(STEADY_WINDOW, bbr.window());
    }

    @Test
    void pacesAtTheStartupGainUntilThePipeIsFullThenAtTheMeasuredBandwidth() {
        round(100 * MS, 5 * DATAGRAM, RATE / 4, 5 * DATAGRAM);
        assertTrue(bbr.pacingRate() >= Bbr.STARTUP_PACING_GAIN * RATE / 4);
        reachSteadyState();
        for (int i = 0; i < 8; i++) {
            cruise(100 * MS);
            double gain = bbr.pacingRate() / RATE;
            assertTrue(gain > 0.74 && gain < 1.26, "a PROBE_BW gain: " + gain);
        }
    }

    @Test
    void aFirstFlightHeldUpByAnOutageDoesNotSlowStartupsPaceBelowTheInitialOne() {
        double initial = bbr.pacingRate();
        rtt.sample(800 * MS, 0);
        round(800 * MS, DATAGRAM, DATAGRAM * 1e9 / (800 * MS), 9 * DATAGRAM);
        assertEquals(Bbr.State.STARTUP, bbr.state());
        assertTrue(bbr.pacingRate() >= initial, bbr.pacingRate() + " bytes/s after the first acknowledgement, "
                + initial + " before");
    }

    @Test
    void aFirstFlightPartlyDroppedOnASlowLinkSlowsStartupToTheRateItsAcknowledgementsCame() {
        double initial = bbr.pacingRate();
        firstFlightAcknowledgedEvery(30 * MS, 4, true);
        double acknowledgementsRate = 3 * DATAGRAM / 0.090;
        assertTrue(bbr.pacingRate() < initial, bbr.pacingRate() + " bytes/s, " + initial + " at the start");
        assertEquals(Bbr.STARTUP_PACING_GAIN * acknowledgementsRate, bbr.pacingRate(), 1,
                "the gain times the acknowledgements' rate, faster here than the initial window per measured round"
                        + " trip (" + Bbr.STARTUP_PACING_GAIN * 10 * DATAGRAM / 0.750 + " bytes/s)");
    }

    @Test
    void aFirstFlightPartlyDroppedPacesNoSlowerThanTheInitialWindowPerMeasuredRoundTrip() {
        firstFlightAcknowledgedEvery(150 * MS, 4, true);
        assertEquals(Bbr.STARTUP_PACING_GAIN * 10 * DATAGRAM / 0.750, bbr.pacingRate(), 1);
    }

    @Test
    void aFirstFlightThatLosesNothingKeepsStartupsInitialPaceHoweverSlowlyItsAcknowledgementsCame() {
        double initial = bbr.pacingRate();
        firstFlightAcknowledgedEvery(150 * MS, 4, false);
        assertTrue(bbr.pacingRate() >= initial, bbr.pacingRate() + " bytes/s, " + initial + " at the start");
    }

    @Test
    void aFirstFlightPartlyDroppedWhoseAcknowledgementsCameFastLeavesStartupsPaceAsItWas() {
        double initial = bbr.pacingRate();
        firstFlightAcknowledgedEvery(MS, 4, true);
        assertEquals(initial, bbr.pacingRate(), 1, "the acknowledgements' rate lowers the pace, never raises it");
    }

    @Test
    void aSecondAcknowledgementOfTheFirstFlightAtTheSameInstantLeavesAFinitePace() {
        long sentAt = now;
        rtt.sample(750 * MS, 0);
        now += 750 * MS;
        for (int i = 0; i < 2; i++) {
            if (i == 0) {
                bbr.onAcked(DATAGRAM, sentAt, now);
            } else {
                bbr.onLost(DATAGRAM, sentAt, now);
            }
            sample.clear();
            delivered += DATAGRAM;
            sample.totalDelivered = delivered;
            sample.delivered = delivered;
            sample.interval = now - sentAt;
            sample.roundTrip = now - sentAt;
            bbr.onAcknowledgement(sample, 8 * DATAGRAM, now);
        }
        assertTrue(Double.isFinite(bbr.pacingRate()) && bbr.pacingRate() > 0, bbr.pacingRate() + " bytes/s");
    }

    @Test
    void aLossInTheSecondRoundLeavesStartupsPaceAtItsInitialOne() {
        double initial = bbr.pacingRate();
        firstFlightAcknowledgedEvery(150 * MS, 4, false);
        long sentAt = now;
        long prior = delivered;
        now += 600 * MS;
        for (int i = 0; i < 4; i++) {
            now += i == 0 ? 0 : 150 * MS;
            if (i == 1) {
                bbr.onLost(DATAGRAM, sentAt, now);
            }
            bbr.onAcked(DATAGRAM, sentAt, now);
            sample.clear();
            sample.priorDelivered = prior;
            delivered += DATAGRAM;
            sample.totalDelivered = delivered;
            sample.delivered = delivered - prior;
            sample.interval = now - sentAt;
            sample.roundTrip = now - sentAt;
            bbr.onAcknowledgement(sample, 6 * DATAGRAM, now);
        }
        assertEquals(Bbr.State.STARTUP, bbr.state());
        assertTrue(bbr.pacingRate() >= initial, bbr.pacingRate() + " bytes/s, " + initial + " at the start");
    }

    @Test
    void onAPathShorterThanTheInitialEstimateStartupPacesTheInitialWindowPerMeasuredRoundTrip() {
        rtt.sample(20 * MS, 0);
        round(20 * MS, DATAGRAM, RATE, 9 * DATAGRAM);
        assertTrue(bbr.pacingRate() >= Bbr.STARTUP_PACING_GAIN * 10 * DATAGRAM / 0.020,
                "paced at " + bbr.pacingRate());
    }

    @Test
    void itsEstimateOfThePathIsTheModelsBandwidthAndMinimumRoundTripOnceItHasSamples() {
        assertEquals(null, bbr.estimate());
        reachSteadyState();
        assertEquals(PathEstimate.of((long) RATE, 100 * MS), bbr.estimate());
    }

    @Test
    void resumedFromAnEstimateItStartsWithOneBdpOfItPacedAtItsBandwidthAtMostAHundredDatagrams() {
        bbr.resume(PathEstimate.of(1_000_000, 50 * MS));
        assertEquals(50_000, bbr.window());
        assertTrue(bbr.pacingRate() >= 1_000_000, "paced at " + bbr.pacingRate());
        assertEquals(Bbr.State.STARTUP, bbr.state());

        Bbr fast = new Bbr(rtt, DATAGRAM);
        fast.resume(PathEstimate.of(100_000_000, 50 * MS));
        assertEquals(100 * DATAGRAM, fast.window());
        Bbr slow = new Bbr(rtt, DATAGRAM);
        slow.resume(PathEstimate.of(10_000, 50 * MS));
        assertEquals(10 * DATAGRAM, slow.window(), "never below the initial window");
    }

    @Test
    void aFirstRoundTripFarFromTheResumedEstimatesSendsWindowAndPaceBackToTheInitialOnes() {
        double initialPace = bbr.pacingRate();
        bbr.resume(PathEstimate.of(1_000_000, 50 * MS));
        round(800 * MS, DATAGRAM, RATE / 4, 40 * DATAGRAM);
        assertTrue(bbr.window() <= 11 * DATAGRAM, "window " + bbr.window());
        assertTrue(bbr.pacingRate() < 1_000_000, "paced at " + bbr.pacingRate() + ", initially " + initialPace);

        Bbr confirmed = new Bbr(rtt, DATAGRAM);
        confirmed.resume(PathEstimate.of(1_000_000, 50 * MS));
        sample.clear();
        sample.priorDelivered = 0;
        sample.totalDelivered = DATAGRAM;
        sample.delivered = DATAGRAM;
        sample.interval = 60 * MS;
        sample.roundTrip = 60 * MS;
        confirmed.onAcked(DATAGRAM, now - 60 * MS, now);
        confirmed.onAcknowledgement(sample, 40 * DATAGRAM, now);
        assertTrue(confirmed.window() >= 50_000, "a round trip near the estimate's keeps it: " + confirmed.window());
    }

    @Test
    void itsEstimateOutlivesTheBandwidthFilterWhileTheSenderIsApplicationLimited() {
        reachSteadyState();
        for (int i = 0; i < 3 * 10; i++) {
            now += 100 * MS;
            bbr.onAcked(DATAGRAM, now - 100 * MS, now);
            sample.clear();
            sample.priorDelivered = delivered;
            delivered += DATAGRAM;
            sample.totalDelivered = delivered;
            sample.delivered = DATAGRAM;
            sample.interval = 100 * MS;
            sample.roundTrip = 100 * MS;
            sample.applicationLimited = true;
            bbr.onAcknowledgement(sample, DATAGRAM, now);
            assertNotNull(bbr.estimate(), "no estimate after application-limited round " + i);
            assertEquals(100 * MS, bbr.estimate().minRttNanos());
        }
    }

    @Test
    void aResumedWindowThePathNoLongerSupportsShrinksToTheModelOnceThePipeIsFull() {
        bbr.resume(PathEstimate.of(10 * (long) RATE, 100 * MS));
        reachSteadyState();
        assertEquals(STEADY_WINDOW, bbr.window());
    }

    @Test
    void aProbeThatFindsTheRateRisenSearchesAgainFromStartupAndSettlesOnTheNewRate() {
        reachSteadyState();
        boolean searched = false;
        for (int i = 0; i < 20; i++) {
            round(100 * MS, 2 * BDP, 2 * RATE, searched ? 2 * BDP : 3 * BDP);
            searched |= bbr.state() == Bbr.State.STARTUP;
        }
        assertTrue(searched, "went back to STARTUP");
        assertEquals(Bbr.State.PROBE_BW, bbr.state());
        assertEquals(2 * RATE, bbr.bandwidth(), 1);
    }

    @Test
    void whereARoundLostTooMuchAProbeThatFindsMoreProbesAgainInsteadOfSearchingFromStartup() {
        reachSteadyState();
        bbr.onLost(4 * DATAGRAM, now - 50 * MS, now);
        cruise(100 * MS);
        int probes = 0;
        for (int i = 0; i < 20; i++) {
            round(100 * MS, 12 * BDP / 10, 1.2 * RATE, 12 * BDP / 10);
            assertEquals(Bbr.State.PROBE_BW, bbr.state());
            probes += bbr.pacingRate() > 1.2 * bbr.bandwidth() ? 1 : 0;
        }
        assertTrue(probes >= 2, probes + " rounds probing");
    }

    @Test
    void acknowledgementsArrivingInBurstsWidenTheWindowByWhatABurstBringsBeyondTheBandwidth() {
        reachSteadyState();
        for (int i = 0; i < 4; i++) {
            burstRound(5);
        }
        assertEquals(STEADY_WINDOW + 4 * BDP / 5, bbr.window(), "four fifths of a BDP came at once");
    }

    @Test
    void acknowledgementsAtTheBandwidthsPaceAddNothing() {
        reachSteadyState();
        for (int i = 0; i < 12; i++) {
            spreadRound(10);
        }
        assertEquals(STEADY_WINDOW, bbr.window());
    }

    @Test
    void aggregationIsForgottenTenRoundsAfterAcknowledgementsStopComingInBursts() {
        reachSteadyState();
        burstRound(5);
        now += 100 * MS;
        for (int i = 0; i < 9; i++) {
            spreadRound(5);
        }
        assertEquals(STEADY_WINDOW + 4 * BDP / 5, bbr.window(), "the burst of nine rounds ago still counts");
        spreadRound(5);
        assertEquals(STEADY_WINDOW, bbr.window());
    }

    @Test
    void aggregationCountsAtMostWhatTheBandwidthDeliversInAHundredMilliseconds() {
        reachSteadyState();
        now += 100 * MS;
        for (int i = 0; i < 10; i++) {
            round(i == 0 ? 100 * MS : 0, 2 * BDP / 10, RATE, 2 * BDP, 200 * MS);
        }
        assertEquals(STEADY_WINDOW + BDP, bbr.window(), "1.8 BDP came at once, one counts");
    }

    @Test
    void onAFastPathTheWindowHoldsThreeSendQuantaOfAMillisecondAtThePacingRateEachAtMost64KiB() {
        cruiseFromStart(100e6, 100_000);
        assertEquals(Bbr.State.PROBE_BW, bbr.state());
        assertEquals(2 * 10_000 + 3 * 65_536, bbr.window(), "a BDP of 10,000 bytes, quanta of 64 KiB");
    }

    @Test
    void aSendQuantumIsAMillisecondAtThePacingRate() {
        cruiseFromStart(10e6, MS);
        assertEquals(Bbr.State.PROBE_BW, bbr.state());
        long quantum = (long) (bbr.pacingRate() * MS / 1e9);
        assertTrue(quantum > 5 * DATAGRAM, "paced at " + bbr.pacingRate());
        assertEquals(2 * 10_000 + 3 * quantum, bbr.window(), "a BDP of 10,000 bytes");
    }

    /** Sixty round trips of {@code roundTrip} nanoseconds over a path of {@code rate} bytes per second. */
    private void cruiseFromStart(double rate, long roundTrip) {
        long bdp = (long) (rate * roundTrip / 1e9);
        for (int i = 0; i < 60; i++) {
            round(roundTrip, bdp, rate, bdp);
        }
    }

    /** STARTUP until three rounds bring no more bandwidth, DRAIN, then PROBE_BW. */
    private void reachSteadyState() {
        double rate = RATE / 4;
        for (int i = 0; i < 3; i++) {
            rate = Math.min(RATE, rate * 2);
            round(100 * MS, (long) (rate / 10), rate, (long) (rate / 10));
        }
        for (int i = 0; i < 4; i++) {
            round(100 * MS, BDP, RATE, 3 * BDP);
        }
        cruise(100 * MS);
        for (int i = 0; i < 12; i++) {
            cruise(100 * MS);
        }
    }

    private void cruise(long roundTrip) {
        round(roundTrip, BDP, RATE, BDP);
    }

    /** A 100 ms round trip's BDP delivered by {@code acks} acknowledgements evenly spaced. */
    private void spreadRound(int acks) {
        for (int i = 0; i < acks; i++) {
            round(100 * MS / acks, BDP / acks, RATE, BDP, 100 * MS);
        }
    }

    /** A 100 ms round trip's BDP delivered by {@code acks} acknowledgements all at its end. */
    private void burstRound(int acks) {
        for (int i = 0; i < acks; i++) {
            round(i == 0 ? 100 * MS : 0, BDP / acks, RATE, BDP, 100 * MS);
        }
    }

    /**
     * The first flight's acknowledgements: the first after a 750 ms round trip, then {@code acks - 1} more each
     * {@code gap} later, one datagram each (sent at the start, before anything was delivered); with
     * {@code lossy}, a datagram of it is declared lost after the second.
     */
    private void firstFlightAcknowledgedEvery(long gap, int acks, boolean lossy) {
        long sentAt = now;
        rtt.sample(750 * MS, 0);
        now += 750 * MS;
        for (int i = 0; i < acks; i++) {
            now += i == 0 ? 0 : gap;
            if (lossy && i == 2) {
                bbr.onLost(DATAGRAM, sentAt, now);
            }
            bbr.onAcked(DATAGRAM, sentAt, now);
            sample.clear();
            sample.priorDelivered = 0;
            delivered += DATAGRAM;
            sample.totalDelivered = delivered;
            sample.delivered = delivered;
            sample.interval = now - sentAt;
            sample.roundTrip = now - sentAt;
            bbr.onAcknowledgement(sample, 10 * DATAGRAM - delivered, now);
        }
    }

    /** One round trip: an acknowledgement of {@code bytes} delivered at {@code rate} bytes per second. */
    private void round(long roundTrip, long bytes, double rate, long inFlight) {
        round(roundTrip, bytes, rate, inFlight, roundTrip);
    }

    /**
     * An acknowledgement {@code gap} after the last, of {@code bytes} sent {@code roundTrip} earlier; its delivery
     * rate is measured over all that the path delivered since they were sent.
     */
    private void round(long gap, long bytes, double rate, long inFlight, long roundTrip) {
        now += gap;
        bbr.onAcked((int) bytes, now - roundTrip, now);
        long deliveredSinceSent = (long) ((roundTrip - gap) * rate / 1e9);
        sample.clear();
        sample.priorDelivered = delivered - deliveredSinceSent;
        delivered += bytes;
        sample.totalDelivered = delivered;
        sample.delivered = deliveredSinceSent + bytes;
        sample.interval = (long) (sample.delivered * 1e9 / rate);
        sample.roundTrip = roundTrip;
        bbr.onAcknowledgement(sample, inFlight, now);
    }
}
