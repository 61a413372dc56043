package org.hhfr.benchmarks.session;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A service of the paper's sessions: how to build the request of array size x, what its answer must be, and
 * how many bytes of application data travel each way (the payload, against which overhead is measured).
 */
public enum SessionWorkload {
    /** FloatSum.sum(float[]): 4 bytes per float up, one float down. */
    FLOAT_SUM("float-sum", "FloatSum", "sum") {
        @Override
        Object requestValue(int arraySize) {
            float[] values = new float[arraySize];
            for (int i = 0; i < arraySize; i++) {
                values[i] = i * 0.5f + 0.25f;
            }
            return values;
        }

        @Override
        Object expectedAnswer(Object request) {
            float sum = 0;
            for (float value : (float[]) request) {
                sum += value;
            }
            return sum;
        }

        @Override
        long payloadBytes(Object value) {
            return value instanceof float[] floats ? 4L * floats.length : 4;
        }
    },
    /** StringConcat.concat(String[]): eight ASCII characters per part up, their concatenation down. */
    STRING_CONCAT("string-concat", "StringConcat", "concat") {
        @Override
        Object requestValue(int arraySize) {
            String[] parts = new String[arraySize];
            for (int i = 0; i < arraySize; i++) {
                parts[i] = String.format(Locale.ROOT, "s%07d", i);
            }
            return parts;
        }

        @Override
        Object expectedAnswer(Object request) {
            return String.join("", (String[]) request);
        }

        @Override
        long payloadBytes(Object value) {
            if (value instanceof String[] parts) {
                long total = 0;
                for (String part : parts) {
                    total += part.getBytes(StandardCharsets.UTF_8).length;
                }
                return total;
            }
            return ((String) value).getBytes(StandardCharsets.UTF_8).length;
        }
    };

    private final String label;
    private final String service;
    private final String operation;

    SessionWorkload(String label, String service, String operation) {
        this.label = label;
        this.service = service;
        this.operation = operation;
    }

    public String label() {
        return label;
    }

    /** The Axis2 service name. */
    public String service() {
        return service;
    }

    public String operation() {
        return operation;
    }

    /** The request's one element value for this array size. */
    abstract Object requestValue(int arraySize);

    /** What the service must answer to that request. */
    abstract Object expectedAnswer(Object request);

    /** Application bytes in a request value or an answer. */
    abstract long payloadBytes(Object value);

    /** @throws IllegalArgumentException a name that is no workload */
    public static SessionWorkload named(String label) {
        for (SessionWorkload workload : values()) {
            if (workload.label.equals(label)) {
                return workload;
            }
        }
        throw new IllegalArgumentException("no workload '" + label + "' (known: float-sum, string-concat)");
    }
}
