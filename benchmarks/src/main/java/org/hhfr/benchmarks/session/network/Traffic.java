package org.hhfr.benchmarks.session.network;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Bytes a relay took in from each side, counted as they enter the emulated link: TCP stream bytes, or UDP
 * datagram payloads (IP, UDP and TCP headers are not counted).
 */
public final class Traffic {
    private final AtomicLong up = new AtomicLong();
    private final AtomicLong down = new AtomicLong();

    /** A snapshot of both counters. */
    public record Counts(long up, long down) {
        public Counts minus(Counts earlier) {
            return new Counts(up - earlier.up, down - earlier.down);
        }

        public Counts plus(Counts other) {
            return new Counts(up + other.up, down + other.down);
        }
    }

    void addUp(int bytes) {
        up.addAndGet(bytes);
    }

    void addDown(int bytes) {
        down.addAndGet(bytes);
    }

    public Counts counts() {
        return new Counts(up.get(), down.get());
    }
}
