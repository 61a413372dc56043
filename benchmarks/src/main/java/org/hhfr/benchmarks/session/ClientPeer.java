package org.hhfr.benchmarks.session;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.hhfr.axis.server.ConsoleLogging;
import org.hhfr.benchmarks.link.EmulatedLink;

/**
 * The client JVM of {@code hhfr bench --links emulated}, run behind {@code hhfr-link} by {@link EmulatedSessions}:
 * runs sessions on command against the servers across the link ({@link EmulatedPaths}) with the same
 * {@link SessionRunner} as the relays' runs, and answers with what it measured. One line per command and answer
 * on standard input and output:
 *
 * <pre>
 * (start)                          -> ready
 * run WORKLOAD MODE X N            -> run MILLIS BYTES_UP BYTES_DOWN CONNECTIONS CPU_MILLIS ENDED_ON WRONG
 *                                     PACKETS_UP PACKETS_DOWN
 * STOP                             -> the JVM exits
 * </pre>
 *
 * A session that fails is answered {@code failed REASON}. Arguments: the profile's name, the HTTP, gRPC and REST
 * ports; the servers' host is {@value EmulatedLink#SERVER_ADDRESS_ENV}.
 */
public final class ClientPeer {
    /** Beyond the round trip, how long the link must stand still before its counters are read. */
    private static final long QUIET_MARGIN_MILLIS = 50;

    private ClientPeer() {
    }

    public static void main(String[] args) throws IOException {
        ConsoleLogging.quiet();
        PrintStream answers = System.out;
        System.setOut(System.err); // nothing a library prints may pass for an answer
        String host = System.getenv(EmulatedLink.SERVER_ADDRESS_ENV);
        if (host == null || args.length != 4) {
            answers.println("failed usage: hhfr-link ... -- java ClientPeer PROFILE HTTP_PORT GRPC_PORT REST_PORT "
                    + "(with " + EmulatedLink.SERVER_ADDRESS_ENV + " set by hhfr-link)");
            System.exit(2);
        }
        NetworkProfile profile = NetworkProfile.emulatedNamed(args[0]);
        NamespaceCounters counters = new NamespaceCounters(Math.round(profile.rttMillis()) + QUIET_MARGIN_MILLIS);
        NamespaceCounters.now(); // fails here, before "ready", outside a namespace
        String control = System.getenv(LinkControl.ENV);
        if (control == null) {
            answers.println("failed " + LinkControl.ENV + " is not set: hhfr-link is older than this harness "
                    + "(mvn -q -pl link-emulator install builds it again)");
            System.exit(2);
        }
        EmulatedPaths paths = new EmulatedPaths(host, Integer.parseInt(args[1]), Integer.parseInt(args[2]),
                Integer.parseInt(args[3]), counters, LinkControl.connect(Path.of(control)));
        SessionRunner runner = new SessionRunner(paths);
        answers.println("ready");
        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = commands.readLine()) != null && !line.equals("STOP"); ) {
            answers.println(answer(runner, profile, line.split(" ")));
        }
        System.exit(0);
    }

    private static String answer(SessionRunner runner, NetworkProfile profile, String[] command) {
        if (command.length != 5 || !command[0].equals("run")) {
            return "failed unknown command " + String.join(" ", command);
        }
        try {
            Cell cell = new Cell(SessionWorkload.named(command[1]), profile, BenchMode.named(command[2]),
                    Integer.parseInt(command[3]), Integer.parseInt(command[4]));
            SessionSample s = runner.run(cell);
            return "run " + s.sessionMillis() + " " + s.bytesUp() + " " + s.bytesDown() + " " + s.connections() + " "
                    + s.clientCpuMillis() + " " + s.endedOn() + " " + s.wrongAnswers() + " " + s.packetsUp() + " "
                    + s.packetsDown();
        } catch (IOException | RuntimeException e) {
            e.printStackTrace();
            return "failed " + String.valueOf(e.getMessage()).replace('\n', ' ');
        }
    }
}
