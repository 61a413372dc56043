package org.hhfr.benchmarks.capacity;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Round-trip times of the calls completed while recording, kept exactly (one long each, up to a fixed number;
 * calls beyond it are counted, not kept) and read as percentiles. Any thread may record.
 */
final class Latencies {
    private final long[] nanos;
    private final AtomicInteger kept = new AtomicInteger();
    private final AtomicLong overflow = new AtomicLong();
    private volatile boolean recording;

    Latencies(int capacity) {
        nanos = new long[capacity];
    }

    /** Starts keeping round trips, from none. */
    void start() {
        kept.set(0);
        overflow.set(0);
        recording = true;
    }

    /** Stops keeping round trips; those kept stay readable. */
    void stop() {
        recording = false;
    }

    void record(long roundTripNanos) {
        if (!recording) {
            return;
        }
        int index = kept.getAndIncrement();
        if (index < nanos.length) {
            nanos[index] = roundTripNanos;
        } else {
            overflow.incrementAndGet();
        }
    }

    /** Round trips recorded, kept or not. */
    long count() {
        return Math.min(kept.get(), nanos.length) + overflow.get();
    }

    /** The round trips kept, in order, for percentiles. */
    Percentiles percentiles() {
        long[] sorted = Arrays.copyOf(nanos, Math.min(kept.get(), nanos.length));
        Arrays.sort(sorted);
        return new Percentiles(sorted);
    }

    /** Nearest-rank percentiles of a sorted sample, in milliseconds. */
    static final class Percentiles {
        private final long[] sorted;

        Percentiles(long[] sorted) {
            this.sorted = sorted;
        }

        /** The value at {@code fraction} (0.5 for the median), nearest rank; NaN without samples. */
        double millis(double fraction) {
            if (sorted.length == 0) {
                return Double.NaN;
            }
            int rank = (int) Math.ceil(fraction * sorted.length);
            return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))] / 1e6;
        }

        double maxMillis() {
            return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1] / 1e6;
        }

        int size() {
            return sorted.length;
        }
    }
}
