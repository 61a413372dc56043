package org.hhfr.benchmarks.session.rival;

import org.hhfr.axis.services.FloatSum;
import org.hhfr.axis.services.PointOfInterest;
import org.hhfr.axis.services.PointsOfInterest;
import org.hhfr.axis.services.StringConcat;
import org.hhfr.benchmarks.session.SessionWorkload;

/**
 * A workload's operation in the REST rival: its path (POST with a JSON body), the JSON bodies each way, what
 * the server answers (with the very classes the Axis2 service deploys) and how the client reads the answer
 * back into the service class's own type.
 */
enum JsonOperation {
    /** {@code {"values":[0.25,0.75]}} answered by {@code {"sum":1.0}}. */
    FLOAT_SUM("/float-sum", SumRequest.class, SumAnswer.class) {
        private final FloatSum service = new FloatSum();

        @Override
        Object serve(Object request) {
            return new SumAnswer(service.sum(((SumRequest) request).values()));
        }

        @Override
        Object request(Object value) {
            return new SumRequest((float[]) value);
        }

        @Override
        Object answerOf(Object body) {
            return ((SumAnswer) body).sum();
        }
    },
    /** {@code {"parts":["s0000000","s0000001"]}} answered by {@code {"joined":"s0000000s0000001"}}. */
    STRING_CONCAT("/string-concat", ConcatRequest.class, ConcatAnswer.class) {
        private final StringConcat service = new StringConcat();

        @Override
        Object serve(Object request) {
            return new ConcatAnswer(service.concat(((ConcatRequest) request).parts()));
        }

        @Override
        Object request(Object value) {
            return new ConcatRequest((String[]) value);
        }

        @Override
        Object answerOf(Object body) {
            return ((ConcatAnswer) body).joined();
        }
    },
    /** {@code {"count":250}} answered by the array of records, each an object of the bean's properties. */
    POI("/poi", PoiRequest.class, PointOfInterest[].class) {
        private final PointsOfInterest service = new PointsOfInterest();

        @Override
        Object serve(Object request) {
            return service.list(((PoiRequest) request).count());
        }

        @Override
        Object request(Object value) {
            return new PoiRequest((Integer) value);
        }

        @Override
        Object answerOf(Object body) {
            return body;
        }
    };

    public record SumRequest(float[] values) {
    }

    public record SumAnswer(float sum) {
    }

    public record ConcatRequest(String[] parts) {
    }

    public record ConcatAnswer(String joined) {
    }

    public record PoiRequest(int count) {
    }

    private final String path;
    private final Class<?> requestType;
    private final Class<?> answerType;

    JsonOperation(String path, Class<?> requestType, Class<?> answerType) {
        this.path = path;
        this.requestType = requestType;
        this.answerType = answerType;
    }

    String path() {
        return path;
    }

    Class<?> requestType() {
        return requestType;
    }

    Class<?> answerType() {
        return answerType;
    }

    /** The server's answer body to a request body. */
    abstract Object serve(Object request);

    /** The request body carrying a session's request value. */
    abstract Object request(Object value);

    /** The answer in the service class's own type. */
    abstract Object answerOf(Object body);

    static JsonOperation of(SessionWorkload workload) {
        return switch (workload) {
            case FLOAT_SUM -> FLOAT_SUM;
            case STRING_CONCAT -> STRING_CONCAT;
            case POI -> POI;
        };
    }

    /** @return null for a path that is no operation */
    static JsonOperation at(String path) {
        for (JsonOperation operation : values()) {
            if (operation.path.equals(path)) {
                return operation;
            }
        }
        return null;
    }
}
