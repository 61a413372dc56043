package org.hhfr.benchmarks.session;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.hhfr.benchmarks.session.network.ToxiproxyServer;

/**
 * Runs grids: servers and link once per network profile, every cell's sessions one after the other (so
 * sessions never share the link or the CPU with each other), modes interleaved within a point of the grid so
 * that a change in machine load hits every mode alike. Reports progress after each cell.
 */
public final class SessionBench {
    /** Told after every cell. */
    public interface Progress {
        void cellDone(int done, int total, CellResult result);
    }

    private final List<BenchGrid> grids;
    private final ProfileSessions.Links links;

    /**
     * The grids run one after the other over the relays; each is repeated as it says.
     *
     * @param toxiproxy shapes the TCP paths of shaped profiles when not null; otherwise the relays do
     */
    public SessionBench(List<BenchGrid> grids, long seed, ToxiproxyServer toxiproxy) {
        this(grids, ProfileSessions.relays(seed, toxiproxy));
    }

    /** The grids run one after the other over {@code links}; each is repeated as it says. */
    public SessionBench(List<BenchGrid> grids, ProfileSessions.Links links) {
        if (grids.isEmpty()) {
            throw new IllegalArgumentException("nothing to run: no grid");
        }
        this.grids = List.copyOf(grids);
        this.links = links;
    }

    /**
     * A cell that an earlier grid already holds is run once only (selections can make parts of a plan overlap).
     *
     * @throws IOException a testbed did not start, or a session failed
     */
    public List<CellResult> run(Progress progress) throws IOException {
        Set<Cell> planned = new LinkedHashSet<>();
        for (BenchGrid grid : grids) {
            planned.addAll(grid.cells());
        }
        Set<Cell> done = new HashSet<>();
        List<CellResult> results = new ArrayList<>();
        for (BenchGrid grid : grids) {
            for (NetworkProfile profile : grid.profiles()) {
                List<Cell> cells = grid.cells().stream()
                        .filter(cell -> cell.profile().equals(profile) && !done.contains(cell)).toList();
                if (cells.isEmpty()) {
                    continue;
                }
                try (ProfileSessions runner = links.open(profile)) {
                    warmUp(runner, grid, profile);
                    for (Cell cell : cells) {
                        CellResult result = CellResult.of(cell, sessions(runner, cell, grid.repeats()));
                        results.add(result);
                        done.add(cell);
                        progress.cellDone(results.size(), planned.size(), result);
                    }
                }
            }
        }
        return results;
    }

    private static List<SessionSample> sessions(ProfileSessions runner, Cell cell, int repeats) throws IOException {
        List<SessionSample> samples = new ArrayList<>();
        for (int i = 0; i < repeats; i++) {
            try {
                samples.add(runner.run(cell));
            } catch (IOException e) {
                throw new IOException(cell + ": " + e.getMessage(), e);
            }
        }
        return samples;
    }

    /**
     * Unmeasured sessions in every mode first, so the JIT and the server's caches are warm for all alike (on a
     * shaped link two messages each: the JIT was warmed on loopback or is warmed by then).
     */
    private static void warmUp(ProfileSessions runner, BenchGrid grid, NetworkProfile profile) throws IOException {
        for (SessionWorkload workload : grid.workloads()) {
            for (BenchMode mode : grid.modes()) {
                runner.run(new Cell(workload, profile, mode, 10, profile.isShaped() ? 2 : 50));
            }
        }
    }
}
