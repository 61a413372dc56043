package org.hhfr.benchmarks.session.rival;

import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
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
    FLOAT_SUM("/float-sum", SumRequest.class, SumAnswer.class,
            serving(new FloatSum(),
                    (service, request) -> new SumAnswer(service.sum(((SumRequest) request).values()))),
            value -> new SumRequest((float[]) value),
            body -> ((SumAnswer) body).sum()),
    /** {@code {"parts":["s0000000","s0000001"]}} answered by {@code {"joined":"s0000000s0000001"}}. */
    STRING_CONCAT("/string-concat", ConcatRequest.class, ConcatAnswer.class,
            serving(new StringConcat(),
                    (service, request) -> new ConcatAnswer(service.concat(((ConcatRequest) request).parts()))),
            value -> new ConcatRequest((String[]) value),
            body -> ((ConcatAnswer) body).joined()),
    /** {@code {"count":250}} answered by the array of records, each an object of the bean's properties. */
    POI("/poi", PoiRequest.class, PointOfInterest[].class,
            serving(new PointsOfInterest(), (service, request) -> service.list(((PoiRequest) request).count())),
            value -> new PoiRequest((Integer) value),
            body -> body);

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
    private final UnaryOperator<Object> server;
    private final UnaryOperator<Object> requestBody;
    private final UnaryOperator<Object> answerValue;

    JsonOperation(String path, Class<?> requestType, Class<?> answerType, UnaryOperator<Object> server,
                  UnaryOperator<Object> requestBody, UnaryOperator<Object> answerValue) {
        this.path = path;
        this.requestType = requestType;
        this.answerType = answerType;
        this.server = server;
        this.requestBody = requestBody;
        this.answerValue = answerValue;
    }

    /** The server's answers, each computed by one instance of the deployed service class. */
    private static <S> UnaryOperator<Object> serving(S service, BiFunction<S, Object, Object> answer) {
        return request -> answer.apply(service, request);
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
    Object serve(Object request) {
        return server.apply(request);
    }

    /** The request body carrying a session's request value. */
    Object request(Object value) {
        return requestBody.apply(value);
    }

    /** The answer in the service class's own type. */
    Object answerOf(Object body) {
        return answerValue.apply(body);
    }

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
