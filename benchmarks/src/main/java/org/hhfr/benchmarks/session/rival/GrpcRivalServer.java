package org.hhfr.benchmarks.session.rival;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;

/**
 * The gRPC-java rival's server ({@link SessionsService} over HTTP/2, plaintext). Calls run on the transport's
 * threads (direct executor), gRPC's fastest setting for short non-blocking work as the transport shoot-out
 * found; requests are capped at 1 MiB (the largest, 1,000 strings of 8 characters, is about 10 kB).
 */
public final class GrpcRivalServer implements AutoCloseable {
    static final int MAX_REQUEST_BYTES = 1 << 20;

    private final Server server;

    private GrpcRivalServer(Server server) {
        this.server = server;
    }

    /** @throws IOException the port could not be bound */
    public static GrpcRivalServer start(String host) throws IOException {
        return new GrpcRivalServer(NettyServerBuilder.forAddress(new InetSocketAddress(host, 0))
                .directExecutor()
                .maxInboundMessageSize(MAX_REQUEST_BYTES)
                .addService(new SessionsService())
                .build()
                .start());
    }

    public int port() {
        return server.getPort();
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
}
