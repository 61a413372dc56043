package org.hhfr.benchmarks.transport;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;

/**
 * The entry point of a contender's server or client JVM, driven by {@link TransportShootout} over standard input
 * and output, one line per command and per answer:
 *
 * <pre>
 * server CONTENDER HOST                            -> READY port
 * client CONTENDER HOST PORT TICKET WINDOW LIMIT   -> READY, then DONE when LIMIT (if not 0) replies arrived
 * TICKET  -> TICKET text        (server: a new client's session)
 * SAMPLE  -> SAMPLE cpuNanos count   (process CPU time so far; requests received / replies received)
 * STOP    -> STOPPED, then the JVM exits
 * </pre>
 *
 * A failure is answered {@code FAILED reason} and the JVM exits with 1. Process CPU time is the whole JVM's:
 * I/O threads, application threads, the garbage collector and the JIT.
 */
public final class PeerMain {
    private PeerMain() {
    }

    public static void main(String[] args) throws Exception {
        try {
            if (args.length == 3 && args[0].equals("server")) {
                runServer(Contender.byCliName(args[1]), args[2]);
            } else if (args.length == 7 && args[0].equals("client")) {
                runClient(Contender.byCliName(args[1]), args[2], Integer.parseInt(args[3]), args[4],
                        Integer.parseInt(args[5]), Long.parseLong(args[6]));
            } else {
                throw new IllegalArgumentException("usage: server CONTENDER HOST | "
                        + "client CONTENDER HOST PORT TICKET WINDOW LIMIT");
            }
        } catch (Exception e) {
            e.printStackTrace();
            answer("FAILED " + e);
            System.exit(1);
        }
        System.exit(0);
    }

    private static void runServer(Contender contender, String host) throws Exception {
        try (ServerSide server = contender.startServer(host)) {
            answer("READY " + server.port());
            BufferedReader commands = commands();
            String command;
            while ((command = commands.readLine()) != null && !command.equals("STOP")) {
                if (command.equals("TICKET")) {
                    answer("TICKET " + server.newTicket());
                } else if (command.equals("SAMPLE")) {
                    answer("SAMPLE " + processCpuNanos() + " " + server.received());
                } else {
                    answer("FAILED unknown command " + command);
                }
            }
        }
        answer("STOPPED");
    }

    private static void runClient(Contender contender, String host, int port, String ticket, int window,
                                  long limit) throws Exception {
        try (ClientSide client = contender.startClient(host, port, ticket, window, limit)) {
            client.done().whenComplete((ignored, failure) ->
                    answer(failure == null ? "DONE" : "FAILED " + failure));
            answer("READY");
            BufferedReader commands = commands();
            String command;
            while ((command = commands.readLine()) != null && !command.equals("STOP")) {
                if (command.equals("SAMPLE")) {
                    answer("SAMPLE " + processCpuNanos() + " " + client.completed());
                } else {
                    answer("FAILED unknown command " + command);
                }
            }
        }
        answer("STOPPED");
    }

    private static BufferedReader commands() {
        return new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static void answer(String line) {
        synchronized (System.out) {
            System.out.println(line);
            System.out.flush();
        }
    }
}
