package org.hhfr.contextstore.redis;

import java.nio.charset.StandardCharsets;
import org.hhfr.contextstore.ContextStoreException;

/**
 * Reads what {@link RecordWriter} wrote, trusting nothing: every count and length is checked against the bytes
 * that remain (and against the caller's limit) before anything is allocated, so a corrupt value fails with a
 * {@link ContextStoreException} naming what was being read, never with a huge allocation.
 */
final class RecordReader {
    private final byte[] bytes;
    private final String what;
    private int position;

    /** @param what the value being read, for error messages (e.g. "session record") */
    RecordReader(byte[] bytes, String what) {
        this.bytes = bytes;
        this.what = what;
    }

    int readByte() throws ContextStoreException {
        require(1, "a byte");
        return bytes[position++] & 0xFF;
    }

    boolean readBoolean() throws ContextStoreException {
        int value = readByte();
        if (value > 1) {
            throw corrupt("a flag of " + value);
        }
        return value == 1;
    }

    /** A varint count of at most {@code max}. */
    int readCount(int max, String of) throws ContextStoreException {
        long value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            int next = readByte();
            value |= (long) (next & 0x7F) << shift;
            if ((next & 0x80) == 0) {
                if (value > max) {
                    throw corrupt(of + " of " + value + ", more than " + max);
                }
                return (int) value;
            }
        }
        throw corrupt("an overlong count of " + of);
    }

    /** A count of items that take at least one byte each: never more than the bytes left. */
    int readItemCount(int max, String of) throws ContextStoreException {
        return readCount(Math.min(max, bytes.length - position), of);
    }

    long readLong() throws ContextStoreException {
        require(8, "a time");
        long value = 0;
        for (int i = 0; i < 8; i++) {
            value = (value << 8) | (bytes[position++] & 0xFF);
        }
        return value;
    }

    byte[] readBytes(int length, String of) throws ContextStoreException {
        require(length, of);
        byte[] read = new byte[length];
        System.arraycopy(bytes, position, read, 0, length);
        position += length;
        return read;
    }

    String readString(String of) throws ContextStoreException {
        int length = readCount(bytes.length - position, "the length of " + of);
        String text = new String(bytes, position, length, StandardCharsets.UTF_8);
        position += length;
        return text;
    }

    String readOptionalString(String of) throws ContextStoreException {
        return readBoolean() ? readString(of) : null;
    }

    /** Fails unless every byte was read. */
    void requireEnd() throws ContextStoreException {
        if (position != bytes.length) {
            throw corrupt((bytes.length - position) + " trailing bytes");
        }
    }

    ContextStoreException corrupt(String detail) {
        return new ContextStoreException("corrupt " + what + " in the context store: " + detail);
    }

    private void require(int count, String of) throws ContextStoreException {
        if (count > bytes.length - position) {
            throw corrupt("truncated while reading " + of);
        }
    }
}
