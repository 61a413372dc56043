package org.hhfr.benchmarks.session.output;

import static org.hhfr.benchmarks.session.output.ReportFigures.ratio;
import static org.hhfr.benchmarks.session.output.ResultsMarkdown.format;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;

import org.hhfr.benchmarks.session.BenchMode;

/**
 * The targets, each judged on the cells of a run, per network profile where it applies: met, NOT met (with the
 * worst cell named), or not in this run (the run has no cell it applies to). HHFR is compared cold with cold and
 * warm with warm; a cold session negotiates, a warm one resumes from a ticket.
 */
final class TargetsReport {
    static final String MET = "met";
    static final String NOT_MET = "NOT met";
    static final String NOT_IN_RUN = "not in this run";
    static final String NOT_MEASURED = "not measured";
    private static final List<String> PAPER_WORKLOADS = List.of("float-sum", "string-concat");
    private static final String GRPC_BIDI = "grpc-bidi";
    /** IPv4 and UDP headers of one datagram. */
    static final int IP_UDP_HEADER_BYTES = 28;
    /** The largest datagram the UDP engine sends by default ({@code DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE}). */
    private static final int DATAGRAM_BYTES = 1200;

    /** One ratio of a target at one cell: HHFR's figure over the one it is held against. */
    private record Measure(double ratio, String text) {
    }

    private final RunCells run;
    private final StringBuilder out = new StringBuilder();

    private TargetsReport(RunCells run) {
        this.run = run;
    }

    static String render(RunCells run) {
        return new TargetsReport(run).table();
    }

    private String table() {
        out.append("| target | profile | verdict | worst cell |\n| --- | --- | --- | --- |\n");
        notSlowerThanGrpc();
        udpNotSlowerThanTcp();
        udpFasterUnderLoss();
        udpBytesOnTheWire();
        nearTheLowerBound();
        loopbackThroughput();
        return out.append('\n').toString();
    }

    /** On the 3G profiles and the UMTS trace: the best HHFR mode at most grpc-bidi's time, cold and warm apart. */
    private void notSlowerThanGrpc() {
        List<String> profiles = run.profiles().stream().filter(p -> p.startsWith("3g") || p.startsWith("umts"))
                .toList();
        String target = "best HHFR mode at most grpc-bidi, every float-sum and string-concat cell";
        if (profiles.isEmpty()) {
            row(target, "3g, umts-trace", NOT_IN_RUN, "no 3g or umts-trace profile in this run");
        }
        for (String profile : profiles) {
            for (boolean warm : new boolean[] {false, true}) {
                String label = target + (warm ? " (warm)" : " (cold)");
                Predicate<BenchMode> grpc = m -> m.transport() == BenchMode.Transport.GRPC && m.isPipelined()
                        && m.isWarm() == warm;
                List<Measure> measures = new ArrayList<>();
                for (CellFigures point : points(profile, c -> PAPER_WORKLOADS.contains(c.workload()))) {
                    Optional<CellFigures> rival = run.fastest(point, grpc);
                    Optional<CellFigures> best = run.fastest(point, m -> m.isHhfr() && m.isWarm() == warm);
                    if (rival.isPresent() && best.isPresent()) {
                        measures.add(versus(best.get(), rival.get()));
                    }
                }
                judge(label, profile, measures, r -> r <= 1, true, warm
                        ? "no cell with both grpc-bidi-warm and a warm HHFR mode on " + profile
                        : "no cell with both grpc-bidi and a cold HHFR mode on " + profile);
            }
        }
    }

    /** On 3G without loss, every HHFR UDP mode at most its TCP twin (same warm, pipelined, encrypted). */
    private void udpNotSlowerThanTcp() {
        List<String> profiles = run.profiles().stream().filter(p -> p.equals("3g")).toList();
        String target = "HHFR UDP at most HHFR TCP, every cell at 0% loss";
        if (profiles.isEmpty()) {
            row(target, "3g", NOT_IN_RUN, "no 3g profile in this run");
        }
        for (String profile : profiles) {
            judge(target, profile, udpAgainstTcp(profile, c -> true, false), r -> r <= 1, true,
                    "no cell with both an HHFR UDP mode and its TCP twin");
        }
    }

    /** At 3% loss, pipelined UDP at least 1.5x as fast as pipelined TCP for n of 10 and more. */
    private void udpFasterUnderLoss() {
        List<String> profiles = run.profiles().stream().filter(p -> p.endsWith("-loss3")).toList();
        String target = "3% loss: pipelined HHFR UDP at least 1.5x as fast as pipelined TCP, n >= 10";
        if (profiles.isEmpty()) {
            row(target, "*-loss3", NOT_IN_RUN, "no profile with 3% loss (-loss3) in this run");
        }
        for (String profile : profiles) {
            judge(target, profile, udpAgainstTcp(profile, c -> c.messages() >= 10 && c.mode().isPipelined(), true),
                    r -> r >= 1.5, false, "no pipelined UDP and TCP cells with n >= 10");
        }
    }

    /**
     * Warm HHFR UDP sessions (no negotiation over HTTP) put at most 1.05x their payload plus the IP and UDP
     * headers of their datagrams on the wire at 0% loss, 1.15x at 3%. Only for a run that counted the packets.
     */
    private void udpBytesOnTheWire() {
        String target = "warm HHFR UDP bytes on the wire at most 1.05x (0% loss) / 1.15x (3% loss) payload + headers";
        List<String> profiles = run.profiles().stream().filter(p -> !run.where(c -> c.profile().equals(p)
                && c.lossPercent() != 1 && c.wireBytes().isPresent()).isEmpty()).toList();
        if (profiles.isEmpty()) {
            row(target, "all", NOT_MEASURED, "the run has no bytes on the wire (a run over the relays counts "
                    + "datagram payloads only; the emulated links count whole packets)");
        }
        for (String profile : profiles) {
            double limit = profile.endsWith("-loss3") ? 1.15 : 1.05;
            List<Measure> measures = new ArrayList<>();
            for (CellFigures c : run.where(c -> c.profile().equals(profile) && c.mode().isWarm()
                    && c.mode().transport() == BenchMode.Transport.HHFR_UDP && c.wireBytes().isPresent()).all()) {
                double bound = c.payloadBytes() + (double) IP_UDP_HEADER_BYTES * c.wirePackets().orElse(
                        (long) c.messages() * (1 + (c.payloadBytes() / c.messages() + DATAGRAM_BYTES - 1)
                                / DATAGRAM_BYTES));
                measures.add(new Measure(c.wireBytes().getAsLong() / bound, c.point() + " " + c.mode().label() + ": "
                        + c.wireBytes().getAsLong() + " B vs " + format(bound) + " B"));
            }
            judge(target.replace("1.05x (0% loss) / 1.15x (3% loss)", ratio(limit)), profile, measures,
                    r -> r <= limit, true, "no warm HHFR UDP cell with bytes on the wire");
        }
    }

    /** On 3G without loss, the best warm mode's session of 100 messages, x <= 100, within 1.25x of the bound. */
    private void nearTheLowerBound() {
        List<String> profiles = run.profiles().stream().filter(p -> p.equals("3g")).toList();
        String target = "warm n=100, x<=100 within 1.25x of the lower bound (best warm HHFR mode)";
        if (profiles.isEmpty()) {
            row(target, "3g", NOT_IN_RUN, "no 3g profile in this run");
        }
        for (String profile : profiles) {
            List<Measure> measures = new ArrayList<>();
            for (CellFigures point : points(profile, c -> c.messages() == 100 && c.arraySize() <= 100
                    && c.lowerBoundMillis() > 0)) {
                run.fastest(point, m -> m.isHhfr() && m.isWarm()).ifPresent(best -> measures.add(new Measure(
                        best.sessionMillis() / best.lowerBoundMillis(), best.point() + " " + best.mode().label() + ": "
                        + format(best.sessionMillis()) + " ms vs bound " + format(best.lowerBoundMillis()) + " ms")));
            }
            judge(target, profile, measures, r -> r <= 1.25, true, "no warm HHFR cell with n=100 and x<=100");
        }
    }

    /**
     * On loopback, float-sum x=100 at the largest n both ran: hhfr-tcp-warm-pipelined at least 2x grpc-bidi's
     * messages per second. HHFR UDP against Aeron is the transport shoot-out's, never a session's.
     */
    private void loopbackThroughput() {
        String target = "loopback throughput: HHFR TCP at least 2x gRPC-java (float-sum x=100, pipelined, warm)";
        Optional<CellFigures> hhfr = run.where(c -> c.profile().equals("loopback") && c.workload().equals("float-sum")
                && c.arraySize() == 100 && c.mode().label().equals("hhfr-tcp-warm-pipelined")
                && run.of(GRPC_BIDI, c).isPresent()).all().stream().max(Comparator.comparingInt(CellFigures::messages));
        if (hhfr.isEmpty()) {
            row(target, "loopback", NOT_IN_RUN, "no loopback float-sum x=100 cell with both hhfr-tcp-warm-pipelined "
                    + "and grpc-bidi");
        } else {
            CellFigures grpc = run.of(GRPC_BIDI, hhfr.get()).orElseThrow();
            double times = grpc.sessionMillis() / hhfr.get().sessionMillis();
            row(target, "loopback", times >= 2 ? MET : NOT_MET, ratio(times) + ": " + rate(hhfr.get()) + " vs "
                    + rate(grpc) + " msg/s at n=" + hhfr.get().messages());
        }
        row("loopback throughput: HHFR UDP at least 40% of Aeron", "loopback", NOT_IN_RUN,
                "Aeron runs in the transport shoot-out (`TransportShootout`, benchmarks/README.md), not in the sessions");
    }

    /** Each UDP cell against its TCP twin: UDP time / TCP time, or TCP / UDP when {@code speedUp}. */
    private List<Measure> udpAgainstTcp(String profile, Predicate<CellFigures> which, boolean speedUp) {
        List<Measure> measures = new ArrayList<>();
        for (CellFigures udp : run.where(c -> c.profile().equals(profile)
                && c.mode().transport() == BenchMode.Transport.HHFR_UDP && which.test(c)).all()) {
            run.fastest(udp, m -> m.transport() == BenchMode.Transport.HHFR_TCP && m.isWarm() == udp.mode().isWarm()
                    && m.isPipelined() == udp.mode().isPipelined() && m.isEncrypted() == udp.mode().isEncrypted())
                    .ifPresent(tcp -> measures.add(speedUp ? versus(tcp, udp) : versus(udp, tcp)));
        }
        return measures;
    }

    /** {@code mine}'s session time over {@code theirs}'. */
    private static Measure versus(CellFigures mine, CellFigures theirs) {
        return new Measure(mine.sessionMillis() / theirs.sessionMillis(), mine.point() + ": " + mine.mode().label()
                + " " + format(mine.sessionMillis()) + " ms vs " + theirs.mode().label() + " "
                + format(theirs.sessionMillis()) + " ms");
    }

    private List<CellFigures> points(String profile, Predicate<CellFigures> which) {
        return run.where(c -> c.profile().equals(profile) && which.test(c)).points();
    }

    /** Met if every measure {@code passes}; the worst is the highest ratio, or the lowest when not {@code highIsBad}. */
    private void judge(String target, String profile, List<Measure> measures, Predicate<Double> passes,
            boolean highIsBad, String none) {
        if (measures.isEmpty()) {
            row(target, profile, NOT_IN_RUN, none);
            return;
        }
        Comparator<Measure> byRatio = Comparator.comparingDouble(Measure::ratio);
        Measure worst = measures.stream().max(highIsBad ? byRatio : byRatio.reversed()).orElseThrow();
        long failing = measures.stream().filter(m -> !passes.test(m.ratio())).count();
        row(target, profile, failing == 0 ? MET : NOT_MET, ratio(worst.ratio()) + ", " + worst.text() + " ("
                + (failing == 0 ? "all " + measures.size() + " cells pass" : failing + " of " + measures.size()
                        + " cells fail") + ")");
    }

    private static String rate(CellFigures c) {
        return String.format(Locale.ROOT, "%,.0f", c.messages() / c.sessionMillis() * 1000);
    }

    private void row(String target, String profile, String verdict, String worst) {
        out.append("| ").append(target).append(" | ").append(profile).append(" | ")
                .append(verdict.equals(NOT_MET) ? "**NOT met**" : verdict).append(" | ").append(worst).append(" |\n");
    }
}
