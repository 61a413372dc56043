package org.hhfr.cli;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.util.List;

import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.XsdType;

/**
 * Turns command-line texts into the request's values, following the operation's request structure (from
 * the service's WSDL): a request with one repeated element takes every text as one item of it
 * ({@code FloatSum.sum}: a {@code float[]}); otherwise each element takes one text, in schema order
 * ({@code PointsOfInterest.list}: one {@code int}). Only simple types with a plain text form are supported.
 */
final class RequestValues {
    private RequestValues() {
    }

    /**
     * The values for {@code Message.Builder.set(index, value)}, one per element of the request's root.
     *
     * @throws IllegalArgumentException a text does not parse, or the count does not fit the structure
     */
    static Object[] of(DataStructure request, List<String> texts) {
        ElementDecl root = request.root();
        if (root.isSimple()) {
            return new Object[] {single(root, texts)};
        }
        ComplexType type = root.complexType();
        if (!type.attributes().isEmpty()) {
            throw new IllegalArgumentException(root.name().localName() + " has attributes; the command line "
                    + "sends only element values");
        }
        List<ElementDecl> elements = type.elements();
        if (elements.size() == 1 && elements.get(0).isRepeated()) {
            return new Object[] {array(elements.get(0), texts)};
        }
        if (texts.size() != elements.size()) {
            throw new IllegalArgumentException(root.name().localName() + " takes " + elements.size()
                    + (elements.size() == 1 ? " value" : " values") + " (" + names(elements) + "), not "
                    + texts.size());
        }
        Object[] values = new Object[elements.size()];
        for (int i = 0; i < values.length; i++) {
            ElementDecl element = elements.get(i);
            if (element.isRepeated()) {
                throw new IllegalArgumentException(element.name().localName() + " is repeated alongside other "
                        + "elements; the command line cannot tell which values belong to it");
            }
            values[i] = parse(element, texts.get(i));
        }
        return values;
    }

    private static Object single(ElementDecl element, List<String> texts) {
        if (texts.size() != 1) {
            throw new IllegalArgumentException(element.name().localName() + " takes one value, not " + texts.size());
        }
        return parse(element, texts.get(0));
    }

    /** A primitive array ({@code float[]}) or, for a nillable element, a boxed one ({@code Float[]}). */
    private static Object array(ElementDecl element, List<String> texts) {
        if (texts.size() < element.minOccurs() || texts.size() > element.maxOccurs()) {
            throw new IllegalArgumentException(element.name().localName() + " takes " + element.minOccurs() + ".."
                    + (element.maxOccurs() == ElementDecl.UNBOUNDED ? "*" : element.maxOccurs()) + " values, not "
                    + texts.size());
        }
        Class<?> boxed = boxedClass(simpleType(element));
        Object array = Array.newInstance(element.nillable() ? boxed : unboxed(boxed), texts.size());
        for (int i = 0; i < texts.size(); i++) {
            Array.set(array, i, parse(element, texts.get(i)));
        }
        return array;
    }

    private static Object parse(ElementDecl element, String text) {
        XsdType type = simpleType(element);
        try {
            return parse(type, text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a valid " + type.localName() + " for "
                    + element.name().localName());
        }
    }

    private static Object parse(XsdType type, String text) {
        String trimmed = type == XsdType.STRING ? text : text.trim();
        switch (type) {
            case STRING:
                return trimmed;
            case BOOLEAN:
                if ("true".equals(trimmed) || "1".equals(trimmed)) {
                    return Boolean.TRUE;
                }
                if ("false".equals(trimmed) || "0".equals(trimmed)) {
                    return Boolean.FALSE;
                }
                throw new NumberFormatException(trimmed);
            case INT:
                return Integer.valueOf(trimmed);
            case LONG:
                return Long.valueOf(trimmed);
            case SHORT:
                return Short.valueOf(trimmed);
            case FLOAT:
                return Float.valueOf(floatingText(trimmed));
            case DOUBLE:
                return Double.valueOf(floatingText(trimmed));
            case DECIMAL:
                return new BigDecimal(trimmed);
            default:
                throw new IllegalArgumentException("values of type " + type.localName()
                        + " cannot be given on the command line");
        }
    }

    /** XSD's lexical forms of float and double: no Java suffixes or hex, INF/-INF/NaN spelled as XSD does. */
    private static String floatingText(String text) {
        if ("INF".equals(text) || "+INF".equals(text)) {
            return "Infinity";
        }
        if ("-INF".equals(text)) {
            return "-Infinity";
        }
        if ("NaN".equals(text)) {
            return text;
        }
        if (!text.matches("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?")) {
            throw new NumberFormatException(text);
        }
        return text;
    }

    private static XsdType simpleType(ElementDecl element) {
        if (!element.isSimple()) {
            throw new IllegalArgumentException(element.name().localName() + " is a structure; the command line "
                    + "sends only simple values");
        }
        return element.simpleType().base();
    }

    private static Class<?> boxedClass(XsdType type) {
        switch (type) {
            case STRING:
                return String.class;
            case BOOLEAN:
                return Boolean.class;
            case INT:
                return Integer.class;
            case LONG:
                return Long.class;
            case SHORT:
                return Short.class;
            case FLOAT:
                return Float.class;
            case DOUBLE:
                return Double.class;
            case DECIMAL:
                return BigDecimal.class;
            default:
                throw new IllegalArgumentException("values of type " + type.localName()
                        + " cannot be given on the command line");
        }
    }

    /** The primitive array item type of a boxed type; strings and decimals stay as they are. */
    private static Class<?> unboxed(Class<?> boxed) {
        if (boxed == Boolean.class) {
            return boolean.class;
        }
        if (boxed == Integer.class) {
            return int.class;
        }
        if (boxed == Long.class) {
            return long.class;
        }
        if (boxed == Short.class) {
            return short.class;
        }
        if (boxed == Float.class) {
            return float.class;
        }
        if (boxed == Double.class) {
            return double.class;
        }
        return boxed;
    }

    private static String names(List<ElementDecl> elements) {
        StringBuilder names = new StringBuilder();
        for (ElementDecl element : elements) {
            names.append(names.length() == 0 ? "" : ", ").append(element.name().localName());
        }
        return names.toString();
    }
}
