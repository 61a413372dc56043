package org.hhfr.benchmarks.session.output;

import static org.hhfr.benchmarks.session.output.ResultsMarkdown.format;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

import org.hhfr.benchmarks.session.BenchMode;
import org.hhfr.benchmarks.session.output.BreakEvenPoints.Axis;
import org.hhfr.benchmarks.session.output.BreakEvenPoints.Threshold;
import org.hhfr.benchmarks.session.output.SessionPlots.Bars;
import org.hhfr.benchmarks.session.output.SessionPlots.Line;
import org.hhfr.benchmarks.session.output.SessionPlots.Panel;
import org.hhfr.benchmarks.session.output.SessionPlots.Style;

/**
 * The report's five figures, each drawn from the cells of the run with a caption computed from the same cells:
 * what it shows and what follows from it. A figure whose cells the run did not produce is left out, with the
 * run that makes it. (a) round-trip time per message against array size, (b) session time against message
 * count, (c) HHFR beside gRPC-java and SOAP on every profile, (d) behaviour under loss, (e) bytes on the wire.
 */
final class ReportFigures {
    /** The modes drawn in the line figures: HHFR cold (as the paper ran it) and warm, and the rivals. */
    static final List<String> DRAWN_MODES = List.of("hhfr-tcp", "hhfr-udp", "hhfr-tcp-warm-pipelined",
            "hhfr-udp-warm-pipelined", "soap-new-conn", "soap-keepalive", "grpc-bidi", "rest-json");
    private static final String SOAP = "soap-new-conn";
    private static final String GRPC = "grpc-bidi";
    private static final String GRPC_WARM = "grpc-bidi-warm";
    private static final String PAPER_HHFR = "hhfr-tcp";

    /** One figure: its title, and the image (a file under the plots directory) with its caption, or why not. */
    record Figure(String title, Optional<String> image, String caption) {
        static Figure leftOut(String title, String why) {
            return new Figure(title, Optional.empty(), why);
        }
    }

    private final RunCells run;
    private final Path plots;

    ReportFigures(RunCells run, Path plots) {
        this.run = run;
        this.plots = plots;
    }

    /** Draws the figures the run has cells for into the plots directory. */
    List<Figure> draw() throws IOException {
        return List.of(perMessageAgainstArraySize(), sessionAgainstMessages(), besideRivals(), underLoss(),
                bytesPerMessage());
    }

    /** (a) The paper's Figures 5, 6 and 8: time per message against x, one message and the most messages. */
    Figure perMessageAgainstArraySize() throws IOException {
        String title = "Round-trip time per message against array size";
        Optional<RunCells> chosen = preferredPart(part -> !axisWithTwoValues(part, CellFigures::arraySize,
                CellFigures::messages).isEmpty());
        if (chosen.isEmpty()) {
            return Figure.leftOut(title, "Left out: no profile of this run has a workload measured at two or more "
                    + "array sizes; the full `./hhfr bench` makes it.");
        }
        RunCells part = chosen.get();
        CellFigures any = part.all().get(0);
        List<Integer> counts = axisWithTwoValues(part, CellFigures::arraySize, CellFigures::messages);
        List<Integer> shown = counts.size() == 1 ? counts : List.of(counts.get(0), counts.get(counts.size() - 1));
        List<Panel> panels = new ArrayList<>();
        for (int n : shown) {
            panels.add(new Panel(any.workload() + " on " + any.profile() + ", n=" + n, "array size x",
                    "ms per message", true, true, lines(part.where(c -> c.messages() == n),
                            CellFigures::arraySize, CellFigures::millisPerMessage)));
        }
        String file = "fig1-per-message-" + any.workload() + "-" + any.profile() + ".png";
        SessionPlots.lines(plots.resolve(file), panels);
        StringBuilder caption = new StringBuilder("Session time divided by its n messages, against the array size "
                + "x, for " + any.workload() + " on " + any.profile() + " with n=" + shown.get(0)
                + (shown.size() > 1 ? " (left) and n=" + shown.get(1) + " (right)" : "")
                + ", as the paper's Figures 5, 6 and 8; both axes logarithmic. ");
        int few = shown.get(0);
        RunCells single = part.where(c -> c.messages() == few && (c.mode().label().equals(PAPER_HHFR)
                || c.mode().label().equals(SOAP)));
        BreakEvenPoints.along(Axis.ARRAY_SIZE, single.all()).stream().findFirst()
                .map(row -> row.byOtherAxis().get(few)).ifPresent(threshold -> caption.append("With n=").append(few)
                        .append(", hhfr-tcp (cold, one call after the other, as the paper's HHFR) is faster than "
                                + "soap-new-conn (the paper's SOAP) ").append(breakEven(threshold))
                        .append(any.workload().equals("float-sum")
                                ? " (the paper put the break-even between x = 50 and 60). " : ". "));
        int many = shown.get(shown.size() - 1);
        RunCells most = part.where(c -> c.messages() == many);
        int x = nearHundred(most.values(CellFigures::arraySize));
        most.all().stream().filter(c -> c.arraySize() == x).findFirst().flatMap(p -> most.fastest(p, m -> true))
                .ifPresent(best -> {
                    caption.append("With n=").append(many).append(" at x=").append(x).append(" the fastest mode drawn, ")
                            .append(best.mode().label()).append(", takes ").append(format(best.millisPerMessage()))
                            .append(" ms per message");
                    for (String rival : List.of(SOAP, GRPC)) {
                        most.of(rival, best).filter(r -> r != best).ifPresent(r -> caption.append("; ")
                                .append(rival).append(' ').append(format(r.millisPerMessage())).append(" ms (")
                                .append(ratio(r.sessionMillis() / best.sessionMillis())).append(" as long)"));
                    }
                    caption.append('.');
                });
        return new Figure(title, Optional.of(file), caption.toString().trim());
    }

    /** (b) The paper's Figures 7 and 9: session time against n, with the link's lower bound. */
    Figure sessionAgainstMessages() throws IOException {
        String title = "Session time against message count";
        Optional<RunCells> chosen = preferredPart(part -> !axisWithTwoValues(part, CellFigures::messages,
                CellFigures::arraySize).isEmpty());
        if (chosen.isEmpty()) {
            return Figure.leftOut(title, "Left out: no profile of this run has a workload measured at two or more "
                    + "message counts; the full `./hhfr bench` makes it.");
        }
        int x = nearHundred(axisWithTwoValues(chosen.get(), CellFigures::messages, CellFigures::arraySize));
        RunCells part = chosen.get().where(c -> c.arraySize() == x);
        CellFigures any = part.all().get(0);
        List<Line> lines = new ArrayList<>(lines(part, CellFigures::messages, CellFigures::sessionMillis));
        List<CellFigures> bounds = part.points().stream().filter(c -> c.lowerBoundMillis() > 0)
                .sorted(Comparator.comparingInt(CellFigures::messages)).toList();
        if (bounds.size() > 1) {
            lines.add(new Line("lower bound", bounds.stream().mapToDouble(CellFigures::messages).toArray(),
                    bounds.stream().mapToDouble(CellFigures::lowerBoundMillis).toArray(), Style.BOUND));
        }
        String file = "fig2-session-" + any.workload() + "-" + any.profile() + ".png";
        SessionPlots.lines(plots.resolve(file), List.of(new Panel(any.workload() + " x=" + x + " on "
                + any.profile(), "messages per session n", "session time, ms", true, true, lines)));
        StringBuilder caption = new StringBuilder("Session time (from opening, negotiation included, to the last "
                + "answer) against the messages per session n, for " + any.workload() + " with x=" + x + " on "
                + any.profile() + (bounds.size() > 1 ? ", with the link's lower bound dotted (set-up, one round "
                + "trip and the payload " + (TraceLinks.isTraceDriven(any.profile()) ? "at the delivery "
                + "opportunities of the link's traces, from their start" : "at the link's rates") + ")" : "")
                + ", as the paper's Figures 7 and 9. ");
        int n = part.values(CellFigures::messages).get(part.values(CellFigures::messages).size() - 1);
        part.all().stream().filter(c -> c.messages() == n).findFirst().flatMap(p -> part.fastest(p, BenchMode::isHhfr))
                .ifPresent(best -> {
                    caption.append("At n=").append(n).append(" the fastest HHFR mode, ").append(best.mode().label())
                            .append(", takes ").append(format(best.sessionMillis())).append(" ms");
                    if (best.lowerBoundMillis() > 0) {
                        caption.append(", ").append(ratio(best.sessionMillis() / best.lowerBoundMillis()))
                                .append(" the lower bound").append(best.sessionMillis() < best.lowerBoundMillis()
                                        && best.mode().isWarm() ? " (a warm session sets up no connection, which "
                                        + "the bound counts)" : "");
                    }
                    for (String rival : List.of(GRPC, SOAP)) {
                        part.of(rival, best).ifPresent(r -> caption.append("; ").append(rival).append(' ')
                                .append(format(r.sessionMillis())).append(" ms (")
                                .append(ratio(r.sessionMillis() / best.sessionMillis())).append(" as long)"));
                    }
                    caption.append('.');
                });
        return new Figure(title, Optional.of(file), caption.toString().trim());
    }

    /** (c) One point of the grid on every profile that ran it: HHFR cold and warm, gRPC-java, SOAP. */
    Figure besideRivals() throws IOException {
        String title = "HHFR beside gRPC-java and SOAP on every network profile";
        Optional<CellFigures> point = run.points().stream()
                .filter(p -> run.of(GRPC, p).isPresent() && run.fastest(p, BenchMode::isHhfr).isPresent())
                .max(Comparator.<CellFigures>comparingLong(p -> profilesWith(p).size())
                        .thenComparing(p -> p.workload().equals("float-sum"))
                        .thenComparingInt(CellFigures::messages)
                        .thenComparingDouble(p -> -Math.abs(Math.log(p.arraySize() / 100.0))));
        if (point.isEmpty()) {
            return Figure.leftOut(title, "Left out: no cell of this run has both grpc-bidi and an HHFR mode; a run "
                    + "with every mode (`./hhfr bench`) makes it.");
        }
        CellFigures p = point.get();
        List<CellFigures> atProfiles = profilesWith(p);
        List<String> profiles = atProfiles.stream().map(CellFigures::profile).toList();
        List<Bars> bars = new ArrayList<>();
        bars.add(new Bars("fastest cold HHFR", atProfiles.stream()
                .map(c -> run.fastest(c, m -> m.isHhfr() && !m.isWarm()).map(CellFigures::sessionMillis).orElse(null))
                .toList()));
        bars.add(new Bars("fastest warm HHFR", atProfiles.stream()
                .map(c -> run.fastest(c, m -> m.isHhfr() && m.isWarm()).map(CellFigures::sessionMillis).orElse(null))
                .toList()));
        for (String rival : List.of(GRPC, GRPC_WARM, "soap-keepalive", SOAP)) {
            bars.add(new Bars(rival, atProfiles.stream()
                    .map(c -> run.of(rival, c).map(CellFigures::sessionMillis).orElse(null)).toList()));
        }
        bars.removeIf(b -> b.values().stream().allMatch(v -> v == null));
        String point3 = p.workload() + " x=" + p.arraySize() + " n=" + p.messages();
        String file = "fig3-profiles-" + p.workload() + ".png";
        SessionPlots.dots(plots.resolve(file), point3 + " on every profile", "session time, ms", profiles, bars);
        StringBuilder caption = new StringBuilder("Session time of " + point3 + " on every profile that ran it "
                + "(logarithmic): the fastest cold HHFR mode, the fastest warm one (resumed from a ticket), gRPC-java's "
                + "bidirectional stream (a new channel per session, and where the profile ran it a new stream on a "
                + "kept channel), SOAP on a kept-alive connection and SOAP with a connection per call. The fastest "
                + "cold HHFR mode's time over grpc-bidi's: ");
        List<String> parts = new ArrayList<>();
        int faster = 0;
        for (CellFigures c : atProfiles) {
            Optional<CellFigures> cold = run.fastest(c, m -> m.isHhfr() && !m.isWarm());
            CellFigures grpc = run.of(GRPC, c).orElseThrow();
            if (cold.isPresent()) {
                double r = cold.get().sessionMillis() / grpc.sessionMillis();
                faster += r < 1 ? 1 : 0;
                parts.add(c.profile() + " " + ratio(r) + " (" + cold.get().mode().label() + ")");
            }
        }
        caption.append(String.join(", ", parts)).append(": HHFR faster on ").append(faster).append(" of ")
                .append(parts.size()).append(" profiles.");
        List<String> warm = new ArrayList<>();
        for (CellFigures c : atProfiles) {
            Optional<CellFigures> kept = run.of(GRPC_WARM, c);
            CellFigures rival = kept.orElseGet(() -> run.of(GRPC, c).orElseThrow());
            run.fastest(c, m -> m.isHhfr() && m.isWarm()).ifPresent(w -> warm.add(c.profile() + " "
                    + ratio(w.sessionMillis() / rival.sessionMillis()) + " (over " + rival.mode().label() + ")"));
        }
        if (!warm.isEmpty()) {
            caption.append(" The fastest warm HHFR mode's over gRPC's warm start, grpc-bidi-warm, where the profile ")
                    .append("ran it, else over grpc-bidi: ").append(String.join(", ", warm)).append('.');
        }
        return new Figure(title, Optional.of(file), caption.toString());
    }

    /** (d) Session time against the loss rate of the profiles with a {@code -lossN} suffix. */
    Figure underLoss() throws IOException {
        String title = "Behaviour under loss";
        RunCells lossy = run.where(c -> c.lossPercent() > 0);
        if (lossy.isEmpty()) {
            return Figure.leftOut(title, "Left out: no profile with loss in this run. A run over the emulated links "
                    + "(`hhfr-link`) with the `-loss1` and `-loss3` profiles, e.g. `3g`, `3g-loss1`, `3g-loss3`, "
                    + "makes it.");
        }
        String base = lossy.all().stream().map(CellFigures::baseProfile).distinct()
                .max(Comparator.<String>comparingLong(b -> lossy.where(c -> c.baseProfile().equals(b)).profiles()
                        .size()).thenComparing(b -> b.equals("3g"))).orElseThrow();
        RunCells family = run.where(c -> c.baseProfile().equals(base));
        CellFigures p = family.points().stream().max(Comparator.<CellFigures>comparingLong(
                c -> family.where(o -> o.workload().equals(c.workload()) && o.arraySize() == c.arraySize()
                        && o.messages() == c.messages()).profiles().size())
                .thenComparing(c -> c.workload().equals("float-sum")).thenComparingInt(CellFigures::messages)
                .thenComparingDouble(c -> -Math.abs(Math.log(c.arraySize() / 100.0)))).orElseThrow();
        RunCells line = family.where(c -> c.workload().equals(p.workload()) && c.arraySize() == p.arraySize()
                && c.messages() == p.messages());
        List<String> modes = new ArrayList<>(List.of("hhfr-tcp-pipelined", "hhfr-udp-pipelined",
                "hhfr-tcp-warm-pipelined", "hhfr-udp-warm-pipelined", GRPC, "soap-keepalive"));
        modes.removeIf(mode -> !line.hasMode(mode));
        if (modes.isEmpty()) {
            return Figure.leftOut(title, "Left out: the profiles with loss have no pipelined HHFR, grpc-bidi or "
                    + "soap-keepalive cell; a run of those modes on `" + base + "` and its `-loss1`/`-loss3` "
                    + "variants makes it.");
        }
        List<Line> lines = new ArrayList<>();
        for (String mode : modes) {
            List<CellFigures> series = line.where(c -> c.mode().label().equals(mode)).all().stream()
                    .sorted(Comparator.comparingInt(CellFigures::lossPercent)).toList();
            lines.add(new Line(mode, series.stream().mapToDouble(CellFigures::lossPercent).toArray(),
                    series.stream().mapToDouble(CellFigures::sessionMillis).toArray(),
                    series.get(0).mode().isHhfr() ? Style.HHFR : Style.RIVAL));
        }
        String point = p.workload() + " x=" + p.arraySize() + " n=" + p.messages();
        String file = "fig4-loss-" + base + ".png";
        SessionPlots.lines(plots.resolve(file), List.of(new Panel(point + " on " + base + " with loss",
                "loss each way, %", "session time, ms", false, true, lines)));
        int worst = line.values(CellFigures::lossPercent).get(line.values(CellFigures::lossPercent).size() - 1);
        StringBuilder caption = new StringBuilder("Session time of " + point + " on " + base + " against the random "
                + "loss rate of the link in each direction (" + String.join(", ", line.profiles()) + "). ");
        List<String> slowdowns = new ArrayList<>();
        for (String mode : modes) {
            Optional<CellFigures> clean = line.all().stream().filter(c -> c.mode().label().equals(mode)
                    && c.lossPercent() == 0).findFirst();
            Optional<CellFigures> lost = line.all().stream().filter(c -> c.mode().label().equals(mode)
                    && c.lossPercent() == worst).findFirst();
            if (clean.isPresent() && lost.isPresent()) {
                slowdowns.add(mode + " " + ratio(lost.get().sessionMillis() / clean.get().sessionMillis()));
            }
        }
        if (!slowdowns.isEmpty()) {
            caption.append("From no loss to ").append(worst).append("%, sessions take longer by: ")
                    .append(String.join(", ", slowdowns)).append(". ");
        }
        for (String[] pair : List.of(new String[] {"hhfr-udp-pipelined", "hhfr-tcp-pipelined"},
                new String[] {"hhfr-udp-warm-pipelined", "hhfr-tcp-warm-pipelined"})) {
            Optional<CellFigures> udp = line.all().stream().filter(c -> c.mode().label().equals(pair[0])
                    && c.lossPercent() == worst).findFirst();
            udp.flatMap(u -> line.of(pair[1], u)).ifPresent(tcp -> caption.append("At ").append(worst).append("% ")
                    .append(pair[0]).append(" is ").append(ratio(tcp.sessionMillis() / udp.get().sessionMillis()))
                    .append(" as fast as ").append(pair[1]).append(". "));
        }
        return new Figure(title, Optional.of(file), caption.toString().trim());
    }

    /** (e) Bytes both ways per message for every mode at one point, beside the payload. */
    Figure bytesPerMessage() throws IOException {
        String title = "Bytes on the wire per message";
        Optional<RunCells> chosen = preferredPart(part -> !part.isEmpty());
        if (chosen.isEmpty()) {
            return Figure.leftOut(title, "Left out: the run has no cells.");
        }
        RunCells drawn = chosen.get();
        RunCells part = run.at(drawn.all().get(0).profile(), drawn.all().get(0).workload());
        CellFigures p = part.points().stream().max(Comparator.<CellFigures>comparingLong(
                c -> part.all().stream().filter(o -> o.samePointAs(c)).count()).thenComparingInt(CellFigures::messages)
                .thenComparingDouble(c -> -Math.abs(Math.log(c.arraySize() / 100.0)))).orElseThrow();
        List<CellFigures> modes = part.all().stream().filter(c -> c.samePointAs(p)).toList();
        boolean wire = modes.stream().allMatch(c -> c.wireBytes().isPresent());
        List<String> categories = new ArrayList<>(List.of("payload"));
        List<Double> values = new ArrayList<>(List.of((double) p.payloadBytes() / p.messages()));
        for (CellFigures c : modes) {
            categories.add(c.mode().label());
            values.add(c.bytesPerMessage());
        }
        String point = p.workload() + " x=" + p.arraySize() + " n=" + p.messages() + " on " + p.profile();
        String file = "fig5-bytes-" + p.workload() + "-" + p.profile() + ".png";
        SessionPlots.bars(plots.resolve(file), point, "bytes per message, both ways", categories,
                List.of(new Bars("bytes per message", values)));
        CellFigures fewest = modes.stream().min(Comparator.comparingDouble(CellFigures::bytesPerMessage)).orElseThrow();
        double payload = (double) p.payloadBytes() / p.messages();
        StringBuilder caption = new StringBuilder("Bytes both ways per message, " + point + ", the session's "
                + (wire ? "IP packets as the emulated link counted them, headers included"
                        : "bytes at the relays (TCP stream bytes and UDP datagram payloads, without IP, TCP and UDP "
                        + "headers)") + ", from opening to the end of close (negotiation and connection set-up "
                + "included), beside the payload (" + format(payload) + " bytes per message). Fewest: "
                + fewest.mode().label() + ", " + format(fewest.bytesPerMessage()) + " bytes ("
                + ratio(fewest.bytesPerMessage() / payload) + " the payload)");
        if (!fewest.mode().isHhfr()) {
            modes.stream().filter(c -> c.mode().isHhfr()).min(Comparator.comparingDouble(CellFigures::bytesPerMessage))
                    .ifPresent(h -> caption.append("; fewest of HHFR's, ").append(h.mode().label()).append(' ')
                            .append(format(h.bytesPerMessage())).append(" (")
                            .append(ratio(h.bytesPerMessage() / payload)).append(')'));
        }
        for (String rival : List.of(GRPC, "rest-json", SOAP)) {
            modes.stream().filter(c -> c.mode().label().equals(rival) && c != fewest).findFirst().ifPresent(r -> caption
                    .append("; ").append(rival).append(' ').append(format(r.bytesPerMessage())).append(" ("
                    ).append(ratio(r.bytesPerMessage() / payload)).append(')'));
        }
        return new Figure(title, Optional.of(file), caption.append('.').toString());
    }

    /** The profiles (in run order) at which the point of {@code p} has grpc-bidi and an HHFR mode. */
    private List<CellFigures> profilesWith(CellFigures p) {
        return run.points().stream().filter(c -> c.workload().equals(p.workload()) && c.arraySize() == p.arraySize()
                && c.messages() == p.messages() && run.of(GRPC, c).isPresent()
                && run.fastest(c, BenchMode::isHhfr).isPresent()).toList();
    }

    /**
     * The first profile and workload that {@code fits}: profiles 3g first, then those with a lower bound (shaped
     * links), then the others; float-sum first, then string-concat, then the others.
     */
    private Optional<RunCells> preferredPart(Predicate<RunCells> fits) {
        List<String> profiles = run.profiles().stream().sorted(Comparator.<String>comparingInt(p -> p.equals("3g")
                ? 0 : run.where(c -> c.profile().equals(p) && c.lowerBoundMillis() > 0).isEmpty() ? 2 : 1)).toList();
        List<String> workloads = run.all().stream().map(CellFigures::workload).distinct()
                .sorted(Comparator.comparingInt(w -> w.equals("float-sum") ? 0 : w.equals("string-concat") ? 1 : 2))
                .toList();
        for (String profile : profiles) {
            for (String workload : workloads) {
                RunCells part = run.at(profile, workload)
                        .where(c -> DRAWN_MODES.contains(c.mode().label()));
                if (!part.isEmpty() && fits.test(part)) {
                    return Optional.of(part);
                }
            }
        }
        return Optional.empty();
    }

    /** The values of {@code held} at which {@code axis} has two or more measured values, ascending. */
    private static List<Integer> axisWithTwoValues(RunCells part, ToIntFunction<CellFigures> axis,
            ToIntFunction<CellFigures> held) {
        return part.values(held).stream().filter(value -> part.where(c -> held.applyAsInt(c) == value)
                .values(axis).size() >= 2).toList();
    }

    /** 100 if measured, else the largest value under it, else the smallest. */
    private static int nearHundred(List<Integer> values) {
        return values.stream().filter(v -> v <= 100).max(Integer::compare).orElse(values.get(0));
    }

    /** One line per drawn mode present, points ascending along {@code x}. */
    private static List<Line> lines(RunCells cells, ToIntFunction<CellFigures> x,
            ToDoubleFunction<CellFigures> y) {
        List<Line> lines = new ArrayList<>();
        for (String mode : DRAWN_MODES) {
            List<CellFigures> series = cells.where(c -> c.mode().label().equals(mode)).all().stream()
                    .sorted(Comparator.comparingInt(x)).toList();
            if (!series.isEmpty()) {
                lines.add(new Line(mode, series.stream().mapToDouble(x::applyAsInt).toArray(),
                        series.stream().mapToDouble(c -> Math.max(y.applyAsDouble(c), 0.001)).toArray(),
                        series.get(0).mode().isHhfr() ? Style.HHFR : Style.RIVAL));
            }
        }
        return lines;
    }

    private static String breakEven(Threshold threshold) {
        return threshold.always() ? "at every x measured"
                : threshold.from().map(x -> "from x = " + x + " on").orElse("at no x up to the largest measured");
    }

    static String ratio(double ratio) {
        return format(ratio) + "x";
    }
}
