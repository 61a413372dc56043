package org.hhfr.cli;

/** One JSON object on one line, written field by field in the order given. */
final class JsonFields {
    private final StringBuilder out = new StringBuilder("{");

    JsonFields string(String key, String value) {
        return raw(key, value == null ? "null" : SchemaJsonRenderer.quoted(value, false));
    }

    JsonFields number(String key, long value) {
        return raw(key, Long.toString(value));
    }

    /** A count that may be unknown: {@code null} then. */
    JsonFields number(String key, Long value) {
        return raw(key, value == null ? "null" : value.toString());
    }

    JsonFields number(String key, double value) {
        return raw(key, ResultValue.json(value));
    }

    /** {@code json} must already be a JSON value. */
    JsonFields raw(String key, String json) {
        if (out.length() > 1) {
            out.append(", ");
        }
        out.append(SchemaJsonRenderer.quoted(key, false)).append(": ").append(json);
        return this;
    }

    @Override
    public String toString() {
        return out + "}";
    }
}
