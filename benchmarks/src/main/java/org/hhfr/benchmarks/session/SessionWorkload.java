package org.hhfr.benchmarks.session;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.hhfr.axis.services.PointOfInterest;
import org.hhfr.axis.services.PointsOfInterest;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Record;

/**
 * A service of the paper's sessions: how to build the request of array size x, what its answer must be, and
 * how many bytes of application data travel each way (the payload, against which overhead is measured).
 */
public enum SessionWorkload {
    /** FloatSum.sum(float[]): 4 bytes per float up, one float down. */
    FLOAT_SUM("FloatSum", "sum") {
        @Override
        public Object requestValue(int arraySize) {
            float[] values = new float[arraySize];
            for (int i = 0; i < arraySize; i++) {
                values[i] = i * 0.5f + 0.25f;
            }
            return values;
        }

        @Override
        public Object expectedAnswer(Object request) {
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
    STRING_CONCAT("StringConcat", "concat") {
        @Override
        public Object requestValue(int arraySize) {
            String[] parts = new String[arraySize];
            for (int i = 0; i < arraySize; i++) {
                parts[i] = String.format(Locale.ROOT, "s%07d", i);
            }
            return parts;
        }

        @Override
        public Object expectedAnswer(Object request) {
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
    },
    /**
     * PointsOfInterest.list(count): the point-of-interest download of seed 000, the "array size" being the
     * number of records. Answers are compared field by field with the service class's own catalogue; the
     * payload down is the UTF-8 bytes of the 13 text fields plus 4 bytes of id per record.
     */
    POI("PointsOfInterest", "list") {
        @Override
        public Object requestValue(int arraySize) {
            return arraySize;
        }

        @Override
        public Object expectedAnswer(Object request) {
            return answerOfReturned(new PointsOfInterest().list((Integer) request));
        }

        @Override
        Object answerOfReturned(Object returned) {
            List<List<Object>> records = new ArrayList<>();
            for (PointOfInterest poi : (PointOfInterest[]) returned) {
                List<Object> fields = new ArrayList<>();
                fields.add(poi.getId());
                fields.addAll(Arrays.asList(poi.getName(), poi.getDescription(), poi.getPoiClassId(),
                        poi.getLatitude(), poi.getLongitude(), poi.getAddress(), poi.getPhone(), poi.getFax(),
                        poi.getEmail(), poi.getUrl(), poi.getAvgCost(), poi.getAvgDuration(), poi.getActive()));
                records.add(fields);
            }
            return records;
        }

        @Override
        public Object answerOf(Message response) {
            List<List<Object>> records = new ArrayList<>();
            Object value = response.record().get(0);
            for (Object item : value instanceof Object[] items ? items : new Object[] {value}) {
                Record record = (Record) item;
                List<Object> fields = new ArrayList<>();
                fields.add(record.get("id"));
                for (String name : TEXT_FIELDS) {
                    fields.add(record.get(name));
                }
                records.add(fields);
            }
            return records;
        }

        @Override
        long payloadBytes(Object value) {
            if (value instanceof Integer) {
                return 4;
            }
            long total = 0;
            for (Object record : (List<?>) value) {
                for (Object field : (List<?>) record) {
                    total += field instanceof String text ? text.getBytes(StandardCharsets.UTF_8).length : 4;
                }
            }
            return total;
        }
    };

    private static final List<String> TEXT_FIELDS = List.of("name", "description", "poiClassId", "latitude",
            "longitude", "address", "phone", "fax", "email", "url", "avgCost", "avgDuration", "active");

    private final String service;
    private final String operation;

    SessionWorkload(String service, String operation) {
        this.service = service;
        this.operation = operation;
    }

    /** The name on the command line and in reports: the constant's name in lower case, words joined by '-'. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The Axis2 service name. */
    public String service() {
        return service;
    }

    public String operation() {
        return operation;
    }

    /** The request's one element value for this array size. */
    public abstract Object requestValue(int arraySize);

    /** What the service must answer to that request. */
    public abstract Object expectedAnswer(Object request);

    /** The answer in a response, in the form {@link #expectedAnswer} gives. */
    public Object answerOf(Message response) {
        return response.record().get(0);
    }

    /**
     * The answer in the form {@link #expectedAnswer} gives, from what the service class's method returned
     * ({@code Float}, {@code String}, {@code PointOfInterest[]}), as the rivals' clients hand it back.
     */
    Object answerOfReturned(Object returned) {
        return returned;
    }

    /** Application bytes in a request value or an answer. */
    abstract long payloadBytes(Object value);

    /** @throws IllegalArgumentException a name that is no workload */
    public static SessionWorkload named(String label) {
        for (SessionWorkload workload : values()) {
            if (workload.label().equals(label)) {
                return workload;
            }
        }
        throw new IllegalArgumentException("no workload '" + label + "' (known: float-sum, string-concat, poi)");
    }
}
