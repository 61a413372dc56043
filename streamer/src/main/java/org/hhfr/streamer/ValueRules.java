package org.hhfr.streamer;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.Map;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;

/**
 * Which Java value each declaration shape takes (the table in the README), and the check that a value
 * conforms, failing with an {@link IllegalArgumentException} that names the element.
 */
final class ValueRules {
    private static final Map<XsdType, Class<?>> SINGLE = new EnumMap<>(XsdType.class);
    private static final Map<XsdType, Class<?>> ARRAY = new EnumMap<>(XsdType.class);
    private static final Map<XsdType, Class<?>> NILLABLE_ARRAY = new EnumMap<>(XsdType.class);

    static {
        shape(XsdType.STRING, String.class, String[].class, String[].class);
        shape(XsdType.BOOLEAN, Boolean.class, boolean[].class, Boolean[].class);
        shape(XsdType.INT, Integer.class, int[].class, Integer[].class);
        shape(XsdType.LONG, Long.class, long[].class, Long[].class);
        shape(XsdType.SHORT, Short.class, short[].class, Short[].class);
        shape(XsdType.BYTE, Byte.class, byte[].class, Byte[].class);
        shape(XsdType.FLOAT, Float.class, float[].class, Float[].class);
        shape(XsdType.DOUBLE, Double.class, double[].class, Double[].class);
        shape(XsdType.DECIMAL, BigDecimal.class, BigDecimal[].class, BigDecimal[].class);
        shape(XsdType.DATE_TIME, DateTime.class, DateTime[].class, DateTime[].class);
        shape(XsdType.BASE64_BINARY, byte[].class, byte[][].class, byte[][].class);
    }

    private ValueRules() {
    }

    private static void shape(XsdType type, Class<?> single, Class<?> array, Class<?> nillableArray) {
        SINGLE.put(type, single);
        ARRAY.put(type, array);
        NILLABLE_ARRAY.put(type, nillableArray);
    }

    /** The Java class of a repeated element's value. */
    static Class<?> arrayClass(ElementDecl element) {
        if (!element.isSimple()) {
            return Record[].class;
        }
        return (element.nillable() ? NILLABLE_ARRAY : ARRAY).get(element.simpleType().base());
    }

    /** The value of an absent repeated element. */
    static Object emptyArray(ElementDecl element) {
        return Array.newInstance(arrayClass(element).getComponentType(), 0);
    }

    /** Checks a value for {@code element}; {@code null} means absent. */
    static void checkElement(ElementDecl element, Object value) {
        if (element.isRepeated()) {
            checkArray(element, value);
        } else if (value == null) {
            if (!element.isOptional()) {
                throw new IllegalArgumentException("element " + element.name() + " is required");
            }
        } else if (value == Nil.NIL) {
            if (!element.nillable()) {
                throw new IllegalArgumentException("element " + element.name() + " is not nillable");
            }
        } else {
            checkItem(element, value);
        }
    }

    static void checkAttribute(AttributeDecl attribute, Object value) {
        if (value == null) {
            if (attribute.required()) {
                throw new IllegalArgumentException("attribute " + attribute.name() + " is required");
            }
            return;
        }
        checkSimple(attribute.type(), value, "attribute " + attribute.name());
    }

    private static void checkArray(ElementDecl element, Object value) {
        Class<?> expected = arrayClass(element);
        if (value == null || value.getClass() != expected) {
            throw new IllegalArgumentException("element " + element.name() + " is repeated and takes "
                    + expected.getSimpleName() + ", not " + describeClass(value));
        }
        int length = Array.getLength(value);
        if (length < element.minOccurs() || length > element.maxOccurs()) {
            throw new IllegalArgumentException("element " + element.name() + " takes "
                    + occurrence(element) + " items, not " + length);
        }
        if (value instanceof Object[]) {
            Object[] items = (Object[]) value;
            for (int i = 0; i < items.length; i++) {
                if (items[i] == null) {
                    if (!element.nillable()) {
                        throw new IllegalArgumentException("element " + element.name() + "[" + i
                                + "] is null but the element is not nillable");
                    }
                } else {
                    checkItem(element, items[i]);
                }
            }
        }
    }

    private static void checkItem(ElementDecl element, Object value) {
        if (element.isSimple()) {
            checkSimple(element.simpleType(), value, "element " + element.name());
            return;
        }
        if (!(value instanceof Record)) {
            throw new IllegalArgumentException("element " + element.name() + " takes a Record, not "
                    + describeClass(value));
        }
        ComplexType type = ((Record) value).type();
        if (type != element.complexType() && !type.equals(element.complexType())) {
            throw new IllegalArgumentException("element " + element.name() + " takes a Record of "
                    + element.complexType() + ", not of " + type);
        }
        if (((Record) value).isNil() && !element.nillable()) {
            throw new IllegalArgumentException("element " + element.name() + " is not nillable");
        }
    }

    private static void checkSimple(SimpleType type, Object value, String what) {
        Class<?> expected = SINGLE.get(type.base());
        if (value.getClass() != expected) {
            throw new IllegalArgumentException(what + " of type xs:" + type.base().localName() + " takes "
                    + expected.getSimpleName() + ", not " + describeClass(value));
        }
        if (type.isEnumeration() && !type.enumeration().contains(value)) {
            throw new IllegalArgumentException(what + ": '" + value + "' is not one of " + type.enumeration());
        }
        if (value instanceof String) {
            int bad = XmlChars.firstInvalid((String) value);
            if (bad >= 0) {
                throw new IllegalArgumentException(what + ": character U+"
                        + Integer.toHexString(((String) value).charAt(bad)) + " at index " + bad
                        + " cannot be carried by XML 1.0");
            }
        }
    }

    private static String occurrence(ElementDecl element) {
        return element.minOccurs() + ".." + (element.maxOccurs() == ElementDecl.UNBOUNDED
                ? "unbounded" : String.valueOf(element.maxOccurs()));
    }

    private static String describeClass(Object value) {
        return value == null ? "null" : value == Nil.NIL ? "Nil" : value.getClass().getSimpleName();
    }
}
