package org.hhfr.benchmarks.capacity;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import org.hhfr.axis.server.ConsoleLogging;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.ServerSettings;

/**
 * The server JVM of the capacity run: the HHFR server with the sample services (as {@code hhfr serve} runs it),
 * HTTP on a free port, TCP and UDP streams on free ports of 127.0.0.1, every argument a module parameter
 * {@code name=value} set over module.xml (the run raises the session limit and picks the context store this
 * way). Answers the orchestrating JVM's commands on standard input, one line each, on standard output:
 *
 * <ul>
 *   <li>{@code READY <http port>}: once, when serving;</li>
 *   <li>{@code HEAP}: {@code HEAP <bytes>}, the heap in use after full collections (the live set);</li>
 *   <li>{@code THREADS}: {@code THREADS <live threads>} (their names, counted, go to the log);</li>
 *   <li>{@code CPU}: {@code CPU <process CPU time, ns>};</li>
 *   <li>{@code STOP}: closes the server and exits.</li>
 * </ul>
 * Anything else the server prints goes to standard error.
 */
public final class CapacityServer {
    private CapacityServer() {
    }

    public static void main(String[] args) throws IOException {
        PrintStream answers = System.out;
        System.setOut(System.err);
        ConsoleLogging.quiet();
        ServerSettings.Builder settings = ServerSettings.builder().port(0).streams("127.0.0.1", "127.0.0.1", 0, 0);
        for (String parameter : args) {
            int equals = parameter.indexOf('=');
            if (equals < 1) {
                throw new IllegalArgumentException("a module parameter is name=value, not " + parameter);
            }
            settings.moduleParameter(parameter.substring(0, equals), parameter.substring(equals + 1));
        }
        try (HhfrServer server = HhfrServer.start(settings.build())) {
            if (server.moduleFailure() != null) {
                throw new IOException("the HHFR module did not start: " + server.moduleFailure());
            }
            answers.println("READY " + server.port());
            answers.flush();
            BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            String command;
            while ((command = commands.readLine()) != null && !command.equals("STOP")) {
                answers.println(command + " " + answer(command));
                answers.flush();
            }
        }
    }

    /** Writes the live threads to the log, counted by name with the digits left out. */
    private static void logThreadNames() {
        Map<String, Integer> byName = new TreeMap<>();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            byName.merge(thread.getName().replaceAll("[0-9]+", "#"), 1, Integer::sum);
        }
        System.err.println("threads: " + byName);
    }

    /** Each Java thread's CPU time when last read: a thread that has ended keeps what it had spent by then. */
    private static final Map<Long, Long> THREAD_CPU = new HashMap<>();

    /**
     * CPU time of the JVM's Java threads (I/O, dispatch, HTTP, the services), leaving out what the JVM does beside
     * them: its JIT compilers and garbage collector, which are no Java threads. It never falls when a thread ends
     * (the pools let idle threads go), though what one spent after the last reading is not counted.
     */
    private static synchronized long threadsCpuTime() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] ids = threads.getAllThreadIds();
        long[] times = threads.getThreadCpuTime(ids);
        for (int i = 0; i < ids.length; i++) {
            if (times[i] >= 0) {
                THREAD_CPU.put(ids[i], times[i]);
            }
        }
        long total = 0;
        for (long cpu : THREAD_CPU.values()) {
            total += cpu;
        }
        return total;
    }

    private static long answer(String command) {
        switch (command) {
            case "HEAP":
                for (int i = 0; i < 3; i++) {
                    System.gc();
                }
                return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            case "THREADS":
                logThreadNames();
                return ManagementFactory.getThreadMXBean().getThreadCount();
            case "CPU":
                return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                        .getProcessCpuTime();
            case "THREADS_CPU":
                return threadsCpuTime();
            default:
                throw new IllegalArgumentException("unknown command " + command);
        }
    }
}
