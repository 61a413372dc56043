package org.hhfr.transports.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DeliveryRateSamplerTest {
    private static final long MS = 1_000_000;
    private static final int DATAGRAM = 1_000;

    private final DeliveryRateSampler sampler = new DeliveryRateSampler();

    @Test
    void aFlightPacedOverTheRoundTripMeasuresTheRateItWasDeliveredAt() {
        DeliverySnapshot[] sent = sendTen(10 * MS);
        for (int i = 0; i < 10; i++) {
            sampler.onAcked(sent[i], DATAGRAM, 100 * MS + i * 10 * MS);
        }
        DeliveryRateSample sample = sampler.finish();
        assertEquals(10 * DATAGRAM, sample.totalDelivered);
        assertEquals(10 * DATAGRAM / 0.19, sample.bandwidth(), 1, "ten datagrams over the 190 ms since the first");
        assertEquals(100 * MS, sample.roundTrip);
        assertFalse(sample.applicationLimited);
    }

    @Test
    void acknowledgementsArrivingInOneBurstDoNotOverstateTheRateOfASpreadFlight() {
        DeliverySnapshot[] sent = sendTen(10 * MS);
        sampler.onAcked(sent[0], DATAGRAM, 100 * MS);
        sampler.finish();
        for (int i = 1; i < 10; i++) {
            sampler.onAcked(sent[i], DATAGRAM, 191 * MS);
        }
        DeliveryRateSample sample = sampler.finish();
        assertEquals(10 * DATAGRAM, sample.delivered);
        assertEquals(10 * DATAGRAM / 0.191, sample.bandwidth(), 1,
                "over the 191 ms since the flight began, not the burst's instant");
    }

    @Test
    void aBurstSentAtOnceIsMeasuredOverTheSpanOfItsAcknowledgementsAndEachFragmentCountsOnce() {
        DeliverySnapshot[] sent = sendTen(0);
        DeliveryRateSample sample = null;
        for (int i = 0; i < 10; i++) {
            sampler.onAcked(sent[i], DATAGRAM, 100 * MS + i * 10 * MS);
            sample = sampler.finish();
        }
        assertEquals(10 * DATAGRAM / 0.19, sample.bandwidth(), 1, "not ten datagrams in no time");
        sampler.onAcked(sent[9], DATAGRAM, 200 * MS);
        assertNull(sampler.finish(), "a fragment acknowledged twice counts once");
    }

    @Test
    void whatIsSentWithLittleToSendIsApplicationLimitedUntilItsFlightIsDelivered() {
        DeliverySnapshot first = new DeliverySnapshot();
        sampler.onApplicationLimited(0);
        sampler.onSent(first, 0, 0);
        DeliverySnapshot second = new DeliverySnapshot();
        sampler.onSent(second, DATAGRAM, MS);
        sampler.onAcked(first, DATAGRAM, 100 * MS);
        assertTrue(sampler.finish().applicationLimited);
        DeliverySnapshot third = new DeliverySnapshot();
        sampler.onSent(third, DATAGRAM, 100 * MS);
        sampler.onAcked(second, DATAGRAM, 101 * MS);
        sampler.onAcked(third, DATAGRAM, 200 * MS);
        assertFalse(sampler.finish().applicationLimited, "sent after the limited flight was delivered");
    }

    @Test
    void aRetransmissionHasNoRoundTrip() {
        DeliverySnapshot snapshot = new DeliverySnapshot();
        sampler.onSent(snapshot, 0, 0);
        sampler.onSent(snapshot, 0, 300 * MS);
        sampler.onAcked(snapshot, DATAGRAM, 400 * MS);
        assertEquals(-1, sampler.finish().roundTrip);
    }

    /** Ten datagrams, {@code spacing} apart, from an empty flight. */
    private DeliverySnapshot[] sendTen(long spacing) {
        DeliverySnapshot[] sent = new DeliverySnapshot[10];
        for (int i = 0; i < 10; i++) {
            sent[i] = new DeliverySnapshot();
            sampler.onSent(sent[i], (long) i * DATAGRAM, i * spacing);
        }
        return sent;
    }
}
