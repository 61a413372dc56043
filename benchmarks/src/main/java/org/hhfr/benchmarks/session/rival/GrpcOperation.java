package org.hhfr.benchmarks.session.rival;

import java.util.Arrays;
import java.util.function.Function;

import io.grpc.MethodDescriptor;
import org.hhfr.benchmarks.session.SessionWorkload;
import org.hhfr.benchmarks.session.rival.grpc.ConcatRequest;
import org.hhfr.benchmarks.session.rival.grpc.ConcatResponse;
import org.hhfr.benchmarks.session.rival.grpc.FloatSumRequest;
import org.hhfr.benchmarks.session.rival.grpc.FloatSumResponse;
import org.hhfr.benchmarks.session.rival.grpc.PoiList;
import org.hhfr.benchmarks.session.rival.grpc.PoiRequest;
import org.hhfr.benchmarks.session.rival.grpc.SessionsGrpc;

/**
 * A workload's operation on the gRPC rival's client side: its unary and streaming methods, how a session's
 * request value becomes the request message, and how a response becomes the answer in the service class's
 * own type ({@code Float}, {@code String}, {@code PointOfInterest[]}).
 */
record GrpcOperation<Q, A>(MethodDescriptor<Q, A> unary, MethodDescriptor<Q, A> stream,
        Function<Object, Q> request, Function<A, Object> answer) {

    static GrpcOperation<?, ?> of(SessionWorkload workload) {
        return switch (workload) {
            case FLOAT_SUM -> new GrpcOperation<FloatSumRequest, FloatSumResponse>(SessionsGrpc.getSumMethod(),
                    SessionsGrpc.getSumStreamMethod(), GrpcOperation::floatSum, FloatSumResponse::getSum);
            case STRING_CONCAT -> new GrpcOperation<ConcatRequest, ConcatResponse>(SessionsGrpc.getConcatMethod(),
                    SessionsGrpc.getConcatStreamMethod(),
                    value -> ConcatRequest.newBuilder().addAllParts(Arrays.asList((String[]) value)).build(),
                    ConcatResponse::getJoined);
            case POI -> new GrpcOperation<PoiRequest, PoiList>(SessionsGrpc.getListPoiMethod(),
                    SessionsGrpc.getListPoiStreamMethod(),
                    value -> PoiRequest.newBuilder().setCount((Integer) value).build(), PoiRecords::fromProto);
        };
    }

    private static FloatSumRequest floatSum(Object value) {
        FloatSumRequest.Builder request = FloatSumRequest.newBuilder();
        for (float v : (float[]) value) {
            request.addValues(v);
        }
        return request.build();
    }
}
