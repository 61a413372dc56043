package org.hhfr.benchmarks.session.network;

/**
 * How one relay shapes its path: the one-way delay of each direction, the rate of each direction in bits per
 * second (0 = not limited), and for datagrams a loss probability drawn from a seeded generator so a run can be
 * repeated exactly.
 */
public record LinkShape(long oneWayDelayNanos, long upBitsPerSecond, long downBitsPerSecond, double loss,
        long seed) {
    public static final LinkShape NONE = new LinkShape(0, 0, 0, 0, 0);

    public LinkShape {
        if (oneWayDelayNanos < 0 || upBitsPerSecond < 0 || downBitsPerSecond < 0) {
            throw new IllegalArgumentException("delay and rates cannot be negative");
        }
        if (!(loss >= 0 && loss < 1)) {
            throw new IllegalArgumentException("loss must be in [0, 1), not " + loss);
        }
    }

    DelayLine upstream() {
        return new DelayLine(oneWayDelayNanos, upBitsPerSecond);
    }

    DelayLine downstream() {
        return new DelayLine(oneWayDelayNanos, downBitsPerSecond);
    }
}
