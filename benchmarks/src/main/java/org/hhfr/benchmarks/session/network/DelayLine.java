package org.hhfr.benchmarks.session.network;

/**
 * One direction of an emulated link: a chunk leaves once the chunks before it have been serialised at the
 * link's rate, and arrives one propagation delay later. Gives the arrival time; it does not move bytes.
 */
final class DelayLine {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final long oneWayDelayNanos;
    private final long bitsPerSecond;
    private long linkFreeAtNanos = Long.MIN_VALUE;

    DelayLine(long oneWayDelayNanos, long bitsPerSecond) {
        this.oneWayDelayNanos = oneWayDelayNanos;
        this.bitsPerSecond = bitsPerSecond;
    }

    /** When {@code bytes} handed to the link at {@code nowNanos} (System.nanoTime) reach the far end. */
    synchronized long arrivalNanos(int bytes, long nowNanos) {
        long start = linkFreeAtNanos == Long.MIN_VALUE ? nowNanos : Math.max(nowNanos, linkFreeAtNanos);
        long serialisation = bitsPerSecond == 0 ? 0 : bytes * 8L * NANOS_PER_SECOND / bitsPerSecond;
        linkFreeAtNanos = start + serialisation;
        return linkFreeAtNanos + oneWayDelayNanos;
    }
}
