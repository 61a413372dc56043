package org.hhfr.cli;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.util.Base64;
import java.util.List;

import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.XsdType;
import org.hhfr.streamer.DateTime;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Record;
import org.hhfr.streamer.XmlRepresentation;

/**
 * Turns command-line texts into the request's values, following the operation's request structure (from
 * the service's WSDL): a request with one repeated element takes every text as one item of it
 * ({@code FloatSum.sum}: a {@code float[]}); otherwise each element takes one text, in schema order
 * ({@code PointsOfInterest.list}: one {@code int}). Texts are the types' XSD lexical forms (dateTime as
 * {@code 2024-02-29T12:00:00Z}, base64Binary as base64). A request with structures or attributes is given
 * as XML instead ({@code --request}).
 */
final class RequestValues {
    private RequestValues() {
    }

    /**
     * The request of structure {@code request} holding {@code texts}.
     *
     * @throws IllegalArgumentException a text does not parse, or the count does not fit the structure
     */
    static Message message(DataStructure request, List<String> texts) {
        Object[] values = of(request, texts);
        if (request.root().isSimple()) {
            return Message.of(request, values[0]);
        }
        Message.Builder builder = Message.of(request);
        for (int i = 0; i < values.length; i++) {
            builder.set(i, values[i]);
        }
        return builder.build();
    }

    /**
     * The request of structure {@code request} written as XML, as its element appears in the SOAP Body
     * ({@code <ns:sum xmlns:ns="http://floatsum.hhfr.org"><values>1.5</values></ns:sum>}).
     *
     * @throws IllegalArgumentException the XML is not such an element
     */
    static Message fromXml(DataStructure request, byte[] xml) {
        try {
            return new XmlRepresentation().decode(request, xml, 0, xml.length);
        } catch (MalformedMessageException e) {
            throw new IllegalArgumentException("the request is not a " + request.root().name().localName()
                    + " element of the operation's schema: " + e.getMessage(), e);
        }
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
            throw new IllegalArgumentException(root.name().localName() + " has attributes; give the request "
                    + "as XML (--request)");
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
        simpleType(element);
        Object array = Array.newInstance(Record.arrayClass(element).getComponentType(), texts.size());
        for (int i = 0; i < texts.size(); i++) {
            Array.set(array, i, parse(element, texts.get(i)));
        }
        return array;
    }

    private static Object parse(ElementDecl element, String text) {
        XsdType type = simpleType(element);
        try {
            return parse(type, text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not a valid " + type.localName() + " for "
                    + element.name().localName(), e);
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
            case BYTE:
                return Byte.valueOf(trimmed);
            case FLOAT:
                return Float.valueOf(floatingText(trimmed));
            case DOUBLE:
                return Double.valueOf(floatingText(trimmed));
            case DECIMAL:
                return new BigDecimal(trimmed);
            case DATE_TIME:
                return DateTime.parse(trimmed);
            case BASE64_BINARY:
                return Base64.getDecoder().decode(trimmed.replaceAll("\\s", ""));
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
            throw new IllegalArgumentException(element.name().localName() + " is a structure; give the request "
                    + "as XML (--request)");
        }
        return element.simpleType().base();
    }

    private static String names(List<ElementDecl> elements) {
        StringBuilder names = new StringBuilder();
        for (ElementDecl element : elements) {
            names.append(names.length() == 0 ? "" : ", ").append(element.name().localName());
        }
        return names.toString();
    }
}
