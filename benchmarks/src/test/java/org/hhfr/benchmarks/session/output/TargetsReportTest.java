package org.hhfr.benchmarks.session.output;

import static org.hhfr.benchmarks.session.output.HandMadeCells.figures;
import static org.hhfr.benchmarks.session.output.HandMadeCells.floatSum;
import static org.hhfr.benchmarks.session.output.HandMadeCells.withWire;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.hhfr.benchmarks.session.NetworkProfile;
import org.junit.jupiter.api.Test;

class TargetsReportTest {
    private static final NetworkProfile G3 = NetworkProfile.THREE_G;
    private static final NetworkProfile G3_LOSS3 = new NetworkProfile("3g-loss3", 150, 1_000_000, 384_000);
    private static final NetworkProfile LOOPBACK = NetworkProfile.LOOPBACK;

    @Test
    void theBestColdHhfrModeMustNotBeSlowerThanGrpcBidiInAnyCell() {
        String met = render(figures(floatSum(G3, "hhfr-tcp", 1, 1, 400), floatSum(G3, "hhfr-udp", 1, 1, 300),
                floatSum(G3, "grpc-bidi", 1, 1, 310)));
        String notMet = render(figures(floatSum(G3, "hhfr-tcp", 1, 1, 300), floatSum(G3, "grpc-bidi", 1, 1, 310),
                floatSum(G3, "hhfr-tcp", 1, 10, 700), floatSum(G3, "grpc-bidi", 1, 10, 620)));

        assertTrue(met.contains("(cold) | 3g | met | 0.97x, float-sum x=1 n=1 on 3g: hhfr-udp 300 ms vs grpc-bidi "
                + "310 ms (all 1 cells pass) |"), met);
        assertTrue(notMet.contains("(cold) | 3g | **NOT met** | 1.13x, float-sum x=1 n=10 on 3g: hhfr-tcp 700 ms vs "
                + "grpc-bidi 620 ms (1 of 2 cells fail) |"), notMet);
        assertTrue(met.contains("(warm) | 3g | not in this run | no cell with both grpc-bidi-warm and a warm HHFR"),
                met);
    }

    @Test
    void theBestWarmHhfrModeIsHeldAgainstGrpcOnAKeptChannelNotAgainstColdGrpc() {
        String report = render(figures(floatSum(G3, "hhfr-udp-warm-pipelined", 1, 1, 160),
                floatSum(G3, "hhfr-tcp-warm-pipelined", 1, 1, 310), floatSum(G3, "grpc-bidi-warm", 1, 1, 155),
                floatSum(G3, "grpc-bidi", 1, 1, 320), floatSum(G3, "hhfr-tcp", 1, 1, 330)));

        assertTrue(report.contains("(warm) | 3g | **NOT met** | 1.03x, float-sum x=1 n=1 on 3g: "
                + "hhfr-udp-warm-pipelined 160 ms vs grpc-bidi-warm 155 ms (1 of 1 cells fail) |"), report);
        assertTrue(report.contains("(cold) | 3g | **NOT met** | 1.03x, float-sum x=1 n=1 on 3g: hhfr-tcp 330 ms vs "
                + "grpc-bidi 320 ms"), report);
    }

    @Test
    void underThreePercentLossPipelinedUdpMustBeOneAndAHalfTimesAsFastFromTenMessages() {
        String met = render(figures(floatSum(G3_LOSS3, "hhfr-udp-pipelined", 100, 10, 1000),
                floatSum(G3_LOSS3, "hhfr-tcp-pipelined", 100, 10, 1600),
                floatSum(G3_LOSS3, "hhfr-udp-pipelined", 100, 1, 1000),
                floatSum(G3_LOSS3, "hhfr-tcp-pipelined", 100, 1, 900)));
        String notMet = render(figures(floatSum(G3_LOSS3, "hhfr-udp-pipelined", 100, 10, 1000),
                floatSum(G3_LOSS3, "hhfr-tcp-pipelined", 100, 10, 1300)));

        assertTrue(met.contains("n >= 10 | 3g-loss3 | met | 1.60x, float-sum x=100 n=10 on 3g-loss3: "
                + "hhfr-tcp-pipelined 1600 ms vs hhfr-udp-pipelined 1000 ms (all 1 cells pass) |"), met);
        assertTrue(notMet.contains("n >= 10 | 3g-loss3 | **NOT met** | 1.30x,"), notMet);
        assertTrue(met.contains("| HHFR UDP at most HHFR TCP, every cell at 0% loss | 3g | not in this run |"), met);
    }

    @Test
    void aWarmHundredMessageSessionIsJudgedAgainstTheLowerBound() {
        // Lower bound: 2 x 150 ms + 40,000 B up at 384 kbit/s + 400 B down at 1 Mbit/s = 1,136.5 ms.
        String met = render(figures(floatSum(G3, "hhfr-tcp-warm-pipelined", 100, 100, 1410),
                floatSum(G3, "hhfr-tcp", 100, 100, 9000)));
        String notMet = render(figures(floatSum(G3, "hhfr-tcp-warm-pipelined", 100, 100, 1500)));

        assertTrue(met.contains("lower bound (best warm HHFR mode) | 3g | met | 1.24x, float-sum x=100 n=100 on 3g "
                + "hhfr-tcp-warm-pipelined: 1410 ms vs bound 1137 ms"), met);
        assertTrue(notMet.contains("lower bound (best warm HHFR mode) | 3g | **NOT met** | 1.32x"), notMet);
    }

    @Test
    void udpBytesOnTheWireAreJudgedOnlyWhenTheRunCountedThem() {
        String relays = render(figures(floatSum(G3, "hhfr-udp-warm-pipelined", 100, 100, 1200)));
        // Payload 40,000 B up and 400 B down, 200 packets of 28 header bytes: 46,000 B.
        String met = render(List.of(withWire(floatSum(G3, "hhfr-udp-warm-pipelined", 100, 100, 1200), 48_000, 200)));
        String notMet = render(List.of(withWire(floatSum(G3, "hhfr-udp-warm-pipelined", 100, 100, 1200), 49_000,
                200)));

        assertTrue(relays.contains("payload + headers | all | not measured |"), relays);
        assertTrue(met.contains("at most 1.05x payload + headers | 3g | met | 1.04x"), met);
        assertTrue(notMet.contains("at most 1.05x payload + headers | 3g | **NOT met** | 1.07x"), notMet);
    }

    @Test
    void loopbackThroughputComparesTheLargestCommonMessageCountAndLeavesAeronToTheShootout() {
        String report = render(figures(floatSum(LOOPBACK, "hhfr-tcp-warm-pipelined", 100, 100, 10),
                floatSum(LOOPBACK, "grpc-bidi", 100, 100, 40),
                floatSum(LOOPBACK, "hhfr-tcp-warm-pipelined", 100, 10000, 100),
                floatSum(LOOPBACK, "grpc-bidi", 100, 10000, 150)));

        assertTrue(report.contains("| loopback | **NOT met** | 1.50x: 100,000 vs 66,667 msg/s at n=10000 |"), report);
        assertTrue(report.contains("HHFR UDP at least 40% of Aeron | loopback | not in this run |"), report);
    }

    private static String render(List<CellFigures> cells) {
        return TargetsReport.render(new RunCells(cells));
    }
}
