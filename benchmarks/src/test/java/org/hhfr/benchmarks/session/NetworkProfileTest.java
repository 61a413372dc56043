package org.hhfr.benchmarks.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.hhfr.benchmarks.link.CellularTrace;
import org.hhfr.benchmarks.link.DeliveryTrace;
import org.junit.jupiter.api.Test;

class NetworkProfileTest {
    @Test
    void lowerBoundIsSetUpPlusOneRoundTripPlusEachDirectionAtItsRate() {
        // 3G: 150 ms RTT, 1 Mbit/s down, 384 kbit/s up. 48,000 bytes up = 384,000 bits = 1 s;
        // 125,000 bytes down = 1,000,000 bits = 1 s; plus 2 x 150 ms.
        assertEquals(2_300.0, NetworkProfile.THREE_G.lowerBoundMillis(48_000, 125_000), 1e-9);
    }

    @Test
    void lowerBoundOfEdgeCountsBitsNotBytes() {
        // EDGE: 400 ms RTT, 100 kbit/s up, 200 kbit/s down. 1,250 bytes up = 100 ms, 2,500 bytes down = 100 ms.
        assertEquals(1_000.0, NetworkProfile.EDGE.lowerBoundMillis(1_250, 2_500), 1e-9);
    }

    @Test
    void unlimitedRatesCostNothingSoLoopbackBoundIsZeroAndWifiIsTwoRoundTrips() {
        assertEquals(0.0, NetworkProfile.LOOPBACK.lowerBoundMillis(1 << 20, 1 << 20), 0);
        assertEquals(10.0, NetworkProfile.WIFI.lowerBoundMillis(1 << 20, 1 << 20), 1e-9);
    }

    @Test
    void profilesAreFoundByNameAndUnknownNamesSayWhatExists() {
        assertEquals(NetworkProfile.THREE_G, NetworkProfile.named("3G"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NetworkProfile.named("5g"));
        assertEquals("no network profile '5g' (known: loopback, wifi, 3g, edge)", e.getMessage());
    }

    @Test
    void emulatedProfilesAddLteAndLossSuffixesKeepingTheBaseFiguresAndTheFullName() {
        NetworkProfile lossy = NetworkProfile.emulatedNamed("3G-loss3");

        assertEquals(new NetworkProfile("3g-loss3", 150, 1_000_000, 384_000), lossy);
        assertEquals(NetworkProfile.THREE_G, NetworkProfile.emulatedNamed("3g"));
        assertEquals(NetworkProfile.LTE, NetworkProfile.emulatedNamed("lte"));
        assertEquals("no emulated link profile '5g' (known: loopback, wifi, 3g, edge, lte, umts-trace, evdo-trace, "
                + "lte-trace, each also with -loss1 or -loss3)",
                assertThrows(IllegalArgumentException.class, () -> NetworkProfile.emulatedNamed("5g")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> NetworkProfile.emulatedNamed("3g-loss2"));
        assertThrows(IllegalArgumentException.class, () -> NetworkProfile.named("lte"));
    }

    @Test
    void traceProfilesDriveEachDirectionByItsBundledTraceAtTheRoundTripOfTheirGeneration() {
        NetworkProfile umts = NetworkProfile.emulatedNamed("UMTS-trace-loss3");

        assertEquals("umts-trace-loss3", umts.name());
        assertEquals(150, umts.rttMillis());
        assertEquals("TMobile-UMTS-driving.down", umts.trace().down().name());
        assertEquals("TMobile-UMTS-driving.up", umts.trace().up().name());
        assertEquals(0, umts.downBitsPerSecond() + umts.upBitsPerSecond());
        assertSame(umts.trace(), NetworkProfile.emulatedNamed("umts-trace").trace());
        assertEquals("Verizon-EVDO-driving", NetworkProfile.emulatedNamed("evdo-trace").trace().name());
        assertEquals(150, NetworkProfile.emulatedNamed("evdo-trace").rttMillis());
        assertEquals("Verizon-LTE-short", NetworkProfile.emulatedNamed("lte-trace-loss1").trace().name());
        assertEquals(50, NetworkProfile.emulatedNamed("lte-trace").rttMillis());
        assertNull(NetworkProfile.emulatedNamed("3g").trace());
    }

    @Test
    void traceBoundSendsTheRequestAtTheUplinksOpportunitiesAfterSetUpThenTheAnswerAtTheDownlinks() throws IOException {
        // 40 ms round trip. Uplink: opportunities at 10, 20, 20 and 100 ms of a 100 ms loop; downlink: 5 and 100.
        NetworkProfile link = new NetworkProfile("synthetic-trace", 40, 0, 0, new CellularTrace("synthetic",
                "two short traces", trace("down", "5\n100\n"), trace("up", "10\n20\n20\n100\n")));

        // No bytes: set-up and one round trip.
        assertEquals(80.0, link.lowerBoundMillis(0, 0), 0);
        // 1 byte up: ready at 40, the first uplink opportunity at or after 40 is 100; at the server at 120.
        assertEquals(140.0, link.lowerBoundMillis(1, 0), 0);
        // 1 byte back: the downlink's first opportunity at or after 120 is 200 (the 100 of the second loop).
        assertEquals(220.0, link.lowerBoundMillis(1, 1), 0);
        // 3,001 bytes up take three opportunities from 40: 100, 110, 120; the answer leaves at 200, arrives at 220.
        assertEquals(220.0, link.lowerBoundMillis(3_001, 1), 0);
        // 4,501 bytes up take four: 100, 110, 120, 120; 1,501 bytes down two from 140: 200 and 205; at 225.
        assertEquals(225.0, link.lowerBoundMillis(4_501, 1_501), 0);
    }

    @Test
    void aPipelinedSessionsBoundLetsTheAnswersFlowDownWhileLaterRequestsGoUp() throws IOException {
        // 3G: 150 ms, 1 Mbit/s down, 384 kbit/s up. 100 calls of 8,000 bytes each way: 16,667 ms up in all, then
        // the last answer's 64 ms down; the answers' 6,400 ms down hide behind the uplink.
        assertEquals(300 + 16_666.67 + 64, NetworkProfile.THREE_G.lowerBoundMillis(800_000, 800_000, 100), 0.01);
        assertEquals(NetworkProfile.THREE_G.lowerBoundMillis(8_000, 8_000),
                NetworkProfile.THREE_G.lowerBoundMillis(8_000, 8_000, 1), 0);
        // A downlink slower than the uplink: the first request, then every answer.
        NetworkProfile slowDown = new NetworkProfile("slow-down", 100, 80_000, 800_000, null);
        assertEquals(200 + 10 + 10_000, slowDown.lowerBoundMillis(100_000, 100_000, 100), 1e-6);

        // 40 ms round trip; uplink opportunities at 50 and 100 ms of a 100 ms loop, downlink every 25 ms.
        NetworkProfile link = new NetworkProfile("synthetic-trace", 40, 0, 0, new CellularTrace("synthetic",
                "two short traces", trace("down", "25\n50\n75\n100\n"), trace("up", "50\n100\n")));
        // Two calls of 1,500 bytes each way: the requests leave at 50 and 100 (at the server at 70 and 120); the
        // first answer leaves at 75, the second at 125 and arrives at 145.
        assertEquals(145.0, link.lowerBoundMillis(3_000, 3_000, 2), 0);
        // As one call of 3,000 bytes each way: the answer starts after the whole request, 125 and 150, at 170.
        assertEquals(170.0, link.lowerBoundMillis(3_000, 3_000), 0);
    }

    private static DeliveryTrace trace(String name, String lines) throws IOException {
        return DeliveryTrace.parse(name, new ByteArrayInputStream(lines.getBytes(StandardCharsets.US_ASCII)));
    }
}
