package org.hhfr.benchmarks.session;

/** One point of the grid: a workload's session of {@code messages} calls with arrays of {@code arraySize}. */
public record Cell(SessionWorkload workload, NetworkProfile profile, BenchMode mode, int arraySize, int messages) {
    public Cell {
        if (arraySize < 1 || messages < 1) {
            throw new IllegalArgumentException("array size and messages must be at least 1");
        }
    }

    @Override
    public String toString() {
        return workload.label() + " " + profile.name() + " " + mode.label() + " x=" + arraySize + " n=" + messages;
    }
}
