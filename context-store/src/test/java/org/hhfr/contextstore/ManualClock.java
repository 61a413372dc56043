package org.hhfr.contextstore;

import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves only when a test says so. */
final class ManualClock implements MonotonicClock {
    private final AtomicLong now = new AtomicLong(1_000);

    @Override
    public long millis() {
        return now.get();
    }

    void advance(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("a monotonic clock does not go back");
        }
        now.addAndGet(millis);
    }
}
