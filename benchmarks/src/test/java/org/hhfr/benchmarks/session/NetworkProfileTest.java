package org.hhfr.benchmarks.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
        assertEquals("no emulated link profile 'lte-trace' (known: loopback, wifi, 3g, edge, lte, each also with "
                + "-loss1 or -loss3)",
                assertThrows(IllegalArgumentException.class, () -> NetworkProfile.emulatedNamed("lte-trace"))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> NetworkProfile.emulatedNamed("3g-loss2"));
        assertThrows(IllegalArgumentException.class, () -> NetworkProfile.named("lte"));
    }
}
