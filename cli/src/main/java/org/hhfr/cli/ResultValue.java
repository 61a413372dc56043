package org.hhfr.cli;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Nil;
import org.hhfr.streamer.Record;

/**
 * What a response says, for people and for JSON: the response's one element value when it has exactly one
 * (the sum, the concatenation, the list of records), otherwise the whole message. Numbers stay numbers in
 * JSON except NaN and the infinities, which JSON cannot hold and are written as strings in XSD's spelling.
 */
final class ResultValue {
    private ResultValue() {
    }

    /** The response's sole element value, or the whole message when it has attributes or several elements. */
    static Object of(Message response) {
        Object root = response.root();
        if (!(root instanceof Record)) {
            return root;
        }
        Record record = (Record) root;
        ComplexType type = record.type();
        if (type.attributes().isEmpty() && type.elements().size() == 1) {
            return record.get(0);
        }
        return record;
    }

    /**
     * {@code value} as a JSON value: arrays as arrays, records as objects (each attribute under {@code @name},
     * each element under its local name, whole; a nil element's attributes with {@code "@xsi:nil": true}), nil
     * without attributes as null, other values as their text.
     */
    static JsonNode json(Object value) {
        if (value == null || value == Nil.NIL) {
            return JsonOutput.NODES.nullNode();
        }
        if (value instanceof Float) {
            float number = (Float) value;
            return Float.isFinite(number) ? JsonOutput.NODES.numberNode(number) : json((double) number);
        }
        if (value instanceof Double) {
            return json((double) (Double) value);
        }
        if (value instanceof BigDecimal) {
            return JsonOutput.NODES.numberNode((BigDecimal) value);
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return JsonOutput.NODES.numberNode(((Number) value).longValue());
        }
        if (value instanceof Boolean) {
            return JsonOutput.NODES.booleanNode((Boolean) value);
        }
        if (value.getClass().isArray() && !(value instanceof byte[])) {
            ArrayNode items = JsonOutput.NODES.arrayNode();
            for (int i = 0; i < Array.getLength(value); i++) {
                items.add(json(Array.get(value, i)));
            }
            return items;
        }
        if (value instanceof Record) {
            return json((Record) value);
        }
        return JsonOutput.NODES.textNode(value.toString());
    }

    private static ObjectNode json(Record record) {
        ObjectNode fields = JsonOutput.NODES.objectNode();
        List<AttributeDecl> attributes = record.type().attributes();
        for (int i = 0; i < attributes.size(); i++) {
            Object attribute = record.attribute(i);
            if (attribute != null) {
                fields.set("@" + attributes.get(i).name().localName(), json(attribute));
            }
        }
        if (record.isNil()) {
            // a nil element that carries attributes: its xsi:nil with them, as XML writes it, and no elements
            return fields.put("@xsi:nil", true);
        }
        List<ElementDecl> elements = record.type().elements();
        for (int i = 0; i < elements.size(); i++) {
            Object element = record.get(i);
            if (element != null) {
                fields.set(elements.get(i).name().localName(), json(element));
            }
        }
        return fields;
    }

    /** A double as a JSON number, or NaN and the infinities as strings in XSD's spelling. */
    static JsonNode json(double value) {
        if (Double.isNaN(value)) {
            return JsonOutput.NODES.textNode("NaN");
        }
        if (Double.isInfinite(value)) {
            return JsonOutput.NODES.textNode(value > 0 ? "INF" : "-INF");
        }
        return JsonOutput.NODES.numberNode(value);
    }

    /** For people: strings quoted (so empty and blank results show), arrays in brackets, records as written. */
    static String text(Object value) {
        if (value == null || value == Nil.NIL) {
            return "nil";
        }
        if (value instanceof String) {
            return JsonOutput.quoted((String) value);
        }
        if (value instanceof BigDecimal) {
            return ((BigDecimal) value).toPlainString();
        }
        if (value.getClass().isArray() && !(value instanceof byte[])) {
            StringBuilder items = new StringBuilder("[");
            for (int i = 0; i < Array.getLength(value); i++) {
                items.append(i == 0 ? "" : ", ").append(text(Array.get(value, i)));
            }
            return items.append(']').toString();
        }
        return value.toString();
    }
}
