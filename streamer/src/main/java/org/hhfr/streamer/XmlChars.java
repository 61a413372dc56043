package org.hhfr.streamer;

/**
 * The characters XML 1.0 can carry. A string holding any other (most C0 controls, U+FFFE, U+FFFF, a lone
 * surrogate) could be sent in binary but not in XML, so the model refuses it and so do the decoders.
 */
final class XmlChars {
    private XmlChars() {
    }

    /** Index of the first character XML 1.0 cannot carry, or -1. */
    static int firstInvalid(String text) {
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x20 && c < 0xD800) {
                continue;
            }
            if (c == '\t' || c == '\n' || c == '\r' || (c >= 0xE000 && c <= 0xFFFD)) {
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
                continue;
            }
            return i;
        }
        return -1;
    }

    /** Whether {@code c} is XML whitespace (space, tab, line feed, carriage return). */
    static boolean isWhitespace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }
}
