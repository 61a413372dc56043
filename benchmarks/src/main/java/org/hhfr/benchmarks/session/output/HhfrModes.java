package org.hhfr.benchmarks.session.output;

import java.util.List;

import org.hhfr.benchmarks.session.BenchMode;
import org.hhfr.benchmarks.session.CellResult;

/**
 * Which modes of a run are HHFR's own (those ending on an HHFR stream) and which are the rivals it is compared
 * with (SOAP, gRPC, REST, and any other mode a run brings), in the order the run measured them.
 */
final class HhfrModes {
    private HhfrModes() {
    }

    static List<BenchMode> hhfrIn(List<CellResult> cells) {
        return modesIn(cells).stream().filter(BenchMode::isHhfr).toList();
    }

    static List<BenchMode> rivalsIn(List<CellResult> cells) {
        return modesIn(cells).stream().filter(mode -> !mode.isHhfr()).toList();
    }

    private static List<BenchMode> modesIn(List<CellResult> cells) {
        return cells.stream().map(r -> r.cell().mode()).distinct().toList();
    }
}
