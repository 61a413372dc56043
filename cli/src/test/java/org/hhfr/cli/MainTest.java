package org.hhfr.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** The command list, and {@code bench}, which the launcher runs from the benchmarks module. */
class MainTest {
    @Test
    void theCommandListNamesEveryCommandBenchIncluded() {
        StringWriter out = new StringWriter();
        int exit = new CommandLine(new Main()).setOut(new PrintWriter(out, true)).execute("--help");

        assertEquals(0, exit);
        for (String command : new String[] {"schema", "serve", "call", "demo", "bench"}) {
            assertTrue(out.toString().contains("\n  " + command + " "), command + " missing in " + out);
        }
    }

    @Test
    void everyCommandPrintsTheVersionAndKeepsItsOwnHelp() {
        for (String command : new String[] {"schema", "serve", "call", "demo"}) {
            StringWriter version = new StringWriter();
            assertEquals(0, new CommandLine(new Main()).setOut(new PrintWriter(version, true))
                    .execute(command, "--version"), command);
            assertEquals("hhfr 0.1.0", version.toString().trim(), command);

            StringWriter help = new StringWriter();
            new CommandLine(new Main()).setOut(new PrintWriter(help, true)).execute(command, "--help");
            assertTrue(help.toString().startsWith("Usage: hhfr " + command + " "), help.toString());
            assertTrue(!help.toString().contains("fast SOAP streams for mobile clients"), "hhfr's own description");
        }
    }

    @Test
    void benchStartedWithoutTheLauncherSaysHowToRunItAndExitsTwo() {
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new Main()).setErr(new PrintWriter(err, true)).execute("bench", "--quick");

        assertEquals(BenchCommandEntry.NOT_HERE, exit);
        assertTrue(err.toString().contains("start it with ./hhfr bench"), err.toString());
    }

    @Test
    void theCommandLineCarriesNoBenchmarkLibraries() {
        for (String absent : new String[] {"org.hhfr.benchmarks.session.BenchCommand", "io.grpc.ManagedChannel",
            "io.aeron.Aeron", "eu.rekawek.toxiproxy.ToxiproxyClient"}) {
            assertTrue(isMissing(absent), absent + " is on the command line's class path");
        }
    }

    private static boolean isMissing(String className) {
        try {
            Class.forName(className, false, MainTest.class.getClassLoader());
            return false;
        } catch (ClassNotFoundException e) {
            return true;
        }
    }
}
