package org.hhfr.client;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Waiting in tests for what other threads bring about. */
final class Eventually {
    private Eventually() {
    }

    /** Whether {@code condition} holds within {@code millis}, asked every 5 ms. */
    static boolean within(long millis, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                return false;
            }
            Thread.sleep(5);
        }
        return true;
    }
}
