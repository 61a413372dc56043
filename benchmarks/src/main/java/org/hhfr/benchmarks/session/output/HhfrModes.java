package org.hhfr.benchmarks.session.output;

import java.util.List;

import org.hhfr.benchmarks.session.BenchMode;

/**
 * Which modes of a run are HHFR's own (those ending on an HHFR stream) and which are the rivals it is compared
 * with (SOAP, gRPC, REST, and any other mode a run brings), in the order the run measured them.
 */
final class HhfrModes {
    private HhfrModes() {
    }

    static List<BenchMode> hhfrIn(List<CellFigures> cells) {
        return modesIn(cells).stream().filter(BenchMode::isHhfr).toList();
    }

    static List<BenchMode> rivalsIn(List<CellFigures> cells) {
        return modesIn(cells).stream().filter(mode -> !mode.isHhfr()).toList();
    }

    private static List<BenchMode> modesIn(List<CellFigures> cells) {
        return cells.stream().map(r -> r.mode()).distinct().toList();
    }
}
