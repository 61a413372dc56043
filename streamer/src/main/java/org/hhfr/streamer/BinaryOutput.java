package org.hhfr.streamer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The binary layout's primitives, written straight into a byte array: unsigned base-128 varints (protobuf's
 * form, least significant group first), zigzag varints for signed values, little-endian fixed32 and fixed64,
 * raw and length-prefixed bytes, and runs of little-endian floats or doubles in bulk. Also their exact sizes,
 * for a sizing pass.
 *
 * <p>Over an array sized exactly by a sizing pass ({@link #into}) nothing is checked per value: the array's
 * own bounds are the guard, and {@link #isFull()} confirms the count at the end. Over a stream
 * ({@link #buffering}) it fills a buffer and hands it on when fewer than {@link #MAX_VARINT_BYTES} bytes are
 * left: one comparison per value. Not thread-safe; one instance per message.
 */
final class BinaryOutput {
    /** A 64-bit varint takes at most ten bytes; no other single value takes more. */
    static final int MAX_VARINT_BYTES = 10;

    private final byte[] buffer;
    /** Where a full buffer goes; null when writing into an exactly sized array. */
    private final OutputStream sink;
    /** The position beyond which fewer than {@link #MAX_VARINT_BYTES} bytes are left. */
    private final int flushAt;
    private int position;

    private BinaryOutput(byte[] buffer, OutputStream sink, int flushAt) {
        this.buffer = buffer;
        this.sink = sink;
        this.flushAt = flushAt;
    }

    /** Writes into {@code target}, which the caller sized exactly. */
    static BinaryOutput into(byte[] target) {
        return new BinaryOutput(target, null, Integer.MAX_VALUE);
    }

    /** Writes to {@code sink} through a buffer of {@code bufferBytes}; call {@link #flush()} at the end. */
    static BinaryOutput buffering(OutputStream sink, int bufferBytes) {
        if (bufferBytes < MAX_VARINT_BYTES * 2) {
            throw new IllegalArgumentException("buffer of " + bufferBytes + " bytes is too small");
        }
        return new BinaryOutput(new byte[bufferBytes], sink, bufferBytes - MAX_VARINT_BYTES);
    }

    // Sizes.

    /** Bytes of {@code value} as an unsigned varint: 1 to 10. */
    static int varintSize(long value) {
        return (70 - Long.numberOfLeadingZeros(value | 1)) / 7;
    }

    /** Bytes of {@code value}, read as unsigned 32 bits, as a varint: 1 to 5. */
    static int uint32Size(int value) {
        return varintSize(value & 0xFFFF_FFFFL);
    }

    static int sint32Size(int value) {
        return uint32Size(zigZag(value));
    }

    static int sint64Size(long value) {
        return varintSize(zigZag(value));
    }

    /** Bytes of a length-prefixed run of {@code length} bytes. */
    static int lengthPrefixedSize(int length) {
        return uint32Size(length) + length;
    }

    /** Maps signed values to unsigned ones so that small magnitudes of either sign stay short. */
    static int zigZag(int value) {
        return (value << 1) ^ (value >> 31);
    }

    static long zigZag(long value) {
        return (value << 1) ^ (value >> 63);
    }

    // Writing.

    void rawByte(int value) throws IOException {
        if (position > flushAt) {
            flush();
        }
        buffer[position++] = (byte) value;
    }

    /** {@code value} read as unsigned 32 bits (a negative int takes five bytes). */
    void uint32(int value) throws IOException {
        if (position > flushAt) {
            flush();
        }
        byte[] bytes = buffer;
        int at = position;
        while ((value & ~0x7F) != 0) {
            bytes[at++] = (byte) (value | 0x80);
            value >>>= 7;
        }
        bytes[at++] = (byte) value;
        position = at;
    }

    void varint64(long value) throws IOException {
        if (position > flushAt) {
            flush();
        }
        byte[] bytes = buffer;
        int at = position;
        while ((value & ~0x7FL) != 0) {
            bytes[at++] = (byte) ((int) value | 0x80);
            value >>>= 7;
        }
        bytes[at++] = (byte) value;
        position = at;
    }

    void sint32(int value) throws IOException {
        uint32(zigZag(value));
    }

    void sint64(long value) throws IOException {
        varint64(zigZag(value));
    }

    void fixed32(int value) throws IOException {
        if (position > flushAt) {
            flush();
        }
        byte[] bytes = buffer;
        int at = position;
        bytes[at] = (byte) value;
        bytes[at + 1] = (byte) (value >>> 8);
        bytes[at + 2] = (byte) (value >>> 16);
        bytes[at + 3] = (byte) (value >>> 24);
        position = at + 4;
    }

    void fixed64(long value) throws IOException {
        fixed32((int) value);
        fixed32((int) (value >>> 32));
    }

    void rawBytes(byte[] value) throws IOException {
        int length = value.length;
        if (length > buffer.length - position) {
            flush();
            if (length > buffer.length) {
                sink.write(value);
                return;
            }
        }
        System.arraycopy(value, 0, buffer, position, length);
        position += length;
    }

    /** A varint byte count, then the bytes. */
    void lengthPrefixed(byte[] value) throws IOException {
        uint32(value.length);
        rawBytes(value);
    }

    /** Puts {@code count} values, from index {@code from} on, into a little-endian buffer at its position. */
    interface BulkValues {
        void put(ByteBuffer into, int from, int count);
    }

    /**
     * {@code count} values of {@code width} bytes each, little-endian, in bulk through a typed view (measured
     * about six times faster than a value at a time for 100 floats): in one run into an array, in runs of at
     * most a buffer into a stream.
     */
    void fixedWidthRun(int width, int count, BulkValues values) throws IOException {
        int from = 0;
        while (from < count) {
            if (buffer.length - position < width) {
                flush();
            }
            int run = Math.min(count - from, (buffer.length - position) / width);
            values.put(ByteBuffer.wrap(buffer, position, run * width).order(ByteOrder.LITTLE_ENDIAN), from, run);
            position += run * width;
            from += run;
        }
    }

    /** Hands the buffered bytes to the stream. */
    void flush() throws IOException {
        if (sink == null) {
            throw new IllegalStateException("the array of " + buffer.length + " bytes is full");
        }
        sink.write(buffer, 0, position);
        position = 0;
    }

    /** Whether every byte of the array has been written. */
    boolean isFull() {
        return position == buffer.length;
    }

    /** Bytes written into the array so far. */
    int position() {
        return position;
    }
}
