package org.hhfr.benchmarks.session.output;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

import org.hhfr.benchmarks.session.BenchMode;
import org.hhfr.benchmarks.session.CellResult;
import org.hhfr.benchmarks.session.NetworkProfile;
import org.hhfr.benchmarks.session.SessionWorkload;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * PNG plots in the manner of the paper's Figures 5-9, one set per profile and workload: session time against
 * array size, one plot per message count, and session time against message count, one plot per array size;
 * one line per mode present in the run (HHFR's solid with circles, the other modes dashed with squares), both
 * axes logarithmic. A plot needs at least two points on its x axis.
 */
final class SessionPlots {
    private static final int WIDTH = 800;
    private static final int HEIGHT = 500;

    private SessionPlots() {
    }

    /** Replaces the PNG files of an earlier run in {@code directory}, so none is left over. */
    static List<Path> write(Path directory, List<CellResult> results) throws IOException {
        System.setProperty("java.awt.headless", "true");
        if (Files.isDirectory(directory)) {
            try (DirectoryStream<Path> old = Files.newDirectoryStream(directory, "*.png")) {
                for (Path file : old) {
                    Files.delete(file);
                }
            }
        }
        List<Path> written = new ArrayList<>();
        for (NetworkProfile profile : results.stream().map(r -> r.cell().profile()).distinct().toList()) {
            for (SessionWorkload workload : results.stream().map(r -> r.cell().workload()).distinct().toList()) {
                List<CellResult> part = results.stream().filter(r -> r.cell().profile().equals(profile)
                        && r.cell().workload() == workload).toList();
                String prefix = workload.label() + "-" + profile.name();
                for (int messages : values(part, r -> r.cell().messages())) {
                    List<CellResult> line = part.stream().filter(r -> r.cell().messages() == messages).toList();
                    plot(directory, prefix + "-n" + messages, prefix + ", " + messages + " messages per session",
                            "array size", line, r -> r.cell().arraySize(), written);
                }
                for (int arraySize : values(part, r -> r.cell().arraySize())) {
                    List<CellResult> line = part.stream().filter(r -> r.cell().arraySize() == arraySize).toList();
                    plot(directory, prefix + "-x" + arraySize, prefix + ", arrays of " + arraySize,
                            "messages per session", line, r -> r.cell().messages(), written);
                }
            }
        }
        return written;
    }

    private static void plot(Path directory, String name, String title, String xTitle, List<CellResult> cells,
            ToIntFunction<CellResult> x, List<Path> written) throws IOException {
        if (values(cells, x).size() < 2) {
            return;
        }
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle("session time, ms").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        for (BenchMode mode : cells.stream().map(r -> r.cell().mode()).distinct().toList()) {
            List<CellResult> series = cells.stream().filter(r -> r.cell().mode() == mode)
                    .sorted((a, b) -> Integer.compare(x.applyAsInt(a), x.applyAsInt(b))).toList();
            chart.addSeries(mode.label(), series.stream().mapToDouble(x::applyAsInt).toArray(),
                    series.stream().mapToDouble(r -> Math.max(r.sessionMillis(), 0.001)).toArray())
                    .setMarker(mode.isHhfr() ? SeriesMarkers.CIRCLE : SeriesMarkers.SQUARE)
                    .setLineStyle(mode.isHhfr() ? SeriesLines.SOLID : SeriesLines.DASH_DASH);
        }
        Files.createDirectories(directory);
        Path file = directory.resolve(name + ".png");
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        written.add(file);
    }

    private static List<Integer> values(List<CellResult> cells, ToIntFunction<CellResult> key) {
        return cells.stream().map(key::applyAsInt).distinct().sorted().toList();
    }
}
