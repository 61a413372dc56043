package org.hhfr.streamer;

import java.math.BigDecimal;

import org.hhfr.schemas.Base64Codec;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;

/**
 * The XSD lexical forms of simple values, as a document/literal SOAP peer writes and reads them:
 * {@code INF}, {@code -INF} and {@code NaN} for floats, the shortest round-trip digits otherwise;
 * {@code true}/{@code false} (and {@code 1}/{@code 0} on input) for booleans; plain decimals without
 * exponent. Values other than strings are whitespace-collapsed before reading, as XSD does.
 */
final class XsdLexical {
    private XsdLexical() {
    }

    static String format(SimpleType type, Object value) {
        switch (type.base()) {
            case STRING:
                return (String) value;
            case FLOAT:
                return formatFloat((Float) value);
            case DOUBLE:
                return formatDouble((Double) value);
            case DECIMAL:
                return ((BigDecimal) value).toPlainString();
            case BASE64_BINARY:
                return Base64Codec.STANDARD.encode((byte[]) value);
            default:
                return value.toString();
        }
    }

    static String formatFloat(float value) {
        if (Float.isInfinite(value)) {
            return value > 0 ? "INF" : "-INF";
        }
        return Float.toString(value);
    }

    static String formatDouble(double value) {
        if (Double.isInfinite(value)) {
            return value > 0 ? "INF" : "-INF";
        }
        return Double.toString(value);
    }

    /**
     * The value of {@code text} for {@code type}.
     *
     * @throws IllegalArgumentException naming the type if {@code text} is not a valid lexical form
     */
    static Object parse(SimpleType type, String text, StreamerLimits limits) {
        if (type.base() == XsdType.STRING) {
            if (type.isEnumeration() && !type.enumeration().contains(text)) {
                throw new IllegalArgumentException("'" + shorten(text) + "' is not one of " + type.enumeration());
            }
            return text;
        }
        String collapsed = trim(text);
        switch (type.base()) {
            case BOOLEAN:
                return parseBoolean(collapsed);
            case INT:
                return (int) parseInteger(collapsed, Integer.MIN_VALUE, Integer.MAX_VALUE, "int");
            case LONG:
                return parseInteger(collapsed, Long.MIN_VALUE, Long.MAX_VALUE, "long");
            case SHORT:
                return (short) parseInteger(collapsed, Short.MIN_VALUE, Short.MAX_VALUE, "short");
            case BYTE:
                return (byte) parseInteger(collapsed, Byte.MIN_VALUE, Byte.MAX_VALUE, "byte");
            case FLOAT:
                return parseFloat(collapsed);
            case DOUBLE:
                return parseDouble(collapsed);
            case DECIMAL:
                return parseDecimal(collapsed, limits.maxDecimalDigits());
            case DATE_TIME:
                return DateTime.parse(collapsed);
            case BASE64_BINARY:
                return Base64Codec.STANDARD.decode(withoutWhitespace(collapsed));
            default:
                throw new IllegalStateException("unknown type " + type.base());
        }
    }

    static boolean parseBoolean(String text) {
        if (text.equals("true") || text.equals("1")) {
            return true;
        }
        if (text.equals("false") || text.equals("0")) {
            return false;
        }
        throw invalid(text, "boolean");
    }

    static long parseInteger(String text, long min, long max, String type) {
        int digitsFrom = text.startsWith("+") || text.startsWith("-") ? 1 : 0;
        if (!digits(text, digitsFrom, text.length())) {
            throw invalid(text, type);
        }
        long value;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + shorten(text) + "' is out of range for xs:" + type);
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException("'" + shorten(text) + "' is out of range for xs:" + type);
        }
        return value;
    }

    static float parseFloat(String text) {
        Double special = specialValue(text);
        if (special != null) {
            return special.floatValue();
        }
        requireDecimalWithExponent(text, "float");
        return Float.parseFloat(text);
    }

    static double parseDouble(String text) {
        Double special = specialValue(text);
        if (special != null) {
            return special;
        }
        requireDecimalWithExponent(text, "double");
        return Double.parseDouble(text);
    }

    /** {@code INF}, {@code +INF}, {@code -INF} and {@code NaN}, the same for xs:float and xs:double; else null. */
    private static Double specialValue(String text) {
        switch (text) {
            case "INF":
            case "+INF":
                return Double.POSITIVE_INFINITY;
            case "-INF":
                return Double.NEGATIVE_INFINITY;
            case "NaN":
                return Double.NaN;
            default:
                return null;
        }
    }

    static BigDecimal parseDecimal(String text, int maxDigits) {
        if (decimalEnd(text, 0) != text.length()) {
            throw invalid(text, "decimal");
        }
        if (text.length() > maxDigits + 2) {
            throw new IllegalArgumentException("decimal of " + text.length()
                    + " characters exceeds maxDecimalDigits " + maxDigits);
        }
        return new BigDecimal(text);
    }

    /** {@code [+-]?(d+(.d*)?|.d+)([eE][+-]?d+)?}: Java would also take hex, 'f' suffixes and "Infinity". */
    private static void requireDecimalWithExponent(String text, String type) {
        int end = decimalEnd(text, 0);
        if (end > 0 && end < text.length() && (text.charAt(end) == 'e' || text.charAt(end) == 'E')) {
            int exponentFrom = end + 1;
            if (exponentFrom < text.length() && (text.charAt(exponentFrom) == '+' || text.charAt(exponentFrom) == '-')) {
                exponentFrom++;
            }
            end = digits(text, exponentFrom, text.length()) ? text.length() : -1;
        }
        if (end != text.length()) {
            throw invalid(text, type);
        }
    }

    /** End of a leading {@code [+-]?(d+(.d*)?|.d+)}, or -1 if there is none. */
    private static int decimalEnd(String text, int from) {
        int i = from;
        if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
            i++;
        }
        int integerDigits = 0;
        while (i < text.length() && isDigit(text.charAt(i))) {
            i++;
            integerDigits++;
        }
        int fractionDigits = 0;
        if (i < text.length() && text.charAt(i) == '.') {
            i++;
            while (i < text.length() && isDigit(text.charAt(i))) {
                i++;
                fractionDigits++;
            }
        }
        return integerDigits + fractionDigits > 0 ? i : -1;
    }

    private static boolean digits(String text, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (!isDigit(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Removes leading and trailing XML whitespace (collapse, for values without inner spaces). */
    static String trim(String text) {
        int from = 0;
        int to = text.length();
        while (from < to && XmlChars.isWhitespace(text.charAt(from))) {
            from++;
        }
        while (to > from && XmlChars.isWhitespace(text.charAt(to - 1))) {
            to--;
        }
        return from == 0 && to == text.length() ? text : text.substring(from, to);
    }

    private static IllegalArgumentException invalid(String text, String type) {
        return new IllegalArgumentException("'" + shorten(text) + "' is not a valid xs:" + type);
    }

    private static String shorten(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "..." : text;
    }

    /** {@code xs:base64Binary} may be broken into lines: its whitespace carries no data. */
    private static String withoutWhitespace(String text) {
        StringBuilder kept = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!XmlChars.isWhitespace(c)) {
                kept.append(c);
            }
        }
        return kept.toString();
    }
}
