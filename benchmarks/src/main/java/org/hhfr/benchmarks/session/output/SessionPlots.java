package org.hhfr.benchmarks.session.output;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import javax.imageio.ImageIO;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws the report's figures as PNG files with XChart: line charts (one or more panels side by side) and bar
 * charts. HHFR's lines are solid with circles, the other modes' dashed with squares, a lower bound dotted
 * without markers.
 */
final class SessionPlots {
    static final int WIDTH = 760;
    static final int HEIGHT = 480;

    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c),
        new Color(0x9467bd), new Color(0xd62728), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf),
        new Color(0x7f7f7f), new Color(0xbcbd22)};

    /** How a line is drawn. */
    enum Style {
        HHFR, RIVAL, BOUND
    }

    /** One line of a line chart; points with no value are left out by the caller. */
    record Line(String name, double[] x, double[] y, Style style) {
    }

    /** One panel of a line chart. */
    record Panel(String title, String xTitle, String yTitle, boolean logX, boolean logY, List<Line> lines) {
    }

    /** One series of a bar chart: a value per category, {@code null} where it was not measured. */
    record Bars(String name, List<Double> values) {
    }

    private SessionPlots() {
    }

    /** The panels side by side; a line has the same colour in every panel, the legend is on the last one. */
    static void lines(Path file, List<Panel> panels) throws IOException {
        List<String> names = panels.stream().flatMap(panel -> panel.lines().stream()).map(Line::name).distinct()
                .toList();
        List<Chart<?, ?>> charts = new ArrayList<>();
        for (Panel panel : panels) {
            XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(panel.title())
                    .xAxisTitle(panel.xTitle()).yAxisTitle(panel.yTitle()).build();
            double[] xs = panel.lines().stream().flatMapToDouble(line -> Arrays.stream(line.x())).toArray();
            double[] ys = panel.lines().stream().flatMapToDouble(line -> Arrays.stream(line.y())).toArray();
            boolean last = charts.size() == panels.size() - 1;
            chart.getStyler().setXAxisLogarithmic(panel.logX()).setYAxisLogarithmic(panel.logY())
                    .setXAxisLogarithmicDecadeOnly(spansADecade(xs)).setYAxisLogarithmicDecadeOnly(spansADecade(ys))
                    .setLegendVisible(last).setLegendPosition(Styler.LegendPosition.OutsideE)
                    .setChartBackgroundColor(Color.WHITE);
            for (Line line : panel.lines()) {
                XYSeries series = chart.addSeries(line.name(), line.x(), line.y());
                series.setMarker(line.style() == Style.HHFR ? SeriesMarkers.CIRCLE
                        : line.style() == Style.RIVAL ? SeriesMarkers.SQUARE : SeriesMarkers.NONE);
                series.setLineStyle(line.style() == Style.HHFR ? SeriesLines.SOLID
                        : line.style() == Style.RIVAL ? SeriesLines.DASH_DASH : SeriesLines.DOT_DOT);
                Color colour = line.style() == Style.BOUND ? Color.BLACK
                        : PALETTE[names.indexOf(line.name()) % PALETTE.length];
                series.setLineColor(colour);
                series.setMarkerColor(colour);
            }
            charts.add(chart);
        }
        save(file, charts);
    }

    /** A logarithmic axis labels only its decades when the values span one or more; else it would have none. */
    private static boolean spansADecade(double[] values) {
        double min = Arrays.stream(values).filter(v -> v > 0).min().orElse(1);
        return Arrays.stream(values).max().orElse(1) / min >= 10;
    }

    /** Bars on a linear axis, one group per category. */
    static void bars(Path file, String title, String yTitle, List<String> categories, List<Bars> series)
            throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(categories.size() > 6 ? WIDTH * 3 / 2 : WIDTH)
                .height(HEIGHT).title(title).yAxisTitle(yTitle).build();
        chart.getStyler().setXAxisLabelRotation(categories.size() > 6 ? 45 : 0).setXAxisMaxLabelCount(categories.size())
                .setLegendVisible(series.size() > 1)
                .setLegendPosition(Styler.LegendPosition.InsideNW).setChartBackgroundColor(Color.WHITE);
        for (Bars bars : series) {
            chart.addSeries(bars.name(), categories, bars.values());
        }
        save(file, List.of(chart));
    }

    /**
     * One marker per series and category on a logarithmic value axis (for values that differ by orders of
     * magnitude between categories); a category where a series has no value ({@code null}) gets no marker.
     */
    static void dots(Path file, String title, String yTitle, List<String> categories, List<Bars> series)
            throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).yAxisTitle(yTitle)
                .build();
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter)
                .setYAxisLogarithmic(true).setYAxisLogarithmicDecadeOnly(false)
                .setLegendPosition(Styler.LegendPosition.OutsideE).setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setMarkerSize(10);
        for (Bars bars : series) {
            chart.addSeries(bars.name(), categories, bars.values());
        }
        save(file, List.of(chart));
    }

    /** The charts side by side in one PNG. */
    private static void save(Path file, List<Chart<?, ?>> charts) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Files.createDirectories(file.toAbsolutePath().getParent());
        List<BufferedImage> images = new ArrayList<>();
        for (Chart<?, ?> chart : charts) {
            images.add(BitmapEncoder.getBufferedImage(chart));
        }
        int width = images.stream().mapToInt(BufferedImage::getWidth).sum();
        int height = images.stream().mapToInt(BufferedImage::getHeight).max().orElse(1);
        BufferedImage whole = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = whole.createGraphics();
        graphics.setColor(Color.WHITE);
        graphics.fillRect(0, 0, width, height);
        int left = 0;
        for (BufferedImage image : images) {
            graphics.drawImage(image, left, 0, null);
            left += image.getWidth();
        }
        graphics.dispose();
        ImageIO.write(whole, "png", file.toFile());
    }
}
