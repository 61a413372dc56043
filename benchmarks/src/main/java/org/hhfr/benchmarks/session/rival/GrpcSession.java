package org.hhfr.benchmarks.session.rival;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.nio.NioIoHandler;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioSocketChannel;
import io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import org.hhfr.benchmarks.session.SessionWorkload;

/**
 * A gRPC-java session: its own channel (one HTTP/2 connection, made by the first call) on its own event loop
 * thread, with the direct executor (answers handled on that thread, gRPC's best setting for the shoot-out).
 * Unary sessions make blocking calls one after the other; streaming sessions open one bidirectional stream,
 * write every request at once and then read the answers.
 */
public final class GrpcSession implements RivalSession {
    /** The client's threads (its event loop) are named with this prefix, for CPU accounting. */
    public static final String THREAD_PREFIX = "rival-grpc-client";
    /** The largest answer, 5,000 points of interest, is about 3.3 MB. */
    static final int MAX_ANSWER_BYTES = 4 << 20;

    private final EventLoopGroup eventLoop;
    private final ManagedChannel channel;
    private final GrpcOperation<?, ?> operation;
    private final boolean streaming;
    private BidiStream<?, ?> stream;

    private GrpcSession(InetSocketAddress server, SessionWorkload workload, boolean streaming) {
        this.eventLoop = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory(THREAD_PREFIX, true),
                NioIoHandler.newFactory());
        this.channel = NettyChannelBuilder.forAddress(server)
                .eventLoopGroup(eventLoop)
                .channelType(NioSocketChannel.class)
                .usePlaintext()
                .directExecutor()
                .maxInboundMessageSize(MAX_ANSWER_BYTES)
                .build();
        this.operation = GrpcOperation.of(workload);
        this.streaming = streaming;
    }

    /** Blocking unary calls, one after the other. */
    public static GrpcSession unary(InetSocketAddress server, SessionWorkload workload) {
        return new GrpcSession(server, workload, false);
    }

    /** One bidirectional stream per session, every request written at once. */
    public static GrpcSession bidiStreaming(InetSocketAddress server, SessionWorkload workload) {
        return new GrpcSession(server, workload, true);
    }

    /**
     * A returning client's streaming session: the channel is connected and has answered {@code request} on a
     * stream of its own, which is ended; the session's calls open a new stream on that connection. gRPC-java
     * has no resumption: a client that kept its channel is the warm start it has.
     */
    public static GrpcSession returning(InetSocketAddress server, SessionWorkload workload, Object request)
            throws IOException {
        GrpcSession session = new GrpcSession(server, workload, true);
        try {
            session.call(request, 1, answer -> { });
            session.stream.finish();
            session.stream = null;
            return session;
        } catch (IOException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    @Override
    public void call(Object request, int times, Consumer<Object> answers) throws IOException {
        if (streaming) {
            pipelined(operation, request, times, answers);
        } else {
            oneByOne(operation, request, times, answers);
        }
    }

    private <Q, A> void oneByOne(GrpcOperation<Q, A> op, Object value, int times, Consumer<Object> answers)
            throws IOException {
        Q request = op.request().apply(value);
        for (int i = 0; i < times; i++) {
            try {
                A answer = ClientCalls.blockingUnaryCall(channel, op.unary(),
                        CallOptions.DEFAULT.withDeadlineAfter(ANSWER_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS), request);
                answers.accept(op.answer().apply(answer));
            } catch (StatusRuntimeException e) {
                throw new IOException("gRPC call failed: " + e.getStatus(), e);
            }
        }
    }

    private <Q, A> void pipelined(GrpcOperation<Q, A> op, Object value, int times, Consumer<Object> answers)
            throws IOException {
        if (stream == null) {
            stream = new BidiStream<>(channel, op);
        }
        @SuppressWarnings("unchecked")
        BidiStream<Q, A> calls = (BidiStream<Q, A>) stream;
        Q request = op.request().apply(value);
        for (int i = 0; i < times; i++) {
            calls.requests.onNext(request);
        }
        for (int i = 0; i < times; i++) {
            answers.accept(op.answer().apply(calls.next()));
        }
    }

    /** Half-closes the stream (waiting briefly for the server's end), then shuts the channel and its thread. */
    @Override
    public void close() throws IOException {
        try {
            if (stream != null) {
                stream.finish();
            }
        } finally {
            channel.shutdown();
            try {
                if (!channel.awaitTermination(5, TimeUnit.SECONDS)) {
                    channel.shutdownNow();
                }
                eventLoop.shutdownGracefully(0, 5, TimeUnit.SECONDS).await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while closing the gRPC channel", e);
            }
        }
    }

    /** The session's stream: answers queued as the event loop receives them. */
    private static final class BidiStream<Q, A> {
        private final BlockingQueue<Object> received = new LinkedBlockingQueue<>();
        private final CountDownLatch ended = new CountDownLatch(1);
        private final StreamObserver<Q> requests;

        BidiStream(ManagedChannel channel, GrpcOperation<Q, A> op) {
            requests = ClientCalls.asyncBidiStreamingCall(channel.newCall(op.stream(), CallOptions.DEFAULT),
                    new StreamObserver<A>() {
                        @Override
                        public void onNext(A answer) {
                            received.add(answer);
                        }

                        @Override
                        public void onError(Throwable t) {
                            received.add(new Failure(t));
                            ended.countDown();
                        }

                        @Override
                        public void onCompleted() {
                            ended.countDown();
                        }
                    });
        }

        A next() throws IOException {
            Object next;
            try {
                next = received.poll(ANSWER_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for a gRPC answer", e);
            }
            if (next == null) {
                throw new IOException("no gRPC answer within " + ANSWER_TIMEOUT_MILLIS + " ms");
            }
            if (next instanceof Failure failure) {
                throw new IOException("gRPC stream failed: " + failure.cause(), failure.cause());
            }
            @SuppressWarnings("unchecked")
            A answer = (A) next;
            return answer;
        }

        void finish() throws IOException {
            requests.onCompleted();
            try {
                ended.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while ending the gRPC stream", e);
            }
        }
    }

    private record Failure(Throwable cause) {
    }
}
