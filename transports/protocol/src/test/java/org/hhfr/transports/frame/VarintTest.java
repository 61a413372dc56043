package org.hhfr.transports.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class VarintTest {
    @Test
    void theSizeIsWhatWritingTakesOnEitherSideOfEverySevenBitBoundary() {
        byte[] buffer = new byte[Varint.MAX_SIZE];
        for (int bits = 0; bits <= 64; bits++) {
            long boundary = bits == 64 ? 0 : 1L << bits;
            for (long value : new long[] {boundary - 1, boundary, boundary + 1}) {
                assertEquals(Varint.write(value, buffer, 0), Varint.size(value), () -> Long.toUnsignedString(value));
            }
        }
        assertEquals(1, Varint.size(0));
        assertEquals(Varint.MAX_SIZE, Varint.size(-1));
    }
}
