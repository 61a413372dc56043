package org.hhfr.benchmarks.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The capacity run's results as Markdown: the run's circumstances, one table row per configuration, the goals. */
final class CapacityReport {
    static final long IDLE_SESSION_GOAL_BYTES = 4_096;
    static final double P99_GOAL_MILLIS = 20;

    private CapacityReport() {
    }

    /**
     * @param circumstances lines saying how and where the run was made
     */
    static List<String> markdown(List<String> circumstances, List<CapacityResult> results) {
        List<String> lines = new ArrayList<>(circumstances);
        lines.add("");
        lines.add("| store | transport | sessions | open all (s) | heap per idle session | heap per active session "
                + "| heap growth over sessions | server threads: none / idle / active | server CPU idle (its threads) "
                + "| msg/s | p50 ms | p99 ms | max ms | server CPU µs/msg | client CPU µs/msg | UDP drops (host) "
                + "| wrong or failed |");
        lines.add("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
                + "| ---: | ---: | ---: |");
        for (CapacityResult r : results) {
            lines.add(String.format(Locale.ROOT,
                    "| %s | %s | %,d | %.1f | %s | %s | %s | %d / %d / %d | %.1f%% (%.1f%%) | %,.0f | %.2f | %.2f "
                            + "| %.1f | %.1f | %.1f | %,d | %d |",
                    r.store(), r.transport(), r.sessions(), r.openSeconds(), bytes(r.idleBytesPerSession()),
                    bytes(r.activeBytesPerSession()), bytes(r.overallBytesPerSession()), r.threadsBaseline(),
                    r.threadsIdle(), r.threadsActive(), 100 * r.idleCpuShare(), 100 * r.idleThreadsCpuShare(),
                    r.messagesPerSecond(), r.p50Millis(), r.p99Millis(), r.maxMillis(),
                    r.serverCpuMicrosPerMessage(), r.clientCpuMicrosPerMessage(), r.udpDrops(), r.wrong()));
        }
        lines.add("");
        for (CapacityResult r : results) {
            String name = r.store() + ", " + r.transport();
            lines.add(String.format(Locale.ROOT, "- %s: at most 4 KiB of heap per idle session: %s (%s); "
                    + "p99 under %.0f ms: %s (%.2f ms at %,.0f msg/s)", name,
                    r.idleBytesPerSession() <= IDLE_SESSION_GOAL_BYTES ? "met" : "NOT met",
                    bytes(r.idleBytesPerSession()), P99_GOAL_MILLIS,
                    r.p99Millis() < P99_GOAL_MILLIS ? "met" : "NOT met", r.p99Millis(), r.messagesPerSecond()));
            if (r.problem() != null) {
                lines.add("  first problem: " + r.problem());
            }
        }
        return lines;
    }

    private static String bytes(double value) {
        return String.format(Locale.ROOT, "%,.0f B", value);
    }
}
