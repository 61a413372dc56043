package org.hhfr.contextstore;

/**
 * The URL-safe Base64 alphabet of RFC 4648 section 5, without padding, for the text forms of session ids and
 * tokens and of other opaque values on the wire (the negotiation's schema digests). Written here because
 * {@code java.util.Base64} only arrived in Android API 26. Decoding is strict: one text per byte string, so
 * no two spellings name the same session.
 */
public final class Base64Url {
    private static final char[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".toCharArray();

    private Base64Url() {
    }

    /** Characters needed for {@code byteCount} bytes. */
    public static int encodedLength(int byteCount) {
        return (byteCount * 8 + 5) / 6;
    }

    public static String encode(byte[] bytes) {
        StringBuilder out = new StringBuilder(encodedLength(bytes.length));
        int buffer = 0;
        int bits = 0;
        for (byte b : bytes) {
            buffer = (buffer << 8) | (b & 0xFF);
            bits += 8;
            while (bits >= 6) {
                bits -= 6;
                out.append(ALPHABET[(buffer >> bits) & 0x3F]);
            }
        }
        if (bits > 0) {
            out.append(ALPHABET[(buffer << (6 - bits)) & 0x3F]);
        }
        return out.toString();
    }

    /**
     * Decodes exactly {@code byteCount} bytes, or returns {@code null} if {@code text} is not the canonical
     * encoding of that many bytes (wrong length, a character outside the alphabet, padding, or non-zero
     * unused trailing bits).
     */
    public static byte[] decode(CharSequence text, int byteCount) {
        if (text.length() != encodedLength(byteCount)) {
            return null;
        }
        byte[] out = new byte[byteCount];
        int buffer = 0;
        int bits = 0;
        int next = 0;
        for (int i = 0; i < text.length(); i++) {
            int value = valueOf(text.charAt(i));
            if (value < 0) {
                return null;
            }
            buffer = (buffer << 6) | value;
            bits += 6;
            if (bits >= 8) {
                bits -= 8;
                out[next++] = (byte) (buffer >> bits);
            }
        }
        if ((buffer & ((1 << bits) - 1)) != 0) {
            return null;
        }
        return out;
    }

    private static int valueOf(char c) {
        if (c >= 'A' && c <= 'Z') {
            return c - 'A';
        }
        if (c >= 'a' && c <= 'z') {
            return c - 'a' + 26;
        }
        if (c >= '0' && c <= '9') {
            return c - '0' + 52;
        }
        if (c == '-') {
            return 62;
        }
        if (c == '_') {
            return 63;
        }
        return -1;
    }
}
