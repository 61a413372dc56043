package org.hhfr.benchmarks.session.output;

import static org.hhfr.benchmarks.session.output.HandMadeCells.floatSum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.hhfr.benchmarks.session.CellResult;
import org.hhfr.benchmarks.session.NetworkProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsMarkdownTest {
    private static final RunInfo RUN = new RunInfo("./hhfr bench", "2026-11-21T08:49:34Z", 4379, 2, 3.78, 1.71,
            "OpenJDK 17", false, "relay", 0);

    @TempDir
    Path directory;

    /** A small grid on 3g and loopback: HHFR cold and warm, SOAP and gRPC at x = 1, 100 and n = 1, 100. */
    private static List<CellResult> grid() {
        List<CellResult> cells = new ArrayList<>();
        for (NetworkProfile profile : List.of(NetworkProfile.THREE_G, NetworkProfile.LOOPBACK)) {
            double rtt = Math.max(profile.rttMillis(), 1);
            for (int x : new int[] {1, 100}) {
                for (int n : new int[] {1, 100}) {
                    cells.add(floatSum(profile, "hhfr-tcp", x, n, rtt * (3 + n) + x));
                    cells.add(floatSum(profile, "hhfr-udp-warm-pipelined", x, n, rtt * 1.2 + x * n / 100.0));
                    cells.add(floatSum(profile, "soap-new-conn", x, n, rtt * 2 * n + 5 * x * n));
                    cells.add(floatSum(profile, "grpc-bidi", x, n, rtt * 2 + x * n / 50.0));
                }
            }
        }
        return cells;
    }

    @Test
    void thePageHasFiveCaptionedFiguresOrTheRunThatMakesThemAndNoCellTable() throws Exception {
        Path report = directory.resolve("RESULTS.md");

        List<Path> written = BenchOutput.write(directory.resolve("results"), report, RUN, grid(), List.of());
        String page = Files.readString(report);

        for (String figure : List.of("### Figure 1. Round-trip time per message against array size",
                "### Figure 2. Session time against message count",
                "### Figure 3. HHFR beside gRPC-java and SOAP on every network profile",
                "### Figure 5. Bytes on the wire per message")) {
            assertTrue(page.contains(figure), figure + " in\n" + page);
        }
        assertTrue(page.contains("### Figure 4. Behaviour under loss\n\nLeft out: no profile with loss in this run."),
                page);
        assertEquals(4, page.split("\\*Figure \\d\\.\\* ", -1).length - 1, page);
        assertEquals(4, written.stream().filter(file -> file.toString().endsWith(".png")).count(), written.toString());
        for (Path file : written) {
            assertTrue(Files.size(file) > 0, file.toString());
        }
        // Captions come from the cells: hhfr-tcp (3 + n round trips) overtakes soap-new-conn (2n round trips)
        // with one message only once the arrays are large, and the fastest mode at n=100 is named.
        assertTrue(page.contains("With n=1, hhfr-tcp (cold, one call after the other, as the paper's HHFR) is "
                + "faster than soap-new-conn (the paper's SOAP) from x = 100 on"), page);
        assertTrue(page.contains("the fastest mode drawn, hhfr-udp-warm-pipelined, takes"), page);
        assertTrue(page.contains("relay-shaped run (the bench's own relays on 127.0.0.1 shape every path) of "
                + "2026-11-21"), page);
        // The grid is linked as CSV, not written into the page.
        assertTrue(page.contains("(results/sessions.csv)"), page);
        assertFalse(page.contains("| x | n |"), page);
        assertTrue(page.lines().filter(line -> line.startsWith("|")).count() < 20, page);
    }

    @Test
    void aSavedRunRendersTheSamePageAgain() throws Exception {
        Path results = directory.resolve("results");
        Path report = directory.resolve("RESULTS.md");
        BenchOutput.write(results, report, RUN, grid(), List.of());
        String first = Files.readString(report);
        Files.delete(report);

        BenchOutput.rerender(results.resolve("sessions.json"), report);

        assertEquals(first, Files.readString(report));
    }

    @Test
    void aSavedRunWithoutItsRunDescriptionSaysSo() throws Exception {
        Path results = directory.resolve("results");
        Path report = directory.resolve("RESULTS.md");
        BenchOutput.write(results, report, RUN, grid(), List.of());
        Files.delete(results.resolve("run.json"));

        BenchOutput.rerender(results.resolve("sessions.json"), report);

        assertTrue(Files.readString(report).contains("when and how that run was made was not saved with it"));
    }

    @Test
    void profilesWithLossGetTheLossFigureWithTheSlowdownOfEachMode() throws Exception {
        List<CellResult> cells = new ArrayList<>();
        int loss = 0;
        for (String profile : List.of("3g", "3g-loss1", "3g-loss3")) {
            NetworkProfile link = new NetworkProfile(profile, 150, 1_000_000, 384_000);
            cells.add(floatSum(link, "hhfr-udp-pipelined", 100, 10, 1000 + 100 * loss));
            cells.add(floatSum(link, "hhfr-tcp-pipelined", 100, 10, 1000 + 500 * loss));
            loss = profile.equals("3g") ? 1 : 3;
        }
        Path report = directory.resolve("RESULTS.md");

        BenchOutput.write(directory.resolve("results"), report, RUN, cells, List.of());
        String page = Files.readString(report);

        assertTrue(page.contains("![Figure 4: Behaviour under loss](results/plots/fig4-loss-3g.png)"), page);
        assertTrue(page.contains("From no loss to 3%, sessions take longer by: hhfr-tcp-pipelined 2.50x, "
                + "hhfr-udp-pipelined 1.30x. At 3% hhfr-udp-pipelined is 1.92x as fast as hhfr-tcp-pipelined."), page);
        assertTrue(page.contains("| 3g-loss3 | met | 1.92x,"), page);
        assertTrue(Files.size(directory.resolve("results/plots/fig4-loss-3g.png")) > 0);
    }

    @Test
    void aTraceDrivenRunNamesItsTracesAndTheirSourceAndBoundsOnTheirOpportunities() throws Exception {
        NetworkProfile umts = NetworkProfile.emulatedNamed("umts-trace");
        List<CellResult> cells = new ArrayList<>();
        for (int n : new int[] {1, 10}) {
            double bound = umts.lowerBoundMillis(4L * n, 4L * n);
            cells.add(floatSum(umts, "hhfr-udp-warm-pipelined", 1, n, bound * 1.05));
            cells.add(floatSum(umts, "hhfr-tcp-pipelined", 1, n, bound * 1.4));
            cells.add(floatSum(umts, "grpc-bidi", 1, n, bound * 1.3));
        }
        Path report = directory.resolve("RESULTS.md");

        BenchOutput.write(directory.resolve("results"), report, RUN, cells, List.of());
        String page = Files.readString(report);

        assertTrue(page.contains("Trace-driven links: `umts-trace`, 150 ms round trip, each direction driven by its "
                + "trace of TMobile-UMTS-driving (T-Mobile UMTS (3G), driving; 2.0 Mbit/s down, 0.94 up on average), "
                + "first uplink opportunity 637 ms into the trace. The traces are Mahimahi's traces (Winstein, "
                + "Sivaraman, Balakrishnan, NSDI 2013)"), page);
        assertTrue(page.contains("with the link's lower bound dotted (set-up, one round trip and the payload at the "
                + "delivery opportunities of the link's traces, from their start)"), page);
        assertTrue(page.contains("| best HHFR mode at most grpc-bidi, every float-sum and string-concat cell (cold) "
                + "| umts-trace | **NOT met** |"), page);
        // The bound is the traces': 637 ms before the first request packet can leave, not 2 round trips.
        assertTrue(umts.lowerBoundMillis(4, 4) > 700, Double.toString(umts.lowerBoundMillis(4, 4)));
    }
}
