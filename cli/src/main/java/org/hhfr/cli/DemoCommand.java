package org.hhfr.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.hhfr.axis.server.ConsoleLogging;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.ServerSettings;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hhfr demo}: HHFR on one machine in a few seconds. Starts the embedded server on free ports, runs
 * string-concat and float-sum sessions of 1, 10 and 100 messages over SOAP, HHFR TCP and HHFR UDP with the
 * client library, prints what each cost, and stops the server.
 */
@Command(name = "demo",
        mixinStandardHelpOptions = true,
        description = {
            "Run sample sessions in every mode on an embedded server and compare them.",
            "Starts an HHFR server on free local ports, runs StringConcat.concat and",
            "FloatSum.sum sessions of 1, 10 and 100 messages over soap, hhfr-tcp and",
            "hhfr-udp, and prints a table: mode, service, messages, time and bytes",
            "(measured as 'hhfr call' measures them) and the result. Stops the server at",
            "the end."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:every session answered correctly in the mode it asked for",
            "1:a session failed, answered wrongly or fell back to another mode", "2:the server could not start"})
final class DemoCommand implements Callable<Integer> {
    static final int SESSION_FAILED = 1;
    static final int CANNOT_START = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "print a JSON array of the sessions instead of a table")
    private boolean json;

    @Override
    public Integer call() {
        ConsoleLogging.quiet();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        HhfrServer server;
        try {
            server = HhfrServer.start(ServerSettings.builder().port(0).streams("127.0.0.1", null, 0, 0).build());
        } catch (IOException | IllegalArgumentException e) {
            err.println("error: the demo server could not start: " + e.getMessage());
            err.flush();
            return CANNOT_START;
        }
        List<SessionReport> reports = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        try {
            String base = "http://127.0.0.1:" + server.port();
            if (!json) {
                out.println("HHFR demo: server on " + base + ", sessions over soap, hhfr-tcp and hhfr-udp");
                out.println();
                out.flush();
            }
            for (DemoSession session : DemoSession.all()) {
                try {
                    SessionReport report = session.run(base);
                    reports.add(report);
                    String problem = session.problemWith(report);
                    if (problem != null) {
                        problems.add(problem);
                    }
                } catch (IOException | IllegalArgumentException e) {
                    problems.add(session + ": " + e.getMessage());
                }
            }
        } finally {
            server.close();
        }
        out.print(json ? DemoTable.json(reports) : DemoTable.text(reports));
        out.flush();
        for (String problem : problems) {
            err.println("error: " + problem);
        }
        err.flush();
        return problems.isEmpty() ? 0 : SESSION_FAILED;
    }
}
