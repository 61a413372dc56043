package org.hhfr.benchmarks.session.output;

import static org.hhfr.benchmarks.session.output.HandMadeCells.floatSum;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.hhfr.benchmarks.session.NetworkProfile;
import org.hhfr.benchmarks.session.output.BreakEvenPoints.Axis;
import org.hhfr.benchmarks.session.output.BreakEvenPoints.Row;
import org.hhfr.benchmarks.session.output.BreakEvenPoints.Threshold;
import org.junit.jupiter.api.Test;

class BreakEvenPointsTest {
    private static final NetworkProfile G3 = NetworkProfile.THREE_G;

    @Test
    void theThresholdIsWhereTheModeStaysFasterUpToTheLargestValue() {
        assertEquals(Threshold.from(10), BreakEvenPoints.threshold(faster(false, true, true)));
        assertEquals(Threshold.ALWAYS, BreakEvenPoints.threshold(faster(true, true, true)));
        assertEquals(Threshold.NEVER, BreakEvenPoints.threshold(faster(true, true, false)));
        // Faster at x = 1, slower at 10, faster again at 100: only from 100 on does it stay ahead.
        assertEquals(Threshold.from(100), BreakEvenPoints.threshold(faster(true, false, true)));
        assertEquals("x ≥ 100", Threshold.from(100).render(Axis.ARRAY_SIZE));
        assertEquals("never in the grid", Threshold.NEVER.render(Axis.MESSAGES));
    }

    @Test
    void eachHhfrModeIsComparedWithEachRivalPresentAtEachValueOfTheOtherAxis() {
        List<CellFigures> part = HandMadeCells.figures(
                floatSum(G3, "hhfr-tcp", 1, 1, 500), floatSum(G3, "soap-new-conn", 1, 1, 300),
                floatSum(G3, "hhfr-tcp", 100, 1, 500), floatSum(G3, "soap-new-conn", 100, 1, 600),
                floatSum(G3, "hhfr-tcp", 1, 10, 900), floatSum(G3, "soap-new-conn", 1, 10, 3000),
                floatSum(G3, "hhfr-tcp", 100, 10, 1000), floatSum(G3, "soap-new-conn", 100, 10, 3500),
                floatSum(G3, "hhfr-udp", 1, 1, 100), floatSum(G3, "grpc-bidi", 1, 1, 200));

        List<Row> alongX = BreakEvenPoints.along(Axis.ARRAY_SIZE, part);

        // hhfr-tcp against soap-new-conn and grpc-bidi; hhfr-udp against both; never HHFR against HHFR.
        assertEquals(List.of("hhfr-tcp/soap-new-conn", "hhfr-tcp/grpc-bidi", "hhfr-udp/soap-new-conn",
                "hhfr-udp/grpc-bidi"), alongX.stream().map(r -> r.hhfr().label() + "/" + r.rival().label()).toList());
        assertEquals(Map.of(1, Threshold.from(100), 10, Threshold.ALWAYS), alongX.get(0).byOtherAxis());
        assertEquals(Map.of(1, Threshold.NEVER), alongX.get(1).byOtherAxis());
        assertEquals(Map.of(1, Threshold.ALWAYS), alongX.get(2).byOtherAxis());

        List<Row> alongN = BreakEvenPoints.along(Axis.MESSAGES, part);
        assertEquals(Map.of(1, Threshold.from(10), 100, Threshold.ALWAYS), alongN.get(0).byOtherAxis());
    }

    private static TreeMap<Integer, Boolean> faster(boolean at1, boolean at10, boolean at100) {
        return new TreeMap<>(Map.of(1, at1, 10, at10, 100, at100));
    }
}
