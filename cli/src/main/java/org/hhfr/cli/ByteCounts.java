package org.hhfr.cli;

/** Bytes a client sent ({@code up}) and received ({@code down}). */
final class ByteCounts {
    final long up;
    final long down;

    ByteCounts(long up, long down) {
        this.up = up;
        this.down = down;
    }

    ByteCounts plus(ByteCounts other) {
        return new ByteCounts(up + other.up, down + other.down);
    }

    ByteCounts minus(ByteCounts earlier) {
        return new ByteCounts(up - earlier.up, down - earlier.down);
    }
}
