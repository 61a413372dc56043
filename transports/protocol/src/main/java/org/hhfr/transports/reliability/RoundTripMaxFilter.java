package org.hhfr.transports.reliability;

import java.util.Arrays;

/**
 * The largest value of the last few round trips (BBR's windowed-max filters: the bottleneck bandwidth, and the
 * bytes acknowledged beyond it): one maximum per round in a ring, so a value measured more than {@code rounds}
 * round trips ago no longer counts.
 */
final class RoundTripMaxFilter {
    private final double[] maxima;
    private final long[] rounds;

    RoundTripMaxFilter(int rounds) {
        this.maxima = new double[rounds];
        this.rounds = new long[rounds];
        Arrays.fill(this.rounds, -1);
    }

    /** A value measured in round {@code round}; rounds never go back. */
    void update(double value, long round) {
        int slot = (int) (round % maxima.length);
        if (rounds[slot] != round) {
            rounds[slot] = round;
            maxima[slot] = 0;
        }
        maxima[slot] = Math.max(maxima[slot], value);
    }

    /** The largest value of the rounds up to {@code round} still in the window; 0 before any. */
    double max(long round) {
        return max(round, maxima.length);
    }

    /** The largest value of the last {@code lastRounds} rounds up to {@code round} (at most the window). */
    double max(long round, int lastRounds) {
        double max = 0;
        for (int i = 0; i < maxima.length; i++) {
            if (rounds[i] >= 0 && rounds[i] > round - Math.min(lastRounds, maxima.length)) {
                max = Math.max(max, maxima[i]);
            }
        }
        return max;
    }

    /** Forgets every earlier value: the path changed and {@code value} is what it is now. */
    void restart(double value, long round) {
        Arrays.fill(rounds, -1);
        update(value, round);
    }
}
