package org.hhfr.benchmarks.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class CapacityReportTest {
    /**
     * 1,000 sessions, {@code perSession} bytes each over the 500 opened after the first 500, which came with a
     * million bytes of pools; activity holds another million; 30 s at 1,000 msg/s.
     */
    private static CapacityResult result(long perSession, double p99) {
        long half = 10_000_000 + 1_000_000 + 500 * perSession;
        long idle = half + 500 * perSession;
        return new CapacityResult("memory", "tcp", 1_000, 12.5, 10_000_000, 500, half, idle, idle + 1_000_000, 20,
                90, 92, 0.01, 0.004, 30, 30_000, 0.4, p99, 40, 3_000_000_000L, 1_500_000_000L, 7, 0, null);
    }

    @Test
    void anIdleSessionsHeapIsTheGrowthFromHalfTheSessionsToAllLeavingOutThePools() {
        CapacityResult r = result(3_500, 5);
        assertEquals(3_500, r.idleBytesPerSession());
        assertEquals(4_500, r.activeBytesPerSession());
        assertEquals(4_500, r.overallBytesPerSession());
        assertEquals(1_000, r.messagesPerSecond());
        assertEquals(100, r.serverCpuMicrosPerMessage());
    }

    @Test
    void theGoalsAreMetOnlyWithin4KibPerIdleSessionAndAP99Under20Ms() {
        List<String> met = CapacityReport.markdown(List.of(), List.of(result(4_096, 19.9)));
        List<String> missed = CapacityReport.markdown(List.of(), List.of(result(4_097, 20)));

        String verdictMet = met.get(met.size() - 1);
        String verdictMissed = missed.get(missed.size() - 1);
        assertTrue(verdictMet.contains("4 KiB of heap per idle session: met (4,096 B)"), verdictMet);
        assertTrue(verdictMet.contains("p99 under 20 ms: met"), verdictMet);
        assertTrue(verdictMissed.contains("4 KiB of heap per idle session: NOT met (4,097 B)"), verdictMissed);
        assertTrue(verdictMissed.contains("p99 under 20 ms: NOT met"), verdictMissed);
    }

    @Test
    void aRowShowsThreadsAndCpuOfTheServer() {
        List<String> lines = CapacityReport.markdown(List.of("run"), List.of(result(3_000, 5)));
        String row = lines.get(4);
        assertTrue(row.startsWith("| memory | tcp | 1,000 | 12.5 | 3,000 B | 4,000 B | 4,000 B | 20 / 90 / 92 | 1.0% (0.4%) "
                + "| 1,000 "), row);
        assertTrue(row.endsWith("| 100.0 | 50.0 | 7 | 0 |"), row);
    }
}
