package org.hhfr.benchmarks.session.output;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToIntFunction;

import org.hhfr.benchmarks.session.BenchMode;
import org.hhfr.benchmarks.session.CellResult;
import org.hhfr.benchmarks.session.NetworkProfile;
import org.hhfr.benchmarks.session.SessionWorkload;

/**
 * Where each HHFR mode overtakes each rival for good: along one axis of a profile's and workload's grid (array
 * size, or message count) with the other held, the smallest measured value from which the HHFR mode's median
 * session is shorter than the rival's at that value and at every larger one measured. A pure function of the
 * cells; points where either mode was not measured are left out, and an axis with no common point gives none.
 */
final class BreakEvenPoints {
    /** The two axes of the grid. */
    enum Axis {
        ARRAY_SIZE("x", r -> r.cell().arraySize()), MESSAGES("n", r -> r.cell().messages());

        private final String symbol;
        private final ToIntFunction<CellResult> value;

        Axis(String symbol, ToIntFunction<CellResult> value) {
            this.symbol = symbol;
            this.value = value;
        }

        Axis other() {
            return this == ARRAY_SIZE ? MESSAGES : ARRAY_SIZE;
        }

        int of(CellResult r) {
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
    static List<Row> along(Axis axis, List<CellResult> part) {
        List<Row> rows = new ArrayList<>();
        for (BenchMode hhfr : HhfrModes.hhfrIn(part)) {
            for (BenchMode rival : HhfrModes.rivalsIn(part)) {
                Map<Integer, Threshold> byOther = new LinkedHashMap<>();
                for (int held : part.stream().mapToInt(axis.other()::of).distinct().sorted().toArray()) {
                    TreeMap<Integer, Boolean> fasterAt = new TreeMap<>();
                    for (CellResult mine : cells(part, hhfr, axis.other(), held)) {
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

    private static List<CellResult> cells(List<CellResult> part, BenchMode mode, Axis axis, int value) {
        return part.stream().filter(r -> r.cell().mode() == mode && axis.of(r) == value).toList();
    }

    /**
     * The report's section: per profile and workload, the break-even array size for each message count and the
     * break-even message count for each array size (an axis with a single measured value has no table).
     */
    static String render(List<CellResult> results) {
        StringBuilder out = new StringBuilder("## Break-even points\n\n");
        out.append("Where each HHFR mode overtakes each other mode for good: `x ≥ 60` in column `n=10` means the "
                + "HHFR mode's median session was shorter than the other mode's at x = 60 and at every larger x "
                + "of the grid, with 10 messages, but not at the x just below; `always` means at every x "
                + "measured; `never in the grid` means not at the largest x measured. The second table reads the "
                + "same way along n for each x. Blank: not measured at that point.\n\n");
        int before = out.length();
        for (NetworkProfile profile : results.stream().map(r -> r.cell().profile()).distinct().toList()) {
            for (SessionWorkload workload : results.stream().map(r -> r.cell().workload()).distinct().toList()) {
                List<CellResult> part = results.stream().filter(r -> r.cell().profile().equals(profile)
                        && r.cell().workload() == workload).toList();
                for (Axis axis : Axis.values()) {
                    table(out, profile.name() + ", " + workload.label(), axis, part);
                }
            }
        }
        if (out.length() == before) {
            out.append("No part of this run has HHFR and other modes at two or more points of an axis.\n\n");
        }
        return out.toString();
    }

    private static void table(StringBuilder out, String title, Axis axis, List<CellResult> part) {
        if (part.stream().mapToInt(axis::of).distinct().count() < 2) {
            return;
        }
        List<Row> rows = along(axis, part);
        if (rows.isEmpty()) {
            return;
        }
        List<Integer> held = part.stream().map(axis.other()::of).distinct().sorted().toList();
        out.append("**").append(title).append("**: break-even ").append(axis.symbol).append(" for each ")
                .append(axis.other().symbol).append("\n\n| HHFR mode | other mode");
        for (int value : held) {
            out.append(" | ").append(axis.other().symbol).append('=').append(value);
        }
        out.append(" |\n| --- | ---").append(" | ---".repeat(held.size())).append(" |\n");
        for (Row row : rows) {
            out.append("| ").append(row.hhfr().label()).append(" | ").append(row.rival().label());
            for (int value : held) {
                Threshold threshold = row.byOtherAxis().get(value);
                out.append(" | ").append(threshold == null ? "" : threshold.render(axis));
            }
            out.append(" |\n");
        }
        out.append('\n');
    }
}
