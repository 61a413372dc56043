package org.hhfr.streamer;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.util.Arrays;

/**
 * Equality, hashing and display of model values: floats by bits (so NaN equals NaN and 0.0 differs from
 * -0.0), decimals by numeric value (1.5 equals 1.50), arrays by content, recursively.
 */
final class Values {
    private static final int SHOWN_ITEMS = 8;
    private static final int SHOWN_CHARS = 40;

    private Values() {
    }

    static boolean equal(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.getClass() != b.getClass()) {
            return false;
        }
        if (a instanceof BigDecimal) {
            return ((BigDecimal) a).compareTo((BigDecimal) b) == 0;
        }
        if (a instanceof Object[]) {
            Object[] left = (Object[]) a;
            Object[] right = (Object[]) b;
            if (left.length != right.length) {
                return false;
            }
            for (int i = 0; i < left.length; i++) {
                if (!equal(left[i], right[i])) {
                    return false;
                }
            }
            return true;
        }
        if (a.getClass().isArray()) {
            return primitiveArraysEqual(a, b);
        }
        return a.equals(b);
    }

    private static boolean primitiveArraysEqual(Object a, Object b) {
        if (a instanceof float[]) {
            return Arrays.equals((float[]) a, (float[]) b);
        } else if (a instanceof double[]) {
            return Arrays.equals((double[]) a, (double[]) b);
        } else if (a instanceof int[]) {
            return Arrays.equals((int[]) a, (int[]) b);
        } else if (a instanceof long[]) {
            return Arrays.equals((long[]) a, (long[]) b);
        } else if (a instanceof short[]) {
            return Arrays.equals((short[]) a, (short[]) b);
        } else if (a instanceof byte[]) {
            return Arrays.equals((byte[]) a, (byte[]) b);
        } else {
            return Arrays.equals((boolean[]) a, (boolean[]) b);
        }
    }

    static int hash(Object value) {
        if (value == null) {
            return 0;
        }
        if (value instanceof BigDecimal) {
            BigDecimal decimal = (BigDecimal) value;
            return decimal.signum() == 0 ? 0 : decimal.stripTrailingZeros().hashCode();
        }
        if (value instanceof Object[]) {
            int hash = 1;
            for (Object item : (Object[]) value) {
                hash = 31 * hash + hash(item);
            }
            return hash;
        }
        if (value.getClass().isArray()) {
            return primitiveArrayHash(value);
        }
        return value.hashCode();
    }

    private static int primitiveArrayHash(Object value) {
        if (value instanceof float[]) {
            return Arrays.hashCode((float[]) value);
        } else if (value instanceof double[]) {
            return Arrays.hashCode((double[]) value);
        } else if (value instanceof int[]) {
            return Arrays.hashCode((int[]) value);
        } else if (value instanceof long[]) {
            return Arrays.hashCode((long[]) value);
        } else if (value instanceof short[]) {
            return Arrays.hashCode((short[]) value);
        } else if (value instanceof byte[]) {
            return Arrays.hashCode((byte[]) value);
        } else {
            return Arrays.hashCode((boolean[]) value);
        }
    }

    /** A short readable form: strings quoted and cut, arrays cut after a few items. */
    static void describe(StringBuilder out, Object value) {
        if (value instanceof String) {
            String text = (String) value;
            out.append('"').append(text.length() > SHOWN_CHARS ? text.substring(0, SHOWN_CHARS) + "..." : text)
                    .append('"');
        } else if (value instanceof BigDecimal) {
            out.append(((BigDecimal) value).toPlainString());
        } else if (value != null && value.getClass().isArray()) {
            int length = Array.getLength(value);
            out.append('[');
            for (int i = 0; i < Math.min(length, SHOWN_ITEMS); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                describe(out, Array.get(value, i));
            }
            if (length > SHOWN_ITEMS) {
                out.append(", ... ").append(length).append(" items");
            }
            out.append(']');
        } else {
            out.append(value);
        }
    }
}
