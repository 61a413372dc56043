package org.hhfr.benchmarks.session.output;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;

import org.hhfr.benchmarks.session.BenchMode;
import org.hhfr.benchmarks.session.CellResult;
import org.hhfr.benchmarks.session.NetworkProfile;
import org.hhfr.benchmarks.session.SessionWorkload;
import org.hhfr.benchmarks.session.WireSize;
import org.hhfr.benchmarks.session.WireSizes;

/**
 * The targets of the benchmark sessions, checked against the cells of a run and the wire-size table with the
 * measured figure, for every HHFR mode. A target whose cells the run did not measure says so instead of passing.
 * Rival modes are found by label, so a run without them (or a build before them) reads "not measured".
 */
final class TargetsReport {
    private static final List<SessionWorkload> PAPER_WORKLOADS = List.of(SessionWorkload.FLOAT_SUM,
            SessionWorkload.STRING_CONCAT);
    /** Reported beside the soap-new-conn target, as information. */
    private static final List<String> OTHER_RIVALS = List.of("soap-keepalive", "grpc-unary", "rest-json");
    private static final String GRPC_BIDI = "grpc-bidi";
    /** The throughput target's modes: the TCP ones get a verdict, the UDP ones are reported. */
    private static final List<String> PIPELINED_HHFR = List.of("hhfr-tcp-warm-pipelined", "hhfr-tcp-pipelined",
            "hhfr-udp-warm-pipelined", "hhfr-udp-pipelined");
    private static final int THROUGHPUT_ARRAY_SIZE = 100;

    private TargetsReport() {
    }

    static String render(List<CellResult> results, List<WireSize> wireSizes) {
        List<CellResult> threeG = results.stream().filter(r -> r.cell().profile().equals(NetworkProfile.THREE_G)
                && PAPER_WORKLOADS.contains(r.cell().workload())).toList();
        StringBuilder out = new StringBuilder("## Targets\n\n");
        out.append("The 3G targets are checked on the float-sum and string-concat cells of this run on 3g, for "
                + "each HHFR mode; a target is only as complete as the grid that ran.\n\n");
        out.append("| target | mode | verdict | measured |\n| --- | --- | --- | --- |\n");
        for (BenchMode mode : HhfrModes.hhfrIn(threeG)) {
            neverSlower(out, threeG, mode);
        }
        for (BenchMode mode : HhfrModes.hhfrIn(threeG)) {
            againstOtherRivals(out, threeG, mode);
        }
        if (threeG.isEmpty()) {
            out.append("| 3G targets | all | not measured | no 3g float-sum or string-concat cells in this run |\n");
        } else if (threeG.stream().noneMatch(r -> r.cell().messages() == 100)) {
            out.append("| 3G: n=100 targets (30x soap-new-conn, lower-bound ratio) | all | not measured | no n=100 "
                    + "cell on 3g in this run |\n");
        }
        for (BenchMode mode : HhfrModes.hhfrIn(threeG.stream().filter(r -> r.cell().messages() == 100).toList())) {
            thirtyTimes(out, threeG, mode);
        }
        for (BenchMode mode : HhfrModes.hhfrIn(threeG.stream().filter(r -> r.cell().messages() == 100).toList())) {
            nearLowerBound(out, threeG, mode);
        }
        smallestOnTheWire(out, wireSizes);
        throughput(out, results);
        return out.append('\n').toString();
    }

    /** On 3G, never slower than soap-new-conn in any cell. */
    private static void neverSlower(StringBuilder out, List<CellResult> cells, BenchMode mode) {
        int compared = 0;
        List<String> slower = new ArrayList<>();
        for (CellResult r : of(cells, mode)) {
            Optional<CellResult> soap = peer(cells, r, BenchMode.SOAP_NEW_CONN.label());
            if (soap.isPresent()) {
                compared++;
                if (r.sessionMillis() > soap.get().sessionMillis()) {
                    slower.add(point(r) + " " + ms(r) + " vs " + ms(soap.get()));
                }
            }
        }
        row(out, "3G: never slower than soap-new-conn", mode.label(), compared == 0 ? "not measured"
                : slower.isEmpty() ? "met" : "NOT met", compared == 0 ? "no cell with soap-new-conn"
                : slower.isEmpty() ? "faster in all " + compared + " cells"
                : "slower in " + slower.size() + " of " + compared + " cells: " + String.join("; ", slower));
    }

    /** Information beside the target: the lowest speed-up over each other rival on 3G. */
    private static void againstOtherRivals(StringBuilder out, List<CellResult> cells, BenchMode mode) {
        List<String> figures = new ArrayList<>();
        for (String rival : OTHER_RIVALS) {
            Optional<SpeedUp> lowest = speedUps(cells, mode, rival, r -> true).stream().findFirst();
            figures.add(rival + ": " + lowest.map(low -> "lowest " + low + (low.ratio() < 1 ? ", slower" : ""))
                    .orElse("not measured"));
        }
        row(out, "3G: speed-up over the other rivals (information)", mode.label(), "-",
                String.join("; ", figures));
    }

    /** On 3G, n = 100 with x up to 100: at least 30x faster than soap-new-conn. */
    private static void thirtyTimes(StringBuilder out, List<CellResult> cells, BenchMode mode) {
        Optional<SpeedUp> worst = speedUps(cells, mode, BenchMode.SOAP_NEW_CONN.label(),
                r -> r.cell().messages() == 100 && r.cell().arraySize() <= 100).stream().findFirst();
        row(out, "3G: n=100, x<=100 at least 30x faster than soap-new-conn", mode.label(),
                worst.isEmpty() ? "not measured" : worst.get().ratio() >= 30 ? "met" : "NOT met",
                worst.map(low -> "lowest " + low).orElse("no such cell"));
    }

    /** On 3G, a warm 100-message session within 1.25x of the lower bound (cold: the ratio is reported). */
    private static void nearLowerBound(StringBuilder out, List<CellResult> cells, BenchMode mode) {
        Optional<CellResult> worst = of(cells, mode).stream().filter(r -> r.cell().messages() == 100)
                .max(Comparator.comparingDouble(CellResult::lowerBoundRatio));
        String target = mode.isWarm() ? "3G: warm n=100 within 1.25x of the lower bound"
                : "3G: cold n=100 ratio to the lower bound (reported)";
        String verdict = worst.isEmpty() ? "not measured" : !mode.isWarm() ? "-"
                : worst.get().lowerBoundRatio() <= 1.25 ? "met" : "NOT met";
        row(out, target, mode.label(), verdict, worst.map(r -> "highest ratio "
                + ResultsMarkdown.format(r.lowerBoundRatio()) + " (" + point(r) + ")").orElse("no n=100 cell"));
    }

    /**
     * HHFR on the TCP stream (DATA frame + binary body) against the per-message wire form of every other mode:
     * the SOAP envelope, the same envelope in Fast Infoset and in schema-informed EXI, and the gRPC message in
     * its HTTP/2 DATA frame.
     */
    private static void smallestOnTheWire(StringBuilder out, List<WireSize> wireSizes) {
        List<WireSize> paper = wireSizes.stream().filter(size -> PAPER_WORKLOADS.contains(size.workload())).toList();
        String target = "smallest per-message wire size (float-sum, string-concat)";
        if (paper.isEmpty()) {
            row(out, target, "hhfr-tcp-*", "not measured", "no wire-size table in this run");
            return;
        }
        boolean met = true;
        List<String> figures = new ArrayList<>();
        for (WireSize size : paper) {
            int others = Math.min(Math.min(size.soapEnvelope(), size.fastInfosetEnvelope()),
                    Math.min(size.exiEnvelope(), size.grpcOnHttp2()));
            met &= size.hhfrOnTcp() < others;
            figures.add(size.workload().label() + ": HHFR " + size.hhfrOnTcp() + " B vs gRPC on HTTP/2 "
                    + size.grpcOnHttp2() + ", EXI envelope " + size.exiEnvelope() + ", Fast Infoset envelope "
                    + size.fastInfosetEnvelope() + ", SOAP " + size.soapEnvelope());
        }
        row(out, target, "hhfr-tcp-*", met ? "met" : "NOT met", String.join("; ", figures)
                + " (HHFR as DATA message " + WireSizes.FRAME_MESSAGE_NUMBER + "; HTTP headers not counted; REST "
                + "JSON bodies and HHFR's UDP datagrams not measured)");
    }

    /**
     * On loopback, pipelined HHFR over TCP moves at least 2x the float-sum(100) messages per second of gRPC
     * bidirectional streaming, at the largest message count both were measured with.
     */
    private static void throughput(StringBuilder out, List<CellResult> results) {
        List<CellResult> cells = results.stream().filter(r -> r.cell().profile().equals(NetworkProfile.LOOPBACK)
                && r.cell().workload() == SessionWorkload.FLOAT_SUM
                && r.cell().arraySize() == THROUGHPUT_ARRAY_SIZE).toList();
        String target = "loopback: float-sum(100) messages/s at least 2x grpc-bidi";
        for (String label : PIPELINED_HHFR) {
            Optional<CellResult> hhfr = cells.stream().filter(r -> r.cell().mode().label().equals(label)
                    && peer(cells, r, GRPC_BIDI).isPresent())
                    .max(Comparator.comparingInt(r -> r.cell().messages()));
            boolean judged = label.startsWith("hhfr-tcp");
            if (hhfr.isEmpty()) {
                boolean measured = cells.stream().anyMatch(r -> r.cell().mode().label().equals(label));
                row(out, target, label, judged ? "not measured" : "-", (measured ? "no " : "neither it nor ")
                        + GRPC_BIDI + " measured at loopback float-sum x=" + THROUGHPUT_ARRAY_SIZE);
                continue;
            }
            CellResult grpc = peer(cells, hhfr.get(), GRPC_BIDI).orElseThrow();
            double ratio = ResultRow.messagesPerSecond(hhfr.get()) / ResultRow.messagesPerSecond(grpc);
            row(out, target, label, !judged ? "-" : ratio >= 2 ? "met" : "NOT met",
                    ResultsMarkdown.format(ratio) + "x: " + rate(hhfr.get()) + " vs " + rate(grpc) + " msg/s ("
                            + point(hhfr.get()) + ")");
        }
    }

    private static String rate(CellResult r) {
        return String.format(Locale.ROOT, "%,.0f", ResultRow.messagesPerSecond(r));
    }

    /** A rival's time over the HHFR mode's in one cell. */
    private record SpeedUp(double ratio, CellResult cell) {
        @Override
        public String toString() {
            return ResultsMarkdown.format(ratio) + "x (" + point(cell) + ")";
        }
    }

    /** The speed-ups over {@code rival} in the cells {@code where} selects, lowest first. */
    private static List<SpeedUp> speedUps(List<CellResult> cells, BenchMode mode, String rival,
            Predicate<CellResult> where) {
        List<SpeedUp> speedUps = new ArrayList<>();
        for (CellResult r : of(cells, mode)) {
            peer(cells, r, rival).filter(theirs -> where.test(r))
                    .ifPresent(theirs -> speedUps.add(new SpeedUp(theirs.sessionMillis() / r.sessionMillis(), r)));
        }
        speedUps.sort(Comparator.comparingDouble(SpeedUp::ratio));
        return speedUps;
    }

    private static List<CellResult> of(List<CellResult> cells, BenchMode mode) {
        return cells.stream().filter(r -> r.cell().mode() == mode).toList();
    }

    /** The cell of the mode labelled {@code rival} at the same workload, array size and message count. */
    private static Optional<CellResult> peer(List<CellResult> cells, CellResult r, String rival) {
        return cells.stream().filter(other -> other.cell().mode().label().equals(rival)
                && other.cell().workload() == r.cell().workload() && other.cell().arraySize() == r.cell().arraySize()
                && other.cell().messages() == r.cell().messages()).findFirst();
    }

    private static String point(CellResult r) {
        return r.cell().workload().label() + " x=" + r.cell().arraySize() + " n=" + r.cell().messages();
    }

    private static String ms(CellResult r) {
        return ResultsMarkdown.format(r.sessionMillis()) + " ms";
    }

    private static void row(StringBuilder out, String target, String mode, String verdict, String measured) {
        out.append("| ").append(target).append(" | ").append(mode).append(" | ").append(verdict)
                .append(" | ").append(measured).append(" |\n");
    }
}
