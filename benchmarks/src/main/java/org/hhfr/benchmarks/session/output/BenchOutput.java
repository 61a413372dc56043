package org.hhfr.benchmarks.session.output;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.hhfr.benchmarks.session.CellResult;
import org.hhfr.benchmarks.session.WireSize;
import org.hhfr.benchmarks.session.output.ReportFigures.Figure;
import org.hhfr.benchmarks.session.output.ResultFiles.SavedRun;

/**
 * Everything a run leaves behind: {@code sessions.json}, {@code sessions.csv} and {@code run.json} in the output
 * directory, the report's figures under its {@code plots/}, and the Markdown report (which links both relative
 * to itself). {@link #rerender} draws the figures and the report again from a saved {@code sessions.json}.
 */
public final class BenchOutput {
    private BenchOutput() {
    }

    /** @return the files written, the report last */
    public static List<Path> write(Path directory, Path report, RunInfo run, List<CellResult> results,
            List<WireSize> wireSizes) throws IOException {
        ResultFiles.write(directory, run, results, wireSizes);
        List<Path> written = new ArrayList<>(List.of(directory.resolve(ResultFiles.SESSIONS_JSON),
                directory.resolve(ResultFiles.SESSIONS_CSV), directory.resolve(ResultFiles.RUN_JSON)));
        written.addAll(report(directory, report, Optional.of(run), ResultFiles.figures(results), wireSizes));
        return written;
    }

    /**
     * The report of a saved run: the cells of {@code sessionsJson}, and the {@code run.json} beside it if there is
     * one; the figures go to {@code plots/} beside it.
     *
     * @return the files written, the report last
     * @throws IOException unreadable or malformed files, or the report could not be written
     */
    public static List<Path> rerender(Path sessionsJson, Path report) throws IOException {
        Path directory = sessionsJson.toAbsolutePath().getParent();
        Optional<SavedRun> saved = ResultFiles.readRun(directory);
        return report(directory, report, saved.map(SavedRun::run), ResultFiles.readCells(sessionsJson),
                saved.map(SavedRun::wireSizes).orElse(List.of()));
    }

    private static List<Path> report(Path directory, Path report, Optional<RunInfo> run, List<CellFigures> cells,
            List<WireSize> wireSizes) throws IOException {
        Path plots = directory.resolve("plots");
        removeOldPlots(plots);
        List<Figure> figures = new ReportFigures(new RunCells(cells), plots).draw();
        List<Path> written = new ArrayList<>();
        for (Figure figure : figures) {
            figure.image().ifPresent(image -> written.add(plots.resolve(image)));
        }
        Path reportDirectory = report.toAbsolutePath().getParent();
        Files.createDirectories(reportDirectory);
        Files.writeString(report, ResultsMarkdown.render(run, new RunCells(cells), wireSizes, figures,
                relative(reportDirectory, directory.resolve(ResultFiles.SESSIONS_CSV)),
                relative(reportDirectory, plots)), StandardCharsets.UTF_8);
        written.add(report);
        return written;
    }

    /** Removes the images of an earlier report in {@code plots}, so none is left over. */
    private static void removeOldPlots(Path plots) throws IOException {
        if (Files.isDirectory(plots)) {
            try (DirectoryStream<Path> old = Files.newDirectoryStream(plots, "*.png")) {
                for (Path file : old) {
                    Files.delete(file);
                }
            }
        }
    }

    private static String relative(Path from, Path to) {
        return from.relativize(to.toAbsolutePath()).toString().replace('\\', '/');
    }
}
