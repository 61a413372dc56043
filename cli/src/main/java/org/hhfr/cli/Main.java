package org.hhfr.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code ./hhfr} command: a thin front that parses arguments and hands over to the modules. Its version
 * (and help options) reach every subcommand, so {@code ./hhfr call --version} prints it too.
 */
@Command(name = "hhfr",
        scope = CommandLine.ScopeType.INHERIT,
        mixinStandardHelpOptions = true,
        version = "hhfr 0.1.0",
        description = "HHFR: fast SOAP streams for mobile clients.",
        subcommands = {CommandLine.HelpCommand.class, SchemaCommand.class, ServeCommand.class,
            CallCommand.class, DemoCommand.class, BenchCommandEntry.class})
public final class Main implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new Main()).execute(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
