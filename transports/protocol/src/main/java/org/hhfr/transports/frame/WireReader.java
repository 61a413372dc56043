package org.hhfr.transports.frame;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;

/**
 * A bounds-checked cursor over a complete frame or datagram. Every read names the field it reads, so a
 * truncated or malformed input fails with a message that says where.
 */
final class WireReader {
    private final byte[] buf;
    private final int end;
    private int pos;

    WireReader(byte[] buf, int offset, int length) {
        this.buf = buf;
        this.pos = offset;
        this.end = offset + length;
    }

    int position() {
        return pos;
    }

    int remaining() {
        return end - pos;
    }

    int readUnsignedByte(String field) throws WireException {
        if (pos >= end) {
            throw truncated(field);
        }
        return buf[pos++] & 0xFF;
    }

    /** A varint as a raw unsigned 64-bit pattern (up to ten bytes, shortest form only). */
    long readVarint64(String field) throws WireException {
        long value = 0;
        for (int i = 0; ; i++) {
            if (pos >= end) {
                throw truncated(field);
            }
            int b = buf[pos++] & 0xFF;
            if (i == Varint.MAX_SIZE - 1 && b > 1) {
                throw new WireException(ErrorCode.MALFORMED, field + ": varint exceeds 64 bits");
            }
            value |= (long) (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                if (b == 0 && i > 0) {
                    throw new WireException(ErrorCode.MALFORMED, field + ": overlong varint encoding");
                }
                return value;
            }
        }
    }

    /** A varint that must lie in {@code [min, max]}, both non-negative. */
    long readVarint(String field, long min, long max) throws WireException {
        long value = readVarint64(field);
        if (value < 0 || value > max) {
            String shown = value < 0 ? "of 2^63 or more" : Long.toString(value);
            throw new WireException(ErrorCode.MALFORMED, field + " " + shown + " is above the maximum " + max);
        }
        if (value < min) {
            throw new WireException(ErrorCode.MALFORMED, field + " " + value + " is below the minimum " + min);
        }
        return value;
    }

    int readInt(String field, int min, int max) throws WireException {
        return (int) readVarint(field, min, max);
    }

    byte[] readBytes(String field, int length) throws WireException {
        if (length > remaining()) {
            throw truncated(field);
        }
        byte[] out = new byte[length];
        System.arraycopy(buf, pos, out, 0, length);
        pos += length;
        return out;
    }

    void skip(String field, int length) throws WireException {
        if (length > remaining()) {
            throw truncated(field);
        }
        pos += length;
    }

    byte[] readRest() {
        byte[] out = new byte[remaining()];
        System.arraycopy(buf, pos, out, 0, out.length);
        pos = end;
        return out;
    }

    void expectEnd(String what) throws WireException {
        if (pos != end) {
            throw new WireException(ErrorCode.MALFORMED, (end - pos) + " trailing byte(s) after " + what);
        }
    }

    private static WireException truncated(String field) {
        return new WireException(ErrorCode.MALFORMED, "truncated in " + field);
    }
}
