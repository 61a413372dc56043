package org.hhfr.schemas;

/**
 * The one check of a configured bound (a limit, a size, a window, an interval) that every module's settings
 * share: it must reach its minimum, most often 1, and the failure names it. Here because every module that has
 * settings depends on this one.
 */
public final class Bounds {
    private Bounds() {
    }

    /** @throws IllegalArgumentException naming the bound when {@code value} is not positive */
    public static void requirePositive(long value, String name) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }

    /** @throws IllegalArgumentException naming the bound when {@code value} is below {@code min} */
    public static void requireAtLeast(long value, long min, String name) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ": " + value);
        }
    }
}
