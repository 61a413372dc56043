package org.hhfr.benchmarks.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class DeliveryTraceTest {
    /** Opportunities at 10, 20, 20 and 100 ms; the trace repeats every 100 ms. */
    private static final String SHORT = "10\n20\n20\n100\n";

    private static DeliveryTrace trace(String lines) throws IOException {
        return DeliveryTrace.parse("test", new ByteArrayInputStream(lines.getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void bytesTakeOneOpportunityPerStartedFifteenHundredFromTheReadyTimeOn() throws IOException {
        DeliveryTrace t = trace(SHORT);

        assertEquals(0.0, t.deliveredMillis(0, 0), 0);
        assertEquals(10.0, t.deliveredMillis(0, 1), 0);
        assertEquals(10.0, t.deliveredMillis(0, 1_500), 0);
        assertEquals(20.0, t.deliveredMillis(0, 1_501), 0);
        assertEquals(20.0, t.deliveredMillis(0, 4_500), 0); // two opportunities in the 20th millisecond
        assertEquals(100.0, t.deliveredMillis(0, 4_501), 0);
    }

    @Test
    void anOpportunityAtTheReadyTimeCountsAndTheTraceLoopsAfterItsLastLine() throws IOException {
        DeliveryTrace t = trace(SHORT);

        assertEquals(20.0, t.deliveredMillis(20, 3_000), 0);
        assertEquals(100.0, t.deliveredMillis(100, 1), 0); // the last line, before the loop starts again
        assertEquals(110.0, t.deliveredMillis(100, 1_501), 0);
        assertEquals(110.0, t.deliveredMillis(20.5, 1_501), 0);
        assertEquals(310.0, t.deliveredMillis(250, 3_000), 0); // 300 (third loop's last line), then 310
        assertEquals(1_020.0, t.deliveredMillis(0, 1_500L * 4 * 10 + 3_000), 0); // ten loops, then 10 and 20
    }

    @Test
    void meanRateIsTheOpportunitiesOverThePeriod() throws IOException {
        // 4 packets of 12,000 bits in 100 ms.
        assertEquals(480_000.0, trace(SHORT).meanBitsPerSecond(), 1e-6);
    }

    @Test
    void whatIsNotATraceIsRefusedWithTheLine() {
        assertEquals("trace test line 2: 'ten' is not a time in milliseconds",
                assertThrows(IllegalArgumentException.class, () -> trace("5\nten\n")).getMessage());
        assertEquals("trace test line 3: 4 ms is before the line above it",
                assertThrows(IllegalArgumentException.class, () -> trace("5\n\n4\n")).getMessage());
        assertEquals("trace test: needs at least one line and a last time above 0 ms",
                assertThrows(IllegalArgumentException.class, () -> trace("0\n")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> trace("-3\n7\n"));
    }

    @Test
    void theBundledUmtsTraceIsTheEmulatorsFileWithItsPublishedMeanRates() {
        CellularTrace umts = CellularTrace.bundled("TMobile-UMTS-driving");

        assertEquals(2.0, umts.down().meanBitsPerSecond() / 1e6, 0.05);
        assertEquals(0.94, umts.up().meanBitsPerSecond() / 1e6, 0.05);
        assertThrows(IllegalArgumentException.class, () -> CellularTrace.bundled("Nowhere-5G"));
    }
}
