package org.hhfr.benchmarks.session;

import java.io.PrintWriter;
import java.util.Locale;


/** One progress line on the error stream, rewritten after each cell: a bar, the count, the cell, time left. */
final class BenchProgress implements SessionBench.Progress {
    private static final int BAR = 24;

    private final PrintWriter err;
    private final long startNanos;
    private int lastLength;

    BenchProgress(PrintWriter err, long startNanos) {
        this.err = err;
        this.startNanos = startNanos;
    }

    @Override
    public void cellDone(int done, int total, CellResult result) {
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        int filled = BAR * done / total;
        String line = String.format(Locale.ROOT, "[%s%s] %d/%d %s: %.1f ms, about %.0f s left",
                "#".repeat(filled), ".".repeat(BAR - filled), done, total, result.cell(), result.sessionMillis(),
                elapsed / done * (total - done));
        err.print("\r" + line + " ".repeat(Math.max(0, lastLength - line.length())));
        err.flush();
        lastLength = line.length();
    }

    /** Ends the line. */
    void end() {
        if (lastLength > 0) {
            err.println();
            err.flush();
        }
    }
}
