package org.hhfr.streamer;

import java.util.Arrays;

/**
 * The binary layout's primitives read from hostile bytes in an array: the counterpart of
 * {@link BinaryOutput}. Every read checks the bytes left first; a varint must be in its shortest form and
 * within 64 bits (ten bytes at most), so that every value has exactly one encoding. Failures are
 * {@link MalformedMessageException}s at the byte offset where the value starts, in the reader's current
 * element. One instance per message.
 */
final class BinaryInput {
    private final byte[] buffer;
    private final int start;
    private final int end;
    /** Where the reader is in the tree, for error messages. */
    private final ElementPath path;
    private int position;

    BinaryInput(byte[] buffer, int start, int length, ElementPath path) {
        this(buffer, start, 0, length, path);
    }

    /** Reads from byte {@code from} of the {@code length} bytes at {@code start}, where offsets count from. */
    BinaryInput(byte[] buffer, int start, int from, int length, ElementPath path) {
        this.buffer = buffer;
        this.start = start;
        this.end = start + length;
        this.path = path;
        this.position = start + from;
    }

    /** The absolute index in the array of the next byte. */
    int position() {
        return position;
    }

    /** Bytes read so far. */
    int offset() {
        return position - start;
    }

    int remaining() {
        return end - position;
    }

    boolean isAtEnd() {
        return position == end;
    }

    byte rawByte() throws MalformedMessageException {
        if (position >= end) {
            throw truncated();
        }
        return buffer[position++];
    }

    /** An unsigned varint as a raw 64-bit pattern: negative when it is 2^63 or more. */
    long varint64() throws MalformedMessageException {
        int at = position;
        if (at < end && buffer[at] >= 0) {
            position = at + 1;
            return buffer[at];
        }
        long value = 0;
        for (int shift = 0; ; shift += 7) {
            if (at >= end) {
                throw truncated();
            }
            int b = buffer[at++];
            if (shift == 63 && (b & 0xFF) > 1) {
                throw malformed("varint beyond 64 bits");
            }
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                if (b == 0) {
                    throw malformed("overlong varint (not in its shortest form)");
                }
                position = at;
                return value;
            }
        }
    }

    /** A zigzag varint. */
    long sint64() throws MalformedMessageException {
        long raw = varint64();
        return (raw >>> 1) ^ -(raw & 1);
    }

    int fixed32() throws MalformedMessageException {
        need(4);
        byte[] bytes = buffer;
        int at = position;
        position = at + 4;
        return (bytes[at] & 0xFF) | (bytes[at + 1] & 0xFF) << 8 | (bytes[at + 2] & 0xFF) << 16
                | (bytes[at + 3] & 0xFF) << 24;
    }

    long fixed64() throws MalformedMessageException {
        need(8);
        long low = fixed32() & 0xFFFF_FFFFL;
        return low | (long) fixed32() << 32;
    }

    /** A copy of the next {@code length} bytes. */
    byte[] rawBytes(int length) throws MalformedMessageException {
        need(length);
        byte[] bytes = Arrays.copyOfRange(buffer, position, position + length);
        position += length;
        return bytes;
    }

    void skip(int length) throws MalformedMessageException {
        need(length);
        position += length;
    }

    MalformedMessageException malformed(String reason) {
        return new MalformedMessageException(reason, location(), path.toString());
    }

    /** Where the next value starts, for error messages: {@code byte N}. */
    String location() {
        return "byte " + offset();
    }

    private void need(int length) throws MalformedMessageException {
        if (length < 0 || length > end - position) {
            throw truncated();
        }
    }

    private MalformedMessageException truncated() {
        return malformed("truncated message");
    }
}
