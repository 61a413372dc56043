package org.hhfr.transports.reliability;

import java.util.Arrays;

/**
 * The largest delivery rate of the last few round trips (BBR's windowed-max bottleneck bandwidth filter): one
 * maximum per round in a ring, so a rate measured more than {@code rounds} round trips ago no longer counts.
 */
final class BandwidthFilter {
    private final double[] maxima;
    private final long[] rounds;

    BandwidthFilter(int rounds) {
        this.maxima = new double[rounds];
        this.rounds = new long[rounds];
        Arrays.fill(this.rounds, -1);
    }

    /** A rate (bytes per second) measured in round {@code round}; rounds never go back. */
    void update(double bandwidth, long round) {
        int slot = (int) (round % maxima.length);
        if (rounds[slot] != round) {
            rounds[slot] = round;
            maxima[slot] = 0;
        }
        maxima[slot] = Math.max(maxima[slot], bandwidth);
    }

    /** The largest rate of the rounds up to {@code round} still in the window; 0 before any. */
    double max(long round) {
        double max = 0;
        for (int i = 0; i < maxima.length; i++) {
            if (rounds[i] >= 0 && rounds[i] > round - maxima.length) {
                max = Math.max(max, maxima[i]);
            }
        }
        return max;
    }

    /** Forgets every earlier rate: the path's rate changed and {@code bandwidth} is what it is now. */
    void restart(double bandwidth, long round) {
        Arrays.fill(rounds, -1);
        update(bandwidth, round);
    }
}
