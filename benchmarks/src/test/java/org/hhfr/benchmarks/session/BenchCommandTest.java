package org.hhfr.benchmarks.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

class BenchCommandTest {
    @TempDir
    Path out;

    @Test
    void aSmallGridWritesRowsWithTheSessionFieldsTheReportAndAProgressLine() throws Exception {
        StringWriter err = new StringWriter();
        int exit = run(err, "--profile", "loopback", "--modes", "hhfr-tcp,soap-new-conn", "--workloads", "float-sum",
                "--sizes", "10", "--messages", "2", "--repeats", "1", "--out", out.toString());

        assertEquals(0, exit, err.toString());
        assertTrue(err.toString().contains("[########################] 2/2 float-sum loopback soap-new-conn x=10 n=2"),
                err.toString());
        JsonNode rows = new ObjectMapper().readTree(out.resolve("sessions.json").toFile());
        assertEquals(2, rows.size());
        List<String> modes = new ArrayList<>();
        for (JsonNode row : rows) {
            for (String field : List.of("workload", "profile", "mode", "array_size", "messages", "session_ms",
                    "bytes_up", "bytes_down", "payload_bytes", "lower_bound_ms")) {
                assertTrue(row.has(field), field + " missing in " + row);
            }
            assertEquals(2 * (10 * 4 + 4), row.get("payload_bytes").asInt());
            assertEquals(0, row.get("wrong_answers").asInt());
            modes.add(row.get("mode").asText());
        }
        assertEquals(List.of("hhfr-tcp", "soap-new-conn"), modes);
        assertEquals(3, Files.readAllLines(out.resolve("sessions.csv")).size());
        String report = Files.readString(out.resolve("RESULTS.md"));
        assertTrue(report.contains("relay-shaped run (the bench's own relays on 127.0.0.1 shape every path) of "), report);
        assertTrue(report.contains("`./hhfr bench --profile loopback --modes"), report);

        Files.delete(out.resolve("RESULTS.md"));
        assertEquals(0, run(err, "--report-only", out.resolve("sessions.json").toString()), err.toString());
        assertEquals(report, Files.readString(out.resolve("RESULTS.md")));
    }

    @Test
    void emulatedLinksRefuseToxiproxyAndTheEncryptedModesAndCapturesNeedThemWithExitTwoAndTheReason() {
        StringWriter err = new StringWriter();
        assertEquals(BenchCommand.UNUSABLE, run(err, "--links", "emulated", "--tcp-links", "toxiproxy",
                "--profile", "3g", "--out", out.toString()));
        assertTrue(err.toString().contains("--tcp-links toxiproxy shapes the relays' paths")
                || err.toString().contains("--links emulated cannot run here: "), err.toString());

        StringWriter encrypted = new StringWriter();
        assertEquals(BenchCommand.UNUSABLE, run(encrypted, "--links", "emulated", "--modes",
                "hhfr-tcp-tls-warm-pipelined", "--out", out.toString()));
        assertTrue(encrypted.toString().contains("the encrypted modes run over the relays only"), encrypted.toString());

        StringWriter unknown = new StringWriter();
        assertEquals(BenchCommand.UNUSABLE, run(unknown, "--links", "tin-cans", "--out", out.toString()));
        assertTrue(unknown.toString().contains("--links is relay or emulated, not tin-cans"), unknown.toString());

        StringWriter captures = new StringWriter();
        assertEquals(BenchCommand.UNUSABLE, run(captures, "--pcap", out.resolve("pcap").toString(), "--out",
                out.toString()));
        assertTrue(captures.toString().contains("--pcap needs --links emulated"), captures.toString());
    }

    @Test
    void anUnknownModeExitsWithTwoAndNamesTheKnownOnes() {
        StringWriter err = new StringWriter();
        int exit = run(err, "--modes", "hhfr-carrier-pigeon", "--out", out.toString());

        assertEquals(BenchCommand.UNUSABLE, exit);
        assertTrue(err.toString().contains("no mode 'hhfr-carrier-pigeon' (known: hhfr-tcp, hhfr-tcp-warm,"),
                err.toString());
    }

    private static int run(StringWriter err, String... args) {
        return new CommandLine(new BenchCommand()).setOut(new PrintWriter(new StringWriter(), true))
                .setErr(new PrintWriter(err, true)).execute(args);
    }

    @Test
    void aQuickRunNeverOverwritesTheCommittedFullRun() {
        Path quickOut = BenchCommand.outputDirectory(null, true);
        assertEquals(Path.of("benchmarks/target/bench-quick"), quickOut);
        assertEquals(Path.of("benchmarks/target/bench-quick/RESULTS.md"), BenchCommand.reportFile(quickOut));
        Path fullOut = BenchCommand.outputDirectory(null, false);
        assertEquals(Path.of("benchmarks/RESULTS.md"), BenchCommand.reportFile(fullOut));
        assertEquals(Path.of("/tmp/x/RESULTS.md"), BenchCommand.reportFile(BenchCommand.outputDirectory(Path.of("/tmp/x"), true)));
    }
}
