package org.hhfr.benchmarks.session.output;

import static org.hhfr.benchmarks.session.output.HandMadeCells.floatSum;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.hhfr.benchmarks.session.CellResult;
import org.hhfr.benchmarks.session.NetworkProfile;
import org.hhfr.benchmarks.session.SessionWorkload;
import org.hhfr.benchmarks.session.WireSize;
import org.junit.jupiter.api.Test;

class TargetsReportTest {
    private static final NetworkProfile G3 = NetworkProfile.THREE_G;
    private static final NetworkProfile LOOPBACK = NetworkProfile.LOOPBACK;
    private static final WireSize FLOATS = new WireSize(SessionWorkload.FLOAT_SUM, "float-sum", 2386, 2238, 1007, 936,
            544, 438, 403, 401, 405);
    private static final WireSize PARTS = new WireSize(SessionWorkload.STRING_CONCAT, "string-concat", 2512, 2364,
            1329, 1258, 1123, 1016, 1000, 914, 918);

    @Test
    void aSingleSlowerCellFailsNeverSlowerThanSoapWithANewConnection() {
        String met = TargetsReport.render(List.of(floatSum(G3, "hhfr-tcp", 1, 1, 300),
                floatSum(G3, "soap-new-conn", 1, 1, 360)), List.of());
        String notMet = TargetsReport.render(List.of(floatSum(G3, "hhfr-tcp", 1, 1, 687),
                floatSum(G3, "soap-new-conn", 1, 1, 360), floatSum(G3, "hhfr-tcp", 1, 10, 1000),
                floatSum(G3, "soap-new-conn", 1, 10, 3600)), List.of());

        assertTrue(met.contains("| 3G: never slower than soap-new-conn | hhfr-tcp | met | faster in all 1 cells |"),
                met);
        assertTrue(notMet.contains("| hhfr-tcp | NOT met | slower in 1 of 2 cells: float-sum x=1 n=1 687 ms vs "
                + "360 ms |"), notMet);
        assertTrue(notMet.contains("| 3G: n=100 targets (30x soap-new-conn, lower-bound ratio) | all | not measured"
                + " | no n=100 cell on 3g in this run |"), notMet);
    }

    @Test
    void aHundredMessageSessionIsJudgedOnItsSpeedUpAndItsLowerBound() {
        String report = TargetsReport.render(List.of(floatSum(G3, "hhfr-tcp-warm-pipelined", 100, 100, 1410),
                floatSum(G3, "soap-new-conn", 100, 100, 36_300)), List.of());

        assertTrue(report.contains("| 3G: n=100, x<=100 at least 30x faster than soap-new-conn | "
                + "hhfr-tcp-warm-pipelined | NOT met | lowest 25.7x (float-sum x=100 n=100) |"), report);
        // Lower bound: 2 x 150 ms + 40,000 B up at 384 kbit/s + 400 B down at 1 Mbit/s = 1,136.5 ms.
        assertTrue(report.contains("| 3G: warm n=100 within 1.25x of the lower bound | hhfr-tcp-warm-pipelined | "
                + "met | highest ratio 1.24 (float-sum x=100 n=100) |"), report);
    }

    @Test
    void theOtherRivalsAreReportedWithTheLowestSpeedUpOrAsNotMeasured() {
        String report = TargetsReport.render(List.of(floatSum(G3, "hhfr-tcp-warm", 1, 1, 200),
                floatSum(G3, "soap-keepalive", 1, 1, 160), floatSum(G3, "hhfr-tcp-warm", 1, 10, 300),
                floatSum(G3, "soap-keepalive", 1, 10, 600), floatSum(G3, "rest-json", 1, 10, 900)), List.of());

        assertTrue(report.contains("| 3G: speed-up over the other rivals (information) | hhfr-tcp-warm | - | "
                + "soap-keepalive: lowest 0.80x (float-sum x=1 n=1), slower; grpc-unary: not measured; "
                + "rest-json: lowest 3.00x (float-sum x=1 n=10) |"), report);
        assertTrue(report.contains("| 3G: never slower than soap-new-conn | hhfr-tcp-warm | not measured |"), report);
    }

    @Test
    void hhfrOnTheWireMustBeSmallerThanEveryOtherModesForm() {
        String met = TargetsReport.render(List.of(), List.of(FLOATS, PARTS));
        WireSize grpcSmaller = new WireSize(SessionWorkload.STRING_CONCAT, "string-concat", 2512, 2364, 1329, 1258,
                1123, 1016, 880, 914, 918);
        String notMet = TargetsReport.render(List.of(), List.of(FLOATS, grpcSmaller));
        String none = TargetsReport.render(List.of(), List.of());

        assertTrue(met.contains("| smallest per-message wire size (float-sum, string-concat) | hhfr-tcp-* | met | "
                + "float-sum: HHFR 405 B vs gRPC on HTTP/2 417, EXI envelope 544, Fast Infoset envelope 1007, "
                + "SOAP 2386; string-concat: HHFR 918 B vs gRPC on HTTP/2 1014,"), met);
        assertTrue(notMet.contains("| hhfr-tcp-* | NOT met | "), notMet);
        assertTrue(none.contains("| hhfr-tcp-* | not measured | no wire-size table in this run |"), none);
    }

    @Test
    void throughputComparesMessagesPerSecondAtTheLargestMessageCountBothMeasured() {
        List<CellResult> results = List.of(
                floatSum(LOOPBACK, "hhfr-tcp-warm-pipelined", 100, 100, 10),
                floatSum(LOOPBACK, "grpc-bidi", 100, 100, 30),
                floatSum(LOOPBACK, "hhfr-tcp-warm-pipelined", 100, 10_000, 400),
                floatSum(LOOPBACK, "grpc-bidi", 100, 10_000, 500),
                floatSum(LOOPBACK, "hhfr-tcp-pipelined", 100, 100, 12),
                floatSum(LOOPBACK, "hhfr-udp-warm-pipelined", 100, 100, 20),
                floatSum(LOOPBACK, "hhfr-tcp-warm-pipelined", 1, 100_000, 1));

        String report = TargetsReport.render(results, List.of());

        assertTrue(report.contains("| hhfr-tcp-warm-pipelined | NOT met | 1.25x: 25,000 vs 20,000 msg/s "
                + "(float-sum x=100 n=10000) |"), report);
        assertTrue(report.contains("| hhfr-tcp-pipelined | met | 2.50x: 8,333 vs 3,333 msg/s "
                + "(float-sum x=100 n=100) |"), report);
        assertTrue(report.contains("| hhfr-udp-warm-pipelined | - | 1.50x: "), report);
        assertTrue(report.contains("| hhfr-udp-pipelined | - | neither it nor grpc-bidi measured"), report);
    }

    @Test
    void withoutGrpcBidiTheThroughputTargetIsNotMeasured() {
        String report = TargetsReport.render(List.of(floatSum(LOOPBACK, "hhfr-tcp-warm-pipelined", 100, 100, 10)),
                List.of());

        assertTrue(report.contains("| loopback: float-sum(100) messages/s at least 2x grpc-bidi | "
                + "hhfr-tcp-warm-pipelined | not measured | no grpc-bidi measured at loopback float-sum x=100 |"),
                report);
    }
}
