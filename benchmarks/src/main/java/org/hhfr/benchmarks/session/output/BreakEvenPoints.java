package org.hhfr.benchmarks.session.output;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToIntFunction;

import org.hhfr.benchmarks.session.BenchMode;

/**
 * Where each HHFR mode overtakes each rival for good: along one axis of a profile's and workload's grid (array
 * size, or message count) with the other held, the smallest measured value from which the HHFR mode's median
 * session is shorter than the rival's at that value and at every larger one measured. A pure function of the
 * cells; points where either mode was not measured are left out, and an axis with no common point gives none.
 */
final class BreakEvenPoints {
    /** The two axes of the grid. */
    enum Axis {
        ARRAY_SIZE("x", r -> r.arraySize()), MESSAGES("n", r -> r.messages());

        private final String symbol;
        private final ToIntFunction<CellFigures> value;

        Axis(String symbol, ToIntFunction<CellFigures> value) {
            this.symbol = symbol;
            this.value = value;
        }

        Axis other() {
            return this == ARRAY_SIZE ? MESSAGES : ARRAY_SIZE;
        }

        int of(CellFigures r) {
            return value.applyAsInt(r);
        }
    }

    /**
     * The break-even point on an axis: {@code always} when the HHFR mode is faster at every measured value,
     * {@code from} the smallest value from which it stays faster, or neither when it is not faster at the
     * largest value measured.
     */
    record Threshold(boolean always, Optional<Integer> from) {
        static final Threshold ALWAYS = new Threshold(true, Optional.empty());
        static final Threshold NEVER = new Threshold(false, Optional.empty());

        static Threshold from(int value) {
            return new Threshold(false, Optional.of(value));
        }

        String render(Axis axis) {
            return always ? "always" : from.map(value -> axis.symbol + " ≥ " + value).orElse("never in the grid");
        }
    }

    /** One HHFR mode against one rival: the threshold along the axis for each value of the other axis. */
    record Row(BenchMode hhfr, BenchMode rival, Map<Integer, Threshold> byOtherAxis) {
    }

    private BreakEvenPoints() {
    }

    /**
     * @param part the cells of one profile and workload
     * @return a row per HHFR mode and rival present in {@code part}, the other axis's values ascending
     */
    static List<Row> along(Axis axis, List<CellFigures> part) {
        List<Row> rows = new ArrayList<>();
        for (BenchMode hhfr : HhfrModes.hhfrIn(part)) {
            for (BenchMode rival : HhfrModes.rivalsIn(part)) {
                Map<Integer, Threshold> byOther = new LinkedHashMap<>();
                for (int held : part.stream().mapToInt(axis.other()::of).distinct().sorted().toArray()) {
                    TreeMap<Integer, Boolean> fasterAt = new TreeMap<>();
                    for (CellFigures mine : cells(part, hhfr, axis.other(), held)) {
                        cells(part, rival, axis.other(), held).stream()
                                .filter(theirs -> axis.of(theirs) == axis.of(mine)).findFirst()
                                .ifPresent(theirs -> fasterAt.put(axis.of(mine),
                                        mine.sessionMillis() < theirs.sessionMillis()));
                    }
                    if (!fasterAt.isEmpty()) {
                        byOther.put(held, threshold(fasterAt));
                    }
                }
                if (!byOther.isEmpty()) {
                    rows.add(new Row(hhfr, rival, byOther));
                }
            }
        }
        return rows;
    }

    /** @param fasterAt whether the HHFR mode was faster, by measured value of the axis */
    static Threshold threshold(TreeMap<Integer, Boolean> fasterAt) {
        Integer from = null;
        for (Map.Entry<Integer, Boolean> point : fasterAt.descendingMap().entrySet()) {
            if (!point.getValue()) {
                break;
            }
            from = point.getKey();
        }
        return from == null ? Threshold.NEVER : from.equals(fasterAt.firstKey()) ? Threshold.ALWAYS
                : Threshold.from(from);
    }

    private static List<CellFigures> cells(List<CellFigures> part, BenchMode mode, Axis axis, int value) {
        return part.stream().filter(r -> r.mode() == mode && axis.of(r) == value).toList();
    }
}
