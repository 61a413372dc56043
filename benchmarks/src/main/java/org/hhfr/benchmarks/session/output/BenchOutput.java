package org.hhfr.benchmarks.session.output;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.hhfr.benchmarks.session.CellResult;
import org.hhfr.benchmarks.session.WireSize;

/**
 * Everything a run leaves behind: {@code sessions.json} and {@code sessions.csv} in the output directory, the
 * plots under its {@code plots/}, and the Markdown report (which links the plots relative to itself).
 */
public final class BenchOutput {
    private BenchOutput() {
    }

    /** @return the files written, the report last */
    public static List<Path> write(Path directory, Path report, RunInfo run, List<CellResult> results,
            List<WireSize> wireSizes) throws IOException {
        ResultFiles.write(directory, results);
        List<Path> written = new ArrayList<>(List.of(directory.resolve("sessions.json"),
                directory.resolve("sessions.csv")));
        List<Path> plots = SessionPlots.write(directory.resolve("plots"), results);
        written.addAll(plots);
        Path reportDirectory = report.toAbsolutePath().getParent();
        List<String> links = new ArrayList<>();
        for (Path plot : plots) {
            links.add(reportDirectory.relativize(plot.toAbsolutePath()).toString().replace('\\', '/'));
        }
        Files.createDirectories(reportDirectory);
        Files.writeString(report, ResultsMarkdown.render(run, results, wireSizes, links), StandardCharsets.UTF_8);
        written.add(report);
        return written;
    }
}
