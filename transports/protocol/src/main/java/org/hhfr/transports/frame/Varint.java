package org.hhfr.transports.frame;

/**
 * Unsigned LEB128 varints (protobuf's encoding): seven bits per byte, least significant group first, high bit set
 * on every byte but the last. Writing is here; reading lives in {@link WireReader}, which also rejects overlong
 * encodings so that every value has exactly one form on the wire.
 */
final class Varint {
    /** A 64-bit value takes at most ten bytes. */
    static final int MAX_SIZE = 10;

    private Varint() {
    }

    /** Bytes needed for {@code value}, read as unsigned. */
    static int size(long value) {
        return (64 - Long.numberOfLeadingZeros(value | 1) + 6) / 7;
    }

    /** Writes {@code value} (unsigned) at {@code offset}; returns the offset after it. */
    static int write(long value, byte[] dst, int offset) {
        while ((value & ~0x7FL) != 0) {
            dst[offset++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        dst[offset++] = (byte) value;
        return offset;
    }

    /** Maps signed values to unsigned ones so that small magnitudes of either sign stay short. */
    static long zigZag(long value) {
        return (value << 1) ^ (value >> 63);
    }

    static long unZigZag(long value) {
        return (value >>> 1) ^ -(value & 1);
    }
}
