package org.hhfr.benchmarks.transport;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.hhfr.benchmarks.transport.grpc.FloatSumGrpc;
import org.hhfr.benchmarks.transport.grpc.SumRequest;
import org.hhfr.benchmarks.transport.grpc.SumResponse;

/**
 * The gRPC-java anchor's server: one bidirectional stream per client, each {@link SumRequest} answered by its
 * {@link SumResponse}. With {@code direct}, calls run on the transport's threads (gRPC's fastest setting for
 * non-blocking work); otherwise on gRPC's default executor.
 */
final class GrpcServer implements ServerSide {
    private final LongAdder received = new LongAdder();
    private final Server server;

    GrpcServer(String host, boolean direct) throws IOException {
        NettyServerBuilder builder = NettyServerBuilder.forAddress(new InetSocketAddress(host, 0))
                .addService(new FloatSumService());
        if (direct) {
            builder.directExecutor();
        }
        server = builder.build().start();
    }

    @Override
    public int port() {
        return server.getPort();
    }

    @Override
    public String newTicket() {
        return "-";
    }

    @Override
    public long received() {
        return received.sum();
    }

    @Override
    public void close() {
        server.shutdownNow();
        try {
            server.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private final class FloatSumService extends FloatSumGrpc.FloatSumImplBase {
        @Override
        public StreamObserver<SumRequest> sum(StreamObserver<SumResponse> responses) {
            return new StreamObserver<SumRequest>() {
                @Override
                public void onNext(SumRequest request) {
                    float sum = 0;
                    for (int i = 0, n = request.getValuesCount(); i < n; i++) {
                        sum += request.getValues(i);
                    }
                    received.increment();
                    responses.onNext(SumResponse.newBuilder().setSum(sum).build());
                }

                @Override
                public void onError(Throwable t) {
                    // The client went away; nothing to clean up.
                }

                @Override
                public void onCompleted() {
                    responses.onCompleted();
                }
            };
        }
    }
}
