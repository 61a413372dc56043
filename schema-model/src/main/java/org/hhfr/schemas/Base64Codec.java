package org.hhfr.schemas;

import java.util.Arrays;

/**
 * The two Base64 forms of RFC 4648 that HHFR writes, one implementation for both, because
 * {@code java.util.Base64} only arrived in Android API 26: {@link #STANDARD} is the lexical form of
 * {@code xs:base64Binary} (section 4 alphabet, padded); {@link #URL} is the text form of session ids, tokens and
 * schema digests on the wire (section 5 alphabet, no padding). Decoding is strict: one text per byte string
 * (no whitespace, padding only where it must be, unused trailing bits zero), so no two spellings name the same
 * value. Immutable and thread-safe.
 */
public final class Base64Codec {
    /** RFC 4648 section 4, padded: {@code xs:base64Binary}. */
    public static final Base64Codec STANDARD =
            new Base64Codec("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", true);
    /** RFC 4648 section 5, URL- and filename-safe, without padding: opaque values in headers and URLs. */
    public static final Base64Codec URL =
            new Base64Codec("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", false);

    private final char[] alphabet;
    private final int[] values = new int[128];
    private final boolean padded;

    private Base64Codec(String alphabet, boolean padded) {
        this.alphabet = alphabet.toCharArray();
        this.padded = padded;
        Arrays.fill(values, -1);
        for (int i = 0; i < this.alphabet.length; i++) {
            values[this.alphabet[i]] = i;
        }
    }

    /** Characters needed for {@code byteCount} bytes. */
    public int encodedLength(int byteCount) {
        return padded ? (byteCount + 2) / 3 * 4 : unpaddedLength(byteCount);
    }

    private static int unpaddedLength(int byteCount) {
        return (byteCount * 8 + 5) / 6;
    }

    public String encode(byte[] bytes) {
        int length = encodedLength(bytes.length);
        StringBuilder out = new StringBuilder(length);
        int buffer = 0;
        int bits = 0;
        for (byte b : bytes) {
            buffer = (buffer << 8) | (b & 0xFF);
            bits += 8;
            while (bits >= 6) {
                bits -= 6;
                out.append(alphabet[(buffer >> bits) & 0x3F]);
            }
        }
        if (bits > 0) {
            out.append(alphabet[(buffer << (6 - bits)) & 0x3F]);
        }
        while (out.length() < length) {
            out.append('=');
        }
        return out.toString();
    }

    /**
     * The bytes {@code text} encodes.
     *
     * @throws IllegalArgumentException saying why, if {@code text} is not the canonical encoding of any bytes
     */
    public byte[] decode(CharSequence text) {
        int dataLength = text.length();
        if (padded) {
            if (dataLength % 4 != 0) {
                throw new IllegalArgumentException("base64 length " + dataLength + " is not a multiple of 4");
            }
            while (dataLength > 0 && text.length() - dataLength < 2 && text.charAt(dataLength - 1) == '=') {
                dataLength--;
            }
        }
        int byteCount = dataLength * 6 / 8;
        if (dataLength != unpaddedLength(byteCount)) {
            throw new IllegalArgumentException("base64 has a dangling character at its end");
        }
        return decodeData(text, dataLength, byteCount);
    }

    /**
     * Decodes exactly {@code byteCount} bytes, or returns {@code null} if {@code text} is not the canonical
     * encoding of that many bytes (wrong length, a character outside the alphabet, misplaced padding, or
     * non-zero unused trailing bits).
     */
    public byte[] decode(CharSequence text, int byteCount) {
        if (text.length() != encodedLength(byteCount)) {
            return null;
        }
        try {
            return decode(text);
        } catch (IllegalArgumentException notCanonical) {
            return null;
        }
    }

    private byte[] decodeData(CharSequence text, int dataLength, int byteCount) {
        byte[] out = new byte[byteCount];
        int buffer = 0;
        int bits = 0;
        int next = 0;
        for (int i = 0; i < dataLength; i++) {
            char c = text.charAt(i);
            int value = c < 128 ? values[c] : -1;
            if (value < 0) {
                throw new IllegalArgumentException("'" + c + "' is not a base64 character");
            }
            buffer = (buffer << 6) | value;
            bits += 6;
            if (bits >= 8) {
                bits -= 8;
                out[next++] = (byte) (buffer >> bits);
            }
        }
        if ((buffer & ((1 << bits) - 1)) != 0) {
            throw new IllegalArgumentException("base64 has non-zero bits in its last character");
        }
        return out;
    }
}
