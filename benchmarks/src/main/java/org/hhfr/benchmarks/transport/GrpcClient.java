package org.hhfr.benchmarks.transport;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.TimeUnit;
import org.hhfr.benchmarks.transport.grpc.FloatSumGrpc;
import org.hhfr.benchmarks.transport.grpc.SumRequest;
import org.hhfr.benchmarks.transport.grpc.SumResponse;

/**
 * The gRPC-java anchor's client: one bidirectional stream, {@code window} requests in flight, each response
 * answered by the next request (built afresh, as an application would). gRPC's request observer is not
 * thread-safe, so sends are serialized on a lock (uncontended once the first window is out).
 */
final class GrpcClient extends ClosedLoopClient {
    private final float[] values = FloatSumFrames.values();
    private final Object sendLock = new Object();
    private final ManagedChannel channel;
    private final StreamObserver<SumRequest> requests;

    GrpcClient(String host, int port, boolean direct, int window, long limit) {
        super(limit);
        NettyChannelBuilder builder = NettyChannelBuilder.forAddress(host, port).usePlaintext();
        if (direct) {
            builder.directExecutor();
        }
        channel = builder.build();
        synchronized (sendLock) {
            requests = FloatSumGrpc.newStub(channel).sum(new ResponseObserver());
            for (int i = 0; i < window && loop.startOne(); i++) {
                requests.onNext(request());
            }
        }
    }

    private SumRequest request() {
        SumRequest.Builder builder = SumRequest.newBuilder();
        for (float value : values) {
            builder.addValues(value);
        }
        return builder.build();
    }

    @Override
    protected void disconnect() {
        channel.shutdownNow();
        try {
            channel.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private final class ResponseObserver implements StreamObserver<SumResponse> {
        @Override
        public void onNext(SumResponse response) {
            loop.replied();
            if (loop.startOne()) {
                synchronized (sendLock) {
                    requests.onNext(request());
                }
            }
        }

        @Override
        public void onError(Throwable t) {
            loop.fail(t);
        }

        @Override
        public void onCompleted() {
            loop.stop();
        }
    }
}
