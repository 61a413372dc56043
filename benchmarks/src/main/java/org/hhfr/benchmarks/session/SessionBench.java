package org.hhfr.benchmarks.session;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a grid: one testbed per network profile, every cell's sessions one after the other (so sessions never
 * share the link or the CPU with each other), modes interleaved within a point of the grid so that a change in
 * machine load hits every mode alike. Reports progress after each cell.
 */
public final class SessionBench {
    /** Told after every cell. */
    public interface Progress {
        void cellDone(int done, int total, CellResult result);
    }

    private final BenchGrid grid;
    private final long seed;

    public SessionBench(BenchGrid grid, long seed) {
        this.grid = grid;
        this.seed = seed;
    }

    /** @throws IOException a testbed did not start, or a session failed */
    public List<CellResult> run(Progress progress) throws IOException {
        List<Cell> cells = grid.cells();
        List<CellResult> results = new ArrayList<>();
        for (NetworkProfile profile : grid.profiles()) {
            try (Testbed testbed = Testbed.start(profile, seed)) {
                SessionRunner runner = new SessionRunner(testbed);
                warmUp(runner, profile);
                for (Cell cell : cells) {
                    if (!cell.profile().equals(profile)) {
                        continue;
                    }
                    List<SessionSample> samples = new ArrayList<>();
                    for (int i = 0; i < grid.repeats(); i++) {
                        try {
                            samples.add(runner.run(cell));
                        } catch (IOException e) {
                            throw new IOException(cell + ": " + e.getMessage(), e);
                        }
                    }
                    CellResult result = CellResult.of(cell, samples);
                    results.add(result);
                    progress.cellDone(results.size(), cells.size(), result);
                }
            }
        }
        return results;
    }

    /** Unmeasured sessions in every mode first, so the JIT and the server's caches are warm for all alike. */
    private void warmUp(SessionRunner runner, NetworkProfile profile) throws IOException {
        for (SessionWorkload workload : grid.workloads()) {
            for (BenchMode mode : grid.modes()) {
                runner.run(new Cell(workload, profile, mode, 10, profile.isShaped() ? 2 : 50));
            }
        }
    }
}
