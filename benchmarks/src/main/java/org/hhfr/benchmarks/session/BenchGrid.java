package org.hhfr.benchmarks.session;

import java.util.ArrayList;
import java.util.List;

/**
 * Which cells a run measures and how often: workloads x profiles x modes x array sizes x message counts, each
 * cell repeated {@code repeats} times (the median is reported).
 */
public record BenchGrid(List<SessionWorkload> workloads, List<NetworkProfile> profiles, List<BenchMode> modes,
        List<Integer> arraySizes, List<Integer> messageCounts, int repeats) {
    /** The paper's array sizes and message counts (seed 003, section 5). */
    public static final List<Integer> PAPER_ARRAY_SIZES = List.of(1, 10, 50, 60, 100, 500, 1000);
    public static final List<Integer> PAPER_MESSAGE_COUNTS = List.of(1, 5, 10, 50, 100);
    /** The point-of-interest downloads of seed 000, in records. */
    public static final List<Integer> POI_RECORD_COUNTS = List.of(1, 250, 461, 1884);

    public BenchGrid {
        if (workloads.isEmpty() || profiles.isEmpty() || modes.isEmpty() || arraySizes.isEmpty()
                || messageCounts.isEmpty()) {
            throw new IllegalArgumentException("every dimension of the grid needs at least one value");
        }
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be at least 1, not " + repeats);
        }
        workloads = List.copyOf(workloads);
        profiles = List.copyOf(profiles);
        modes = List.copyOf(modes);
        arraySizes = List.copyOf(arraySizes);
        messageCounts = List.copyOf(messageCounts);
    }

    /**
     * The reduced grid of {@code --quick}: on loopback, both services, every mode, arrays of 1, 100 and 1000,
     * sessions of 1, 10 and 100 messages, three repeats.
     */
    public static BenchGrid quickLoopback() {
        return new BenchGrid(List.of(SessionWorkload.FLOAT_SUM, SessionWorkload.STRING_CONCAT),
                List.of(NetworkProfile.LOOPBACK), BenchMode.cleartext(), List.of(1, 100, 1000), List.of(1, 10, 100),
                3);
    }

    /** The PoI part of {@code --quick}: downloads of 1 and 250 records on loopback, every mode, three repeats. */
    public static BenchGrid quickPoi() {
        return new BenchGrid(List.of(SessionWorkload.POI), List.of(NetworkProfile.LOOPBACK),
                BenchMode.cleartext(), List.of(1, 250), List.of(1), 3);
    }

    /**
     * The emulated 3G part of {@code --quick}: float-sum, every mode, arrays of 100, sessions of 1 and 10
     * messages, one session per cell (so its figures are single sessions, not medians).
     */
    public static BenchGrid quickThreeG() {
        return new BenchGrid(List.of(SessionWorkload.FLOAT_SUM), List.of(NetworkProfile.THREE_G),
                BenchMode.cleartext(), List.of(100), List.of(1, 10), 1);
    }

    /**
     * The full run, cut to fit about an hour and a quarter (see SESSIONS.md for the run's measured time): on 3G
     * the paper's grid for float-sum and x, n in {1, 10, 100} for string-concat, one session per cell; the PoI
     * downloads on 3G (1); on EDGE float-sum with x in {1, 10, 100}, n in {1, 10}, one session per cell; the
     * paper's grid with both services on wifi (2 sessions per cell) and loopback (3); the PoI downloads on
     * loopback (3); and the {@link #loopbackThroughput()} part. The emulated links come first and loopback
     * last, where the machine's other load would show most: it is quieter at the end of a long run.
     */
    public static List<BenchGrid> full() {
        List<SessionWorkload> both = List.of(SessionWorkload.FLOAT_SUM, SessionWorkload.STRING_CONCAT);
        List<SessionWorkload> poi = List.of(SessionWorkload.POI);
        List<SessionWorkload> floatSum = List.of(SessionWorkload.FLOAT_SUM);
        List<BenchMode> modes = BenchMode.cleartext();
        return List.of(
                new BenchGrid(floatSum, List.of(NetworkProfile.THREE_G), modes, PAPER_ARRAY_SIZES,
                        PAPER_MESSAGE_COUNTS, 1),
                new BenchGrid(List.of(SessionWorkload.STRING_CONCAT), List.of(NetworkProfile.THREE_G), modes,
                        List.of(1, 10, 100), List.of(1, 10, 100), 1),
                new BenchGrid(poi, List.of(NetworkProfile.THREE_G), modes, POI_RECORD_COUNTS, List.of(1), 1),
                new BenchGrid(floatSum, List.of(NetworkProfile.EDGE), modes, List.of(1, 10, 100), List.of(1, 10), 1),
                new BenchGrid(both, List.of(NetworkProfile.WIFI), modes, PAPER_ARRAY_SIZES, PAPER_MESSAGE_COUNTS, 2),
                new BenchGrid(both, List.of(NetworkProfile.LOOPBACK), modes, PAPER_ARRAY_SIZES,
                        PAPER_MESSAGE_COUNTS, 3),
                new BenchGrid(poi, List.of(NetworkProfile.LOOPBACK), modes, POI_RECORD_COUNTS, List.of(1), 3),
                loopbackThroughput());
    }

    /**
     * The loopback throughput target (pipelined HHFR-TCP at least twice gRPC-java's bidirectional
     * streaming in float-sum(100) messages per second): sessions of 10,000 float-sum(100) calls, all in flight
     * at once, for the warm pipelined HHFR modes (cleartext, and encrypted as an https service's) and
     * {@code grpc-bidi}, three repeats.
     */
    public static BenchGrid loopbackThroughput() {
        return new BenchGrid(List.of(SessionWorkload.FLOAT_SUM), List.of(NetworkProfile.LOOPBACK),
                List.of(BenchMode.HHFR_TCP_WARM_PIPELINED, BenchMode.HHFR_UDP_WARM_PIPELINED,
                        BenchMode.HHFR_TCP_TLS_WARM_PIPELINED, BenchMode.HHFR_UDP_AEAD_WARM_PIPELINED, BenchMode.GRPC_BIDI),
                List.of(100), List.of(10_000), 3);
    }

    public BenchGrid withProfiles(List<NetworkProfile> value) {
        return new BenchGrid(workloads, value, modes, arraySizes, messageCounts, repeats);
    }

    public BenchGrid withModes(List<BenchMode> value) {
        return new BenchGrid(workloads, profiles, value, arraySizes, messageCounts, repeats);
    }

    public BenchGrid withArraySizes(List<Integer> value) {
        return new BenchGrid(workloads, profiles, modes, value, messageCounts, repeats);
    }

    public BenchGrid withMessageCounts(List<Integer> value) {
        return new BenchGrid(workloads, profiles, modes, arraySizes, value, repeats);
    }

    public BenchGrid withWorkloads(List<SessionWorkload> value) {
        return new BenchGrid(value, profiles, modes, arraySizes, messageCounts, repeats);
    }

    public BenchGrid withRepeats(int value) {
        return new BenchGrid(workloads, profiles, modes, arraySizes, messageCounts, value);
    }

    /** Every cell: profile by profile, then workload, array size, messages, mode. */
    public List<Cell> cells() {
        List<Cell> cells = new ArrayList<>();
        for (NetworkProfile profile : profiles) {
            for (SessionWorkload workload : workloads) {
                for (int arraySize : arraySizes) {
                    for (int messages : messageCounts) {
                        for (BenchMode mode : modes) {
                            cells.add(new Cell(workload, profile, mode, arraySize, messages));
                        }
                    }
                }
            }
        }
        return cells;
    }
}
