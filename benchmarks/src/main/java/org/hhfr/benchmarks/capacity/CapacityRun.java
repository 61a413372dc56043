package org.hhfr.benchmarks.capacity;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoopGroup;
import org.hhfr.benchmarks.session.SessionWorkload;
import org.hhfr.benchmarks.transport.PeerProcess;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.transports.netty.NettyStreamClient;

/**
 * One configuration of the capacity run: a fresh server JVM ({@link CapacityServer}) with the given context
 * store, then in this JVM the sessions over one transport. The server's heap (after full collections) and
 * threads are read with no session, with half the sessions idle (opened, one call made and answered, then
 * silent), with all of them idle and with all of them sending: the heap an idle session takes is the growth from
 * half to all, over the sessions added, which leaves out what the server's pools (HTTP request threads,
 * dispatch threads) take once as they fill up. Server CPU while idle; latency and server CPU over the
 * measurement window, after a warm-up.
 */
final class CapacityRun {
    private static final long SERVER_START_MILLIS = 120_000;
    private static final long HEAP_MILLIS = 120_000;
    private static final long SETTLE_MILLIS = 3_000;
    /** How long the server's CPU is read with every session idle, after settling. */
    private static final long IDLE_MILLIS = 5_000;
    private static final int HISTOGRAM_LINES = 300;

    private final CapacityOptions options;
    private final Path out;
    private final PrintWriter progress;

    CapacityRun(CapacityOptions options, Path out, PrintWriter progress) {
        this.options = options;
        this.out = out;
        this.progress = progress;
    }

    CapacityResult run(String store, String transport) throws IOException, InterruptedException {
        String name = fileName(store) + "-" + transport;
        List<String> parameters = new ArrayList<>(options.serverParameters(store));
        try (PeerProcess server = PeerProcess.start("server " + name, CapacityServer.class,
                options.serverJvmOptions(), parameters, out.resolve("server-" + name + ".log"))) {
            int httpPort = Integer.parseInt(server.await("READY", SERVER_START_MILLIS)[1]);
            EventLoopGroup group = NettyStreamClient.eventLoopGroup(options.clientThreads());
            try {
                SessionOpener opener = new SessionOpener(httpPort, transportUri(transport), group,
                        options.arraySize());
                List<SessionWorkload> workloads = options.workloads();
                opener.prime(workloads);
                long heapBaseline = number(server, "HEAP");
                long threadsBaseline = number(server, "THREADS");
                inspectHeap(server, name + "-baseline");
                say(name + ": baseline heap " + heapBaseline / 1024 + " KiB, " + threadsBaseline + " threads; "
                        + "opening " + options.sessions() + " sessions");
                SessionFleet fleet = new SessionFleet(opener, group, workloads);
                try {
                    Tally tally = new Tally();
                    int half = options.sessions() / 2;
                    long openStart = System.nanoTime();
                    fleet.open(half, options.openConcurrency(), tally,
                            open -> say(name + ": " + open + " sessions open"));
                    long firstHalfNanos = System.nanoTime() - openStart;
                    Thread.sleep(SETTLE_MILLIS);
                    long heapHalf = number(server, "HEAP");
                    inspectHeap(server, name + "-half");
                    say(name + ": " + half + " sessions idle, heap " + heapHalf / 1024 + " KiB");
                    openStart = System.nanoTime();
                    fleet.open(options.sessions() - half, options.openConcurrency(), tally,
                            open -> say(name + ": " + open + " sessions open"));
                    double openSeconds = (firstHalfNanos + System.nanoTime() - openStart) / 1e9;
                    say(String.format("%s: %d sessions open in %.1f s", name, fleet.size(), openSeconds));
                    Thread.sleep(SETTLE_MILLIS);
                    long idleCpuBefore = number(server, "CPU");
                    long idleThreadsCpuBefore = number(server, "THREADS_CPU");
                    long idleStart = System.nanoTime();
                    Thread.sleep(IDLE_MILLIS);
                    long idleCpu = number(server, "CPU") - idleCpuBefore;
                    long idleThreadsCpu = number(server, "THREADS_CPU") - idleThreadsCpuBefore;
                    double idleNanos = System.nanoTime() - idleStart;
                    double idleCpuShare = idleCpu / idleNanos;
                    double idleThreadsCpuShare = idleThreadsCpu / idleNanos;
                    long heapIdle = number(server, "HEAP");
                    long threadsIdle = number(server, "THREADS");
                    inspectHeap(server, name + "-idle");
                    say(name + ": idle heap " + heapIdle / 1024 + " KiB, " + threadsIdle + " threads; calls start");

                    Latencies latencies = new Latencies((int) Math.min(Integer.MAX_VALUE - 8,
                            2L * options.sessions() * options.measureSeconds() * 1000 / options.periodMillis()));
                    fleet.startCalls(options.periodMillis(), latencies, tally);
                    Thread.sleep(TimeUnit.SECONDS.toMillis(options.warmupSeconds()));
                    long answeredBefore = tally.answeredCount();
                    long cpuBefore = number(server, "CPU");
                    long dropsBefore = UdpDrops.sinceBoot();
                    long clientCpuBefore = ownCpuNanos();
                    long measureStart = System.nanoTime();
                    latencies.start();
                    Thread.sleep(TimeUnit.SECONDS.toMillis(options.measureSeconds()));
                    latencies.stop();
                    long cpuAfter = number(server, "CPU");
                    long clientCpu = ownCpuNanos() - clientCpuBefore;
                    long drops = dropsBefore < 0 ? -1 : UdpDrops.sinceBoot() - dropsBefore;
                    double measureSeconds = (System.nanoTime() - measureStart) / 1e9;
                    long answered = tally.answeredCount() - answeredBefore;
                    long threadsActive = number(server, "THREADS");
                    long heapActive = number(server, "HEAP");
                    fleet.stopCalls();
                    Latencies.Percentiles percentiles = latencies.percentiles();
                    CapacityResult result = new CapacityResult(store, transport, fleet.size(), openSeconds,
                            heapBaseline, half, heapHalf, heapIdle, heapActive, threadsBaseline, threadsIdle,
                            threadsActive, idleCpuShare, idleThreadsCpuShare, measureSeconds, answered,
                            percentiles.millis(0.5), percentiles.millis(0.99), percentiles.maxMillis(), cpuAfter - cpuBefore, clientCpu,
                            drops, tally.wrongCount() + tally.failedCount(),
                            tally.firstProblem());
                    say(String.format("%s: %.0f msg/s, p50 %.2f ms, p99 %.2f ms, %d wrong or failed", name,
                            result.messagesPerSecond(), result.p50Millis(), result.p99Millis(), result.wrong()));
                    return result;
                } finally {
                    fleet.closeAll(30_000);
                }
            } finally {
                group.shutdownGracefully(0, 2, TimeUnit.SECONDS).await(10, TimeUnit.SECONDS);
            }
        }
    }

    /** This JVM's CPU time: the load generator's. */
    private static long ownCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static long number(PeerProcess server, String command) throws IOException, InterruptedException {
        return Long.parseLong(server.request(command, HEAP_MILLIS)[1]);
    }

    /**
     * Saves the server's heap histogram (jcmd GC.class_histogram), its first lines, as histogram-{@code label}.txt:
     * compared with the baseline's, it says what the sessions hold. With heap dumps asked for, also
     * heap-{@code label}.hprof.
     */
    private void inspectHeap(PeerProcess server, String label) throws IOException, InterruptedException {
        List<String> histogram = jcmd(server, "GC.class_histogram");
        Files.write(out.resolve("histogram-" + label + ".txt"), histogram.subList(0,
                Math.min(HISTOGRAM_LINES, histogram.size())), StandardCharsets.UTF_8);
        if (options.heapDumps()) {
            jcmd(server, "GC.heap_dump", out.resolve("heap-" + label + ".hprof").toAbsolutePath().toString());
        }
    }

    private static List<String> jcmd(PeerProcess server, String... command) throws IOException,
            InterruptedException {
        List<String> arguments = new ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "jcmd").toString(), String.valueOf(server.pid())));
        arguments.addAll(List.of(command));
        Process process = new ProcessBuilder(arguments).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("jcmd " + String.join(" ", command) + " did not finish within 120 s");
        }
        return new String(output, StandardCharsets.UTF_8).lines().toList();
    }

    private void say(String line) {
        progress.println(line);
        progress.flush();
    }

    private static String transportUri(String transport) {
        switch (transport) {
            case "tcp":
                return HhfrUris.TRANSPORT_TCP;
            case "udp":
                return HhfrUris.TRANSPORT_UDP;
            default:
                throw new IllegalArgumentException("a transport is tcp or udp, not " + transport);
        }
    }

    /** The store's name as a file name part: "memory", "redis-127.0.0.1-6379". */
    private static String fileName(String store) {
        return store.replaceAll("[^A-Za-z0-9.]+", "-").replaceAll("-+$", "");
    }
}
