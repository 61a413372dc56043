package org.hhfr.benchmarks.session.output;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.hhfr.benchmarks.session.BenchMode;
import org.hhfr.benchmarks.session.CellResult;
import org.hhfr.benchmarks.session.NetworkProfile;
import org.hhfr.benchmarks.session.SessionWorkload;

/**
 * The targets, checked against the cells of a run with the measured figure, for every HHFR mode. A
 * target whose cells the run did not measure says so instead of passing.
 */
final class TargetsReport {
    private static final List<SessionWorkload> PAPER_WORKLOADS = List.of(SessionWorkload.FLOAT_SUM,
            SessionWorkload.STRING_CONCAT);

    private TargetsReport() {
    }

    static String render(List<CellResult> results) {
        List<CellResult> threeG = results.stream().filter(r -> r.cell().profile().equals(NetworkProfile.THREE_G)
                && PAPER_WORKLOADS.contains(r.cell().workload())).toList();
        StringBuilder out = new StringBuilder("## Targets of issue 7\n\n");
        out.append("Checked on the float-sum and string-concat cells of this run on 3g, for each HHFR mode; a "
                + "target is only as complete as the grid that ran.\n\n");
        out.append("| target | mode | verdict | measured |\n| --- | --- | --- | --- |\n");
        for (BenchMode mode : hhfrModes(threeG)) {
            neverSlower(out, threeG, mode);
        }
        for (BenchMode mode : hhfrModes(threeG)) {
            thirtyTimes(out, threeG, mode);
        }
        for (BenchMode mode : hhfrModes(threeG)) {
            nearLowerBound(out, threeG, mode);
        }
        if (threeG.isEmpty()) {
            out.append("| 3G targets | all | not measured | no 3g cells in this run |\n");
        }
        out.append("| smallest per-message wire size | all | not assessed | bodies only in the wire-size table below; "
                + "EXI, Fast Infoset and HHFR's stream framing not measured |\n");
        out.append("| 2x gRPC bidi messages/s on loopback | all | not measured | no gRPC mode yet |\n\n");
        return out.toString();
    }

    private static List<BenchMode> hhfrModes(List<CellResult> cells) {
        return cells.stream().map(r -> r.cell().mode()).distinct()
                .filter(mode -> mode.transport() != BenchMode.Transport.SOAP).toList();
    }

    /** On 3G, never slower than soap-new-conn in any cell. */
    private static void neverSlower(StringBuilder out, List<CellResult> cells, BenchMode mode) {
        int compared = 0;
        List<String> slower = new ArrayList<>();
        for (CellResult r : of(cells, mode)) {
            Optional<CellResult> soap = peer(cells, r, BenchMode.SOAP_NEW_CONN);
            if (soap.isPresent()) {
                compared++;
                if (r.sessionMillis() > soap.get().sessionMillis()) {
                    slower.add(point(r) + " " + ms(r) + " vs " + ms(soap.get()));
                }
            }
        }
        row(out, "3G: never slower than soap-new-conn", mode, compared == 0 ? "not measured"
                : slower.isEmpty() ? "met" : "NOT met", compared == 0 ? "no cell with soap-new-conn"
                : slower.isEmpty() ? "faster in all " + compared + " cells"
                : "slower in " + slower.size() + " of " + compared + " cells: " + String.join("; ", slower));
    }

    /** On 3G, n = 100 with x up to 100: at least 30x faster than soap-new-conn. */
    private static void thirtyTimes(StringBuilder out, List<CellResult> cells, BenchMode mode) {
        double worst = Double.POSITIVE_INFINITY;
        String where = "";
        for (CellResult r : of(cells, mode)) {
            Optional<CellResult> soap = peer(cells, r, BenchMode.SOAP_NEW_CONN);
            if (r.cell().messages() == 100 && r.cell().arraySize() <= 100 && soap.isPresent()) {
                double speedUp = soap.get().sessionMillis() / r.sessionMillis();
                if (speedUp < worst) {
                    worst = speedUp;
                    where = point(r);
                }
            }
        }
        boolean measured = worst != Double.POSITIVE_INFINITY;
        row(out, "3G: n=100, x<=100 at least 30x faster than soap-new-conn", mode,
                !measured ? "not measured" : worst >= 30 ? "met" : "NOT met",
                !measured ? "no such cell" : "lowest " + ResultsMarkdown.format(worst) + "x (" + where + ")");
    }

    /** On 3G, a warm 100-message session within 1.25x of the lower bound (cold: the ratio is reported). */
    private static void nearLowerBound(StringBuilder out, List<CellResult> cells, BenchMode mode) {
        double worst = 0;
        String where = "";
        for (CellResult r : of(cells, mode)) {
            if (r.cell().messages() == 100 && r.lowerBoundRatio() > worst) {
                worst = r.lowerBoundRatio();
                where = point(r);
            }
        }
        String target = mode.isWarm() ? "3G: warm n=100 within 1.25x of the lower bound"
                : "3G: cold n=100 ratio to the lower bound (reported)";
        String verdict = worst == 0 ? "not measured" : !mode.isWarm() ? "-" : worst <= 1.25 ? "met" : "NOT met";
        row(out, target, mode, verdict, worst == 0 ? "no n=100 cell"
                : "highest ratio " + ResultsMarkdown.format(worst) + " (" + where + ")");
    }

    private static List<CellResult> of(List<CellResult> cells, BenchMode mode) {
        return cells.stream().filter(r -> r.cell().mode() == mode).toList();
    }

    private static Optional<CellResult> peer(List<CellResult> cells, CellResult r, BenchMode mode) {
        return cells.stream().filter(other -> other.cell().mode() == mode
                && other.cell().workload() == r.cell().workload() && other.cell().arraySize() == r.cell().arraySize()
                && other.cell().messages() == r.cell().messages()).findFirst();
    }

    private static String point(CellResult r) {
        return r.cell().workload().label() + " x=" + r.cell().arraySize() + " n=" + r.cell().messages();
    }

    private static String ms(CellResult r) {
        return ResultsMarkdown.format(r.sessionMillis()) + " ms";
    }

    private static void row(StringBuilder out, String target, BenchMode mode, String verdict, String measured) {
        out.append("| ").append(target).append(" | ").append(mode.label()).append(" | ").append(verdict)
                .append(" | ").append(measured).append(" |\n");
    }
}
