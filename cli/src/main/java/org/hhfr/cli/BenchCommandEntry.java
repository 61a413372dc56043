package org.hhfr.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code hhfr bench} as the command list shows it. The benchmark sessions run in the benchmarks module's own
 * JVM, with the rivals' libraries (gRPC, Aeron, Toxiproxy...) that the other commands never load: the
 * {@code ./hhfr} launcher starts {@code org.hhfr.benchmarks.session.BenchCommand} itself. This entry only runs
 * when the command line is started without the launcher, and says how to run the sessions.
 */
@Command(name = "bench",
        description = {"Run the paper's benchmark sessions over emulated networks, every mode side by side.",
            "Runs in the benchmarks module's own JVM: see ./hhfr bench --help."})
final class BenchCommandEntry implements Callable<Integer> {
    static final int NOT_HERE = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Unmatched
    private List<String> arguments;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        err.println("error: hhfr bench runs in the benchmarks module's own JVM; start it with ./hhfr bench");
        err.flush();
        return NOT_HERE;
    }
}
