package org.hhfr.benchmarks.capacity;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.hhfr.axis.server.ConsoleLogging;
import org.hhfr.benchmarks.session.SessionWorkload;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hhfr bench capacity}: the capacity of one server node. A server JVM of its own, and in this JVM
 * thousands of sessions negotiated over SOAP and streamed over one event loop group, each sending one call per
 * period; the server's heap per session, its threads, round-trip percentiles and server CPU per message.
 */
@Command(name = "capacity",
        mixinStandardHelpOptions = true,
        description = {
            "Measure the capacity of one HHFR server node.",
            "Starts the server (the sample services) in a JVM of its own for each context",
            "store and transport, negotiates --sessions sessions over SOAP, opens their",
            "streams from this JVM on a few shared I/O threads, and has each send one",
            "float-sum or string-concat call per --period. Reports the server's heap per idle",
            "and per active session (after full collections), its threads, round-trip p50",
            "and p99, and server CPU per message. Writes DIR/capacity.md and heap histograms.",
            "See benchmarks/README.md."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:every configuration ran, every call answered rightly",
            "1:a session could not be opened, or calls failed or were answered wrongly",
            "2:wrong arguments, or the results could not be written"})
public final class CapacityCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--sessions", paramLabel = "N", defaultValue = "10000",
            description = "sessions open at once (default: ${DEFAULT-VALUE})")
    private int sessions;

    @Option(names = "--transports", split = ",", paramLabel = "T1,T2", defaultValue = "tcp,udp",
            description = "tcp, udp (default: ${DEFAULT-VALUE})")
    private List<String> transports;

    @Option(names = "--stores", split = ",", paramLabel = "S1,S2", defaultValue = "memory",
            description = "context stores, as the server's contextStore parameter takes them: memory, or a "
                    + "Redis URL such as redis://127.0.0.1:6379 (a Redis server must be running there) "
                    + "(default: ${DEFAULT-VALUE})")
    private List<String> stores;

    @Option(names = "--workloads", split = ",", paramLabel = "W1,W2", defaultValue = "float-sum,string-concat",
            description = "float-sum, string-concat: the sessions take them in turn (default: ${DEFAULT-VALUE})")
    private List<String> workloads;

    @Option(names = "--size", paramLabel = "X", defaultValue = "10",
            description = "floats or words per request (default: ${DEFAULT-VALUE})")
    private int size;

    @Option(names = "--period", paramLabel = "MS", defaultValue = "1000",
            description = "each session sends one call per period, in ms (default: ${DEFAULT-VALUE})")
    private long periodMillis;

    @Option(names = "--warmup", paramLabel = "S", defaultValue = "20",
            description = "seconds of calls before the measurement (default: ${DEFAULT-VALUE})")
    private int warmupSeconds;

    @Option(names = "--measure", paramLabel = "S", defaultValue = "30",
            description = "seconds measured (default: ${DEFAULT-VALUE})")
    private int measureSeconds;

    @Option(names = "--open-concurrency", paramLabel = "N", defaultValue = "8",
            description = "sessions negotiated and opened at a time (default: ${DEFAULT-VALUE})")
    private int openConcurrency;

    @Option(names = "--client-threads", paramLabel = "N", defaultValue = "1",
            description = "the load generator's I/O threads, shared by all sessions (default: ${DEFAULT-VALUE})")
    private int clientThreads;

    @Option(names = "--server-jvm", paramLabel = "OPTION", split = " ", defaultValue = "-Xms1g -Xmx2g",
            description = "options of the server's JVM (default: ${DEFAULT-VALUE})")
    private List<String> serverJvm;

    @Option(names = "--module-parameter", paramLabel = "NAME=VALUE",
            description = "an HHFR module parameter for the server besides contextStore, maxSessions and "
                    + "maxSessionsPerAddress (which the run sets: the store, and room for four times the sessions, all "
                    + "from 127.0.0.1); repeatable")
    private List<String> moduleParameters = new ArrayList<>();

    @Option(names = "--heap-dumps",
            description = "also dump the server's heap (jcmd GC.heap_dump) with no session and with the sessions idle")
    private boolean heapDumps;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "benchmarks/target/capacity",
            description = "where capacity.md, the heap histograms and the server logs go (default: ${DEFAULT-VALUE})")
    private Path out;

    @Override
    public Integer call() {
        ConsoleLogging.quiet();
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        CapacityOptions options;
        try {
            List<SessionWorkload> chosen = new ArrayList<>();
            for (String label : workloads) {
                SessionWorkload workload = SessionWorkload.named(label);
                if (workload == SessionWorkload.POI) {
                    throw new IllegalArgumentException("the capacity run's workloads are float-sum and string-concat");
                }
                chosen.add(workload);
            }
            for (String transport : transports) {
                if (!transport.equals("tcp") && !transport.equals("udp")) {
                    throw new IllegalArgumentException("a transport is tcp or udp, not " + transport);
                }
            }
            options = new CapacityOptions(sessions, openConcurrency, periodMillis, warmupSeconds, measureSeconds,
                    size, clientThreads, chosen, serverJvm, moduleParameters, heapDumps);
            Files.createDirectories(out);
        } catch (IllegalArgumentException | IOException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return 2;
        }
        double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        CapacityRun run = new CapacityRun(options, out, err);
        List<CapacityResult> results = new ArrayList<>();
        String failure = null;
        for (String store : stores) {
            for (String transport : transports) {
                try {
                    results.add(run.run(store, transport));
                } catch (IOException e) {
                    failure = store + ", " + transport + ": " + e.getMessage();
                    err.println("error: " + failure);
                    err.flush();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return 1;
                }
            }
        }
        List<String> circumstances = List.of(
                String.format(Locale.ROOT, "Started %s; %d cores, %s %s; load average %.2f before, %.2f after.",
                        started, Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
                        System.getProperty("java.version"), loadBefore,
                        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()),
                String.format(Locale.ROOT, "%,d sessions (%s in turn, size %d), one call per %d ms each; warm-up "
                        + "%d s, measurement %d s; server JVM %s; %d load-generator I/O thread(s).", sessions,
                        String.join(" and ", workloads), size, periodMillis, warmupSeconds, measureSeconds,
                        String.join(" ", serverJvm), clientThreads));
        List<String> report = CapacityReport.markdown(circumstances, results);
        try {
            Files.write(out.resolve("capacity.md"), report, StandardCharsets.UTF_8);
        } catch (IOException e) {
            err.println("error: the results could not be written: " + e.getMessage());
            err.flush();
            return 2;
        }
        report.forEach(stdout::println);
        stdout.println("wrote " + out.resolve("capacity.md"));
        stdout.flush();
        boolean clean = failure == null && results.stream().allMatch(r -> r.wrong() == 0);
        return clean ? 0 : 1;
    }
}
