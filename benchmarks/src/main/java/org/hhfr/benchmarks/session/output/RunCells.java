package org.hhfr.benchmarks.session.output;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;

import org.hhfr.benchmarks.session.BenchMode;

/** The cells of one run, and the look-ups the figures and targets make in them. */
final class RunCells {
    private final List<CellFigures> cells;

    RunCells(List<CellFigures> cells) {
        this.cells = List.copyOf(cells);
    }

    List<CellFigures> all() {
        return cells;
    }

    boolean isEmpty() {
        return cells.isEmpty();
    }

    /** The profiles in the order the run measured them. */
    List<String> profiles() {
        return cells.stream().map(CellFigures::profile).distinct().toList();
    }

    /** The cells {@code where} selects, as a run of their own. */
    RunCells where(Predicate<CellFigures> where) {
        return new RunCells(cells.stream().filter(where).toList());
    }

    RunCells at(String profile, String workload) {
        return where(c -> c.profile().equals(profile) && c.workload().equals(workload));
    }

    /** The cell of the mode labelled {@code mode} at the point of {@code point}. */
    Optional<CellFigures> of(String mode, CellFigures point) {
        return cells.stream().filter(c -> c.mode().label().equals(mode) && c.samePointAs(point)).findFirst();
    }

    /** The fastest cell at the point of {@code point} among the modes {@code modes} selects. */
    Optional<CellFigures> fastest(CellFigures point, Predicate<BenchMode> modes) {
        return cells.stream().filter(c -> c.samePointAs(point) && modes.test(c.mode()))
                .min(Comparator.comparingDouble(CellFigures::sessionMillis));
    }

    /** One cell per point (workload, profile, array size, message count), in the order measured. */
    List<CellFigures> points() {
        return cells.stream().collect(Collectors.toMap(CellFigures::point, c -> c, (a, b) -> a,
                LinkedHashMap::new)).values().stream().toList();
    }

    /** The distinct values of an axis, ascending. */
    List<Integer> values(ToIntFunction<CellFigures> axis) {
        return cells.stream().mapToInt(axis).distinct().sorted().boxed().toList();
    }

    boolean hasMode(String mode) {
        return cells.stream().anyMatch(c -> c.mode().label().equals(mode));
    }
}
