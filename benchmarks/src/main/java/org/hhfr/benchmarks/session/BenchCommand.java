package org.hhfr.benchmarks.session;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.hhfr.axis.server.ConsoleLogging;
import org.hhfr.benchmarks.capacity.CapacityCommand;
import org.hhfr.benchmarks.session.network.ToxiproxyServer;
import org.hhfr.benchmarks.session.output.BenchOutput;
import org.hhfr.benchmarks.session.output.RunInfo;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hhfr bench}: the paper's benchmark sessions, every mode side by side, over emulated networks on this
 * machine; writes the cells as JSON and CSV, the plots, and the Markdown report. It runs in this module's own
 * JVM (the {@code ./hhfr} launcher starts {@link #main} with this module's class path), so the rivals' libraries
 * never weigh on the other commands.
 */
@Command(name = "hhfr bench",
        mixinStandardHelpOptions = true,
        subcommands = CapacityCommand.class,
        description = {
            "Run the paper's benchmark sessions over emulated networks.",
            "An embedded server, relays on 127.0.0.1 that shape each profile's path (or,",
            "with --links emulated, the client in a JVM of its own behind hhfr-link, which",
            "shapes IP packets below TCP and UDP); a session sends n requests with arrays of",
            "size x and checks every answer; its time includes connection set-up and negotiation.",
            "Modes: hhfr-tcp and hhfr-udp, each also -warm, -pipelined and",
            "-warm-pipelined; soap-new-conn, soap-keepalive; the rivals grpc-unary,",
            "grpc-bidi, grpc-bidi-warm (a new stream on a kept channel), rest-json;",
            "hhfr-tcp-tls-warm-pipelined and hhfr-udp-aead-warm-pipelined",
            "(an https service's encrypted streams; in the full run's loopback throughput part",
            "or with --modes). Profiles: loopback, wifi, 3g, edge.",
            "Writes sessions.json, sessions.csv and plots/ under --out, and the Markdown",
            "report. See benchmarks/SESSIONS.md.",
            "`hhfr bench capacity` measures one server node holding thousands of sessions."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:every cell ran with right answers on the transport its mode asked for",
            "1:a session failed, answered wrongly or fell back to another transport",
            "2:wrong arguments, or the results could not be written"})
public final class BenchCommand implements Callable<Integer> {
    static final int SESSION_PROBLEM = 1;
    static final int UNUSABLE = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--quick", description = "the reduced grid instead of the full plan (see SESSIONS.md): "
            + "loopback (float-sum and string-concat, x in 1,100,1000, n in 1,10,100, 3 repeats; poi, 1 and 250 "
            + "records, 3 repeats) and 3g (float-sum, x = 100, n in 1,10, 1 session); about a minute and a half")
    private boolean quick;

    @Option(names = "--profile", split = ",", paramLabel = "P1,P2",
            description = "network profiles: loopback, wifi, 3g, edge; with --links emulated also lte, the "
                    + "trace-driven umts-trace, evdo-trace and lte-trace (Mahimahi's cellular traces), and each "
                    + "with -loss1 or -loss3 (default: the grid's)")
    private List<String> profiles = new ArrayList<>();

    @Option(names = "--modes", split = ",", paramLabel = "M1,M2", description = "modes (default: all)")
    private List<String> modes = new ArrayList<>();

    @Option(names = "--workloads", split = ",", paramLabel = "W1,W2",
            description = "float-sum, string-concat, poi (default: the grid's)")
    private List<String> workloads = new ArrayList<>();

    @Option(names = "--sizes", split = ",", paramLabel = "X1,X2", description = "array sizes (default: the grid's)")
    private List<Integer> sizes = new ArrayList<>();

    @Option(names = "--messages", split = ",", paramLabel = "N1,N2",
            description = "messages per session (default: the grid's)")
    private List<Integer> messages = new ArrayList<>();

    @Option(names = "--repeats", paramLabel = "N", description = "sessions per cell (default: the grid's)")
    private Integer repeats;

    /** The committed full run lives here; a quick run must not overwrite it. */
    private static final Path FULL_RUN_OUT = Path.of("benchmarks/results");
    private static final Path QUICK_RUN_OUT = Path.of("benchmarks/target/bench-quick");
    private static final Path EMULATED_RUN_OUT = Path.of("benchmarks/target/bench-emulated");

    @Option(names = "--out", paramLabel = "DIR",
            description = "where sessions.json, sessions.csv and plots/ go (default: benchmarks/results, with "
                    + "--quick benchmarks/target/bench-quick, with --links emulated benchmarks/target/bench-emulated)")
    private Path out;

    @Option(names = "--report", paramLabel = "FILE",
            description = "the Markdown report (default: benchmarks/RESULTS.md for a full run into "
                    + "benchmarks/results, otherwise DIR/RESULTS.md)")
    private Path report;

    @Option(names = "--tcp-links", paramLabel = "EMULATOR", defaultValue = "relay",
            description = "what shapes the TCP paths of wifi, 3g and edge: relay (the bench's own relays) or "
                    + "toxiproxy (installed by benchmarks/scripts/install-toxiproxy.sh, which needs Go; run from the "
                    + "repository root) (default: ${DEFAULT-VALUE})")
    private String tcpLinks;

    @Option(names = "--links", paramLabel = "LINKS", defaultValue = "relay",
            description = "what carries the sessions: relay (client and servers in this JVM, the paths shaped by "
                    + "relays on 127.0.0.1, or Toxiproxy with --tcp-links) or emulated (each profile's client in a "
                    + "JVM of its own behind link-emulator's hhfr-link, which shapes IP packets below every "
                    + "transport; needs Linux, root and /dev/net/tun; profiles loopback, wifi, 3g, edge, lte, "
                    + "umts-trace, evdo-trace, lte-trace, each also -loss1 or -loss3; bytes are whole IP packets) "
                    + "(default: ${DEFAULT-VALUE})")
    private String links;

    @Option(names = "--pcap", paramLabel = "DIR",
            description = "with --links emulated: every packet of each profile's sessions, either way, as it "
                    + "reached the link, to DIR/PROFILE.pcap (raw IP; tcpdump -r, Wireshark)")
    private Path captures;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "7",
            description = "seed of the links' loss (default: ${DEFAULT-VALUE})")
    private long seed;

    @Option(names = "--report-only", paramLabel = "SESSIONS_JSON",
            description = "run nothing: draw the figures and write the report again from a saved sessions.json "
                    + "(and the run.json beside it), e.g. benchmarks/results/sessions.json; the report goes to "
                    + "--report, else where that run's report goes")
    private Path reportOnly;

    /** The directory asked for, or the default: the full run's, or a quick run's own under target/. */
    static Path outputDirectory(Path asked, boolean quick) {
        return asked != null ? asked : quick ? QUICK_RUN_OUT : FULL_RUN_OUT;
    }

    /** The report of a run into {@code out} when none is asked for. */
    static Path reportFile(Path out) {
        return out.equals(FULL_RUN_OUT) ? Path.of("benchmarks/RESULTS.md") : out.resolve("RESULTS.md");
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchCommand()).execute(args));
    }

    @Override
    public Integer call() {
        ConsoleLogging.quiet();
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        if (reportOnly != null) {
            return reportOnly(reportOnly, report != null ? report : reportFile(reportOnly.getParent() == null
                    ? Path.of(".") : reportOnly.getParent()), stdout, err);
        }
        List<BenchGrid> grids;
        ProfileSessions.Links emulated = null;
        try {
            grids = grids();
            if (links.equals("emulated")) {
                grids = EmulatedRun.cleartextOnly(grids, !modes.isEmpty());
                emulated = EmulatedRun.links(tcpLinks, seed, captures, err);
            } else if (!links.equals("relay")) {
                throw new IllegalArgumentException("--links is relay or emulated, not " + links);
            } else if (captures != null) {
                throw new IllegalArgumentException("--pcap needs --links emulated: the relays carry payloads, "
                        + "not packets");
            }
        } catch (IllegalArgumentException | IOException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return UNUSABLE;
        }
        out = out == null && emulated != null ? EMULATED_RUN_OUT : outputDirectory(out, quick);
        Path reportFile = report != null ? report : reportFile(out);
        double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        long startNanos = System.nanoTime();
        BenchProgress progress = new BenchProgress(err, startNanos);
        List<CellResult> results;
        List<WireSize> wireSizes;
        ToxiproxyServer toxiproxy = null;
        try {
            if (tcpLinks.equals("toxiproxy")) {
                toxiproxy = ToxiproxyServer.start(installToxiproxy());
            } else if (!tcpLinks.equals("relay")) {
                err.println("error: --tcp-links is relay or toxiproxy, not " + tcpLinks);
                err.flush();
                return UNUSABLE;
            }
            results = (emulated != null ? new SessionBench(grids, emulated)
                    : new SessionBench(grids, seed, toxiproxy)).run(progress);
            wireSizes = WireSizes.measure();
        } catch (IOException e) {
            progress.end();
            err.println("error: " + e.getMessage());
            err.flush();
            return SESSION_PROBLEM;
        } finally {
            if (toxiproxy != null) {
                toxiproxy.close();
            }
        }
        progress.end();
        RunInfo run = new RunInfo(commandLine(), started.toString(), (System.nanoTime() - startNanos) / 1e9,
                Runtime.getRuntime().availableProcessors(), loadBefore,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.version"), quick,
                emulated != null ? "emulated (hhfr-link)" : tcpLinks, results.stream().filter(r -> !r.isClean()).count());
        try {
            for (Path file : BenchOutput.write(out, reportFile, run, results, wireSizes)) {
                stdout.println("wrote " + file);
            }
        } catch (IOException e) {
            err.println("error: the results could not be written: " + e.getMessage());
            err.flush();
            return UNUSABLE;
        }
        stdout.flush();
        long unclean = results.stream().filter(r -> !r.isClean()).count();
        if (unclean > 0) {
            err.println("error: " + unclean + " cells had wrong answers or ended on another transport");
            err.flush();
            return SESSION_PROBLEM;
        }
        return 0;
    }

    /** {@code --report-only}: the figures and the report of a saved run. */
    private static int reportOnly(Path sessionsJson, Path reportFile, PrintWriter stdout, PrintWriter err) {
        try {
            for (Path file : BenchOutput.rerender(sessionsJson, reportFile)) {
                stdout.println("wrote " + file);
            }
            stdout.flush();
            return 0;
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return UNUSABLE;
        }
    }

    /**
     * The grids to run: --quick's two parts, or the full plan's parts. --profile keeps the parts (and their
     * dimensions) of those profiles, and runs the first part's dimensions on a profile no part has; the other
     * selections replace that dimension in every part kept.
     */
    private List<BenchGrid> grids() {
        List<BenchGrid> plan = quick ? List.of(BenchGrid.quickLoopback(), BenchGrid.quickPoi(), BenchGrid.quickThreeG())
                : BenchGrid.full();
        List<NetworkProfile> chosen = profiles.isEmpty() ? null
                : mapped(profiles, links.equals("emulated") ? NetworkProfile::emulatedNamed : NetworkProfile::named);
        List<BenchGrid> grids = new ArrayList<>();
        Set<NetworkProfile> covered = new HashSet<>();
        for (BenchGrid part : plan) {
            List<NetworkProfile> kept = chosen == null ? part.profiles()
                    : part.profiles().stream().filter(chosen::contains).toList();
            if (!kept.isEmpty()) {
                grids.add(selected(part.withProfiles(kept)));
                covered.addAll(kept);
            }
        }
        if (chosen != null) {
            List<NetworkProfile> missing = chosen.stream().filter(p -> !covered.contains(p)).distinct().toList();
            if (!missing.isEmpty()) {
                grids.add(selected(plan.get(0).withProfiles(missing)));
            }
        }
        return grids;
    }

    private BenchGrid selected(BenchGrid grid) {
        if (!modes.isEmpty()) {
            grid = grid.withModes(mapped(modes, BenchMode::named));
        }
        if (!workloads.isEmpty()) {
            grid = grid.withWorkloads(mapped(workloads, SessionWorkload::named));
        }
        if (!sizes.isEmpty()) {
            grid = grid.withArraySizes(sizes);
        }
        if (!messages.isEmpty()) {
            grid = grid.withMessageCounts(messages);
        }
        return repeats == null ? grid : grid.withRepeats(repeats);
    }

    private static <T> List<T> mapped(List<String> names, Function<String, T> lookUp) {
        List<T> values = new ArrayList<>();
        for (String name : names) {
            values.add(lookUp.apply(name.trim()));
        }
        return values;
    }

    /** Runs the install script (idempotent) and returns the binary it printed. */
    private static Path installToxiproxy() throws IOException {
        Path script = Path.of("benchmarks", "scripts", "install-toxiproxy.sh");
        if (!Files.isExecutable(script)) {
            throw new IOException("no " + script + " here: run hhfr bench --tcp-links toxiproxy from the repository root");
        }
        Process install = new ProcessBuilder(script.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String output = new String(install.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        try {
            if (!install.waitFor(10, TimeUnit.MINUTES) || install.exitValue() != 0) {
                install.destroy();
                throw new IOException(script + " failed");
            }
        } catch (InterruptedException e) {
            install.destroy();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while installing Toxiproxy");
        }
        return Path.of(output.substring(output.lastIndexOf('\n') + 1));
    }

    /** The command as typed. */
    private String commandLine() {
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        return args.isEmpty() ? "./hhfr bench" : "./hhfr bench " + String.join(" ", args);
    }
}
