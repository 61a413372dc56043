package org.hhfr.cli;

import java.lang.reflect.Array;
import java.math.BigDecimal;

import org.hhfr.schemas.ComplexType;
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

    static String json(Object value) {
        if (value == null || value == Nil.NIL) {
            return "null";
        }
        if (value instanceof Float) {
            return json(((Float) value).doubleValue(), Float.toString((Float) value));
        }
        if (value instanceof Double) {
            return json((double) (Double) value);
        }
        if (value instanceof Number) {
            return value instanceof BigDecimal ? ((BigDecimal) value).toPlainString() : value.toString();
        }
        if (value instanceof Boolean) {
            return value.toString();
        }
        if (value.getClass().isArray() && !(value instanceof byte[])) {
            StringBuilder items = new StringBuilder("[");
            for (int i = 0; i < Array.getLength(value); i++) {
                items.append(i == 0 ? "" : ", ").append(json(Array.get(value, i)));
            }
            return items.append(']').toString();
        }
        return SchemaJsonRenderer.quoted(value.toString(), false);
    }

    static String json(double value) {
        return json(value, Double.toString(value));
    }

    private static String json(double value, String digits) {
        if (Double.isNaN(value)) {
            return "\"NaN\"";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "\"INF\"" : "\"-INF\"";
        }
        return digits;
    }

    /** For people: strings quoted (so empty and blank results show), arrays in brackets, records as written. */
    static String text(Object value) {
        if (value == null || value == Nil.NIL) {
            return "nil";
        }
        if (value instanceof String) {
            return SchemaJsonRenderer.quoted((String) value, false);
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
