package org.hhfr.benchmarks;

import org.hhfr.streamer.Message;
import org.hhfr.streamer.testing.Samples;

/**
 * The messages benchmarked, named as in the README table: the paper's float-sum and string-concatenation
 * requests with n items, and lists of n points of interest (Anacleto et al.'s 1, 250, 461 and 1884).
 */
enum Workload {
    FLOAT_SUM("floatSum"),
    CONCAT("concat"),
    POINTS_OF_INTEREST("poi");

    private final String prefix;

    Workload(String prefix) {
        this.prefix = prefix;
    }

    /** The message for a name like {@code floatSum-100}. */
    static Message message(String name) {
        int dash = name.lastIndexOf('-');
        String prefix = name.substring(0, dash);
        int n = Integer.parseInt(name.substring(dash + 1));
        for (Workload workload : values()) {
            if (workload.prefix.equals(prefix)) {
                return workload.message(n);
            }
        }
        throw new IllegalArgumentException("unknown workload " + name);
    }

    private Message message(int n) {
        switch (this) {
            case FLOAT_SUM:
                return Samples.floatSum(Samples.floats(n));
            case CONCAT:
                return Samples.concat(Samples.strings(n));
            default:
                return Samples.pointsOfInterest(n);
        }
    }
}
