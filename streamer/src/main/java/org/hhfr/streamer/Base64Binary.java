package org.hhfr.streamer;

import java.util.Arrays;

/**
 * The lexical form of {@code xs:base64Binary} (RFC 4648 alphabet, padded), written here because
 * {@code java.util.Base64} needs Android API 26. Reading ignores XML whitespace and is otherwise strict.
 */
final class Base64Binary {
    private static final char[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".toCharArray();
    private static final int[] VALUES = new int[128];

    static {
        Arrays.fill(VALUES, -1);
        for (int i = 0; i < ALPHABET.length; i++) {
            VALUES[ALPHABET[i]] = i;
        }
    }

    private Base64Binary() {
    }

    static String encode(byte[] bytes) {
        StringBuilder out = new StringBuilder((bytes.length + 2) / 3 * 4);
        int i = 0;
        for (; i + 2 < bytes.length; i += 3) {
            int group = (bytes[i] & 0xFF) << 16 | (bytes[i + 1] & 0xFF) << 8 | (bytes[i + 2] & 0xFF);
            out.append(ALPHABET[group >>> 18]).append(ALPHABET[group >>> 12 & 63])
                    .append(ALPHABET[group >>> 6 & 63]).append(ALPHABET[group & 63]);
        }
        int left = bytes.length - i;
        if (left == 1) {
            int group = (bytes[i] & 0xFF) << 16;
            out.append(ALPHABET[group >>> 18]).append(ALPHABET[group >>> 12 & 63]).append("==");
        } else if (left == 2) {
            int group = (bytes[i] & 0xFF) << 16 | (bytes[i + 1] & 0xFF) << 8;
            out.append(ALPHABET[group >>> 18]).append(ALPHABET[group >>> 12 & 63])
                    .append(ALPHABET[group >>> 6 & 63]).append('=');
        }
        return out.toString();
    }

    /** @throws IllegalArgumentException if {@code text} is not canonical padded base64 (whitespace aside) */
    static byte[] decode(String text) {
        char[] chars = new char[text.length()];
        int length = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!XmlChars.isWhitespace(c)) {
                chars[length++] = c;
            }
        }
        if (length % 4 != 0) {
            throw new IllegalArgumentException("base64 length " + length + " is not a multiple of 4");
        }
        int padding = length > 0 && chars[length - 1] == '=' ? (chars[length - 2] == '=' ? 2 : 1) : 0;
        byte[] bytes = new byte[length / 4 * 3 - padding];
        int written = 0;
        for (int i = 0; i < length; i += 4) {
            boolean last = i + 4 == length;
            int group = 0;
            for (int j = 0; j < 4; j++) {
                char c = chars[i + j];
                int value;
                if (c == '=' && last && j >= 4 - padding) {
                    value = 0;
                } else {
                    value = c < 128 ? VALUES[c] : -1;
                    if (value < 0) {
                        throw new IllegalArgumentException("'" + c + "' is not a base64 character");
                    }
                }
                group = group << 6 | value;
            }
            if (last && padding > 0 && (group & (padding == 2 ? 0xFFFF : 0xFF)) != 0) {
                throw new IllegalArgumentException("base64 has non-zero bits before its padding");
            }
            bytes[written++] = (byte) (group >>> 16);
            if (written < bytes.length) {
                bytes[written++] = (byte) (group >>> 8);
            }
            if (written < bytes.length) {
                bytes[written++] = (byte) group;
            }
        }
        return bytes;
    }
}
