package org.hhfr.benchmarks.session.network;

/**
 * How one relay shapes its path: the one-way delay of each direction, the rate of each direction in bits per
 * second (0 = not limited), for datagrams a loss probability drawn from a seeded generator so a run can be
 * repeated exactly, and for TCP the time a new connection takes to set up.
 */
public record LinkShape(long oneWayDelayNanos, long upBitsPerSecond, long downBitsPerSecond, double loss,
        long seed, long setUpNanos) {
    /** Connection set-up costs a round trip (SYN, SYN-ACK), as on a real link. */
    public LinkShape(long oneWayDelayNanos, long upBitsPerSecond, long downBitsPerSecond, double loss, long seed) {
        this(oneWayDelayNanos, upBitsPerSecond, downBitsPerSecond, loss, seed, 2 * oneWayDelayNanos);
    }

    /** Only the set-up of each new connection is delayed: for a counting relay in front of another emulator. */
    public static LinkShape setUpOnly(long setUpNanos) {
        return new LinkShape(0, 0, 0, 0, 0, setUpNanos);
    }

    public LinkShape {
        if (oneWayDelayNanos < 0 || upBitsPerSecond < 0 || downBitsPerSecond < 0 || setUpNanos < 0) {
            throw new IllegalArgumentException("delays and rates cannot be negative");
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
