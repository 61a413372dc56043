package org.hhfr.schemas;

/** Lexical rules of XML 1.0 that kxml2 does not enforce but a schema's names and values must follow. */
final class XmlSyntax {
    private XmlSyntax() {
    }

    /** A name without a colon (NCName), as every declared name must be. */
    static boolean isNcName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        int first = name.codePointAt(0);
        if (!Character.isLetter(first) && first != '_') {
            return false;
        }
        for (int i = Character.charCount(first); i < name.length(); ) {
            int c = name.codePointAt(i);
            if (!isNameChar(c)) {
                return false;
            }
            i += Character.charCount(c);
        }
        return true;
    }

    private static boolean isNameChar(int c) {
        if (Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_' || c == 0xB7) {
            return true;
        }
        int type = Character.getType(c);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK || type == Character.CONNECTOR_PUNCTUATION;
    }

    /** Index of the first character XML forbids (such as U+0000 or an unpaired surrogate), or -1. */
    static int indexOfForbiddenChar(String text) {
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            boolean allowed = c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF)
                    || (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
            if (!allowed) {
                return i;
            }
            i += Character.charCount(c);
        }
        return -1;
    }
}
