package org.hhfr.benchmarks.session.rival;

import java.util.function.Function;

import io.grpc.stub.StreamObserver;
import org.hhfr.axis.services.FloatSum;
import org.hhfr.axis.services.PointsOfInterest;
import org.hhfr.axis.services.StringConcat;
import org.hhfr.benchmarks.session.rival.grpc.ConcatRequest;
import org.hhfr.benchmarks.session.rival.grpc.ConcatResponse;
import org.hhfr.benchmarks.session.rival.grpc.FloatSumRequest;
import org.hhfr.benchmarks.session.rival.grpc.FloatSumResponse;
import org.hhfr.benchmarks.session.rival.grpc.PoiList;
import org.hhfr.benchmarks.session.rival.grpc.PoiRequest;
import org.hhfr.benchmarks.session.rival.grpc.SessionsGrpc;

/**
 * The gRPC rival's service: answers with the very classes the Axis2 service deploys, so every rival computes
 * the same sums, joins and point-of-interest records as SOAP and HHFR. Streams answer each request in order.
 */
final class SessionsService extends SessionsGrpc.SessionsImplBase {
    private final FloatSum floatSum = new FloatSum();
    private final StringConcat stringConcat = new StringConcat();
    private final PointsOfInterest pointsOfInterest = new PointsOfInterest();

    @Override
    public void sum(FloatSumRequest request, StreamObserver<FloatSumResponse> response) {
        answerOnce(request, response, this::sum);
    }

    @Override
    public StreamObserver<FloatSumRequest> sumStream(StreamObserver<FloatSumResponse> responses) {
        return answering(responses, this::sum);
    }

    @Override
    public void concat(ConcatRequest request, StreamObserver<ConcatResponse> response) {
        answerOnce(request, response, this::concat);
    }

    @Override
    public StreamObserver<ConcatRequest> concatStream(StreamObserver<ConcatResponse> responses) {
        return answering(responses, this::concat);
    }

    @Override
    public void listPoi(PoiRequest request, StreamObserver<PoiList> response) {
        answerOnce(request, response, this::listPoi);
    }

    @Override
    public StreamObserver<PoiRequest> listPoiStream(StreamObserver<PoiList> responses) {
        return answering(responses, this::listPoi);
    }

    private FloatSumResponse sum(FloatSumRequest request) {
        float[] values = new float[request.getValuesCount()];
        for (int i = 0; i < values.length; i++) {
            values[i] = request.getValues(i);
        }
        return FloatSumResponse.newBuilder().setSum(floatSum.sum(values)).build();
    }

    private ConcatResponse concat(ConcatRequest request) {
        String[] parts = request.getPartsList().toArray(new String[0]);
        return ConcatResponse.newBuilder().setJoined(stringConcat.concat(parts)).build();
    }

    private PoiList listPoi(PoiRequest request) {
        return PoiRecords.toProto(pointsOfInterest.list(request.getCount()));
    }

    private static <Q, A> void answerOnce(Q request, StreamObserver<A> response, Function<Q, A> service) {
        response.onNext(service.apply(request));
        response.onCompleted();
    }

    /** A stream's request side: each request answered at once, in order; the client's end ends the answers. */
    private static <Q, A> StreamObserver<Q> answering(StreamObserver<A> responses, Function<Q, A> service) {
        return new StreamObserver<>() {
            @Override
            public void onNext(Q request) {
                responses.onNext(service.apply(request));
            }

            @Override
            public void onError(Throwable t) {
                // The client cancelled or went away: the call is over, nothing to answer.
            }

            @Override
            public void onCompleted() {
                responses.onCompleted();
            }
        };
    }
}
