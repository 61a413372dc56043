package org.hhfr.contextstore.redis;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes the compact binary form of stored values: unsigned varints for counts and sizes, eight bytes for
 * times, length-prefixed UTF-8 for text. {@link RecordReader} reads it back within bounds.
 */
final class RecordWriter {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(256);

    RecordWriter writeByte(int value) {
        out.write(value);
        return this;
    }

    RecordWriter writeBoolean(boolean value) {
        return writeByte(value ? 1 : 0);
    }

    /** A non-negative int in 1 to 5 bytes. */
    RecordWriter writeCount(int value) {
        if (value < 0) {
            throw new IllegalArgumentException("negative count " + value);
        }
        int rest = value;
        while ((rest & ~0x7F) != 0) {
            out.write((rest & 0x7F) | 0x80);
            rest >>>= 7;
        }
        out.write(rest);
        return this;
    }

    RecordWriter writeLong(long value) {
        for (int shift = 56; shift >= 0; shift -= 8) {
            out.write((int) (value >>> shift));
        }
        return this;
    }

    RecordWriter writeBytes(byte[] bytes) {
        out.write(bytes, 0, bytes.length);
        return this;
    }

    RecordWriter writeString(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        writeCount(utf8.length);
        return writeBytes(utf8);
    }

    /** A string that may be absent: a presence flag, then the string. */
    RecordWriter writeOptionalString(String text) {
        writeBoolean(text != null);
        return text == null ? this : writeString(text);
    }

    byte[] toBytes() {
        return out.toByteArray();
    }
}
