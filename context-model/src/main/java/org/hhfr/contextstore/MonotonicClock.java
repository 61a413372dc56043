package org.hhfr.contextstore;

/**
 * Milliseconds on a clock that never goes backwards, for expiry. The origin is arbitrary: only differences
 * between two readings of the same clock mean anything, so times from different clocks (or machines) must
 * never be compared. Injected so tests can move time by hand; {@code java.time} is not used because Android
 * API 24 lacks it.
 */
public interface MonotonicClock {
    /** {@link System#nanoTime()} in milliseconds: immune to wall-clock jumps. */
    MonotonicClock SYSTEM = () -> System.nanoTime() / 1_000_000L;

    long millis();
}
