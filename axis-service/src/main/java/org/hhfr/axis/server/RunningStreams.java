package org.hhfr.axis.server;

import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.hhfr.axis.module.ServedStreams;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.server.StreamEndpoints;
import org.hhfr.transports.netty.StreamDispatcher;
import org.hhfr.transports.netty.StreamServer;
import org.hhfr.transports.netty.StreamServerConfig;

/**
 * The Netty TCP and UDP stream endpoints of one server, started once over the negotiation's context store,
 * with their own pool of dispatch threads (calls into services block; Netty's I/O threads must not). As
 * {@link ServedStreams} it tells negotiation where each transport is served.
 */
final class RunningStreams implements ServedStreams, AutoCloseable {
    private final StreamServer server;
    private final ExecutorService dispatchThreads;
    private final String advertisedHost;

    private RunningStreams(StreamServer server, ExecutorService dispatchThreads, String advertisedHost) {
        this.server = server;
        this.dispatchThreads = dispatchThreads;
        this.advertisedHost = advertisedHost;
    }

    /** @throws IOException when a stream port cannot be bound */
    static RunningStreams start(ServerSettings settings, ContextStore store, StreamDispatcher dispatcher)
            throws IOException {
        int threads = settings.requestThreads();
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor dispatchThreads = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), task -> {
                    Thread thread = new Thread(task, "hhfr-stream-dispatch-" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        dispatchThreads.allowCoreThreadTimeOut(true);
        StreamServerConfig config = StreamServerConfig.on(settings.streamBindHost())
                .withPorts(settings.tcpPort(), settings.udpPort())
                .withDispatchExecutor(dispatchThreads)
                .withPurgeIntervalMillis(settings.purgeIntervalMillis());
        try {
            return new RunningStreams(StreamServer.start(store, dispatcher, config), dispatchThreads,
                    settings.advertisedHost());
        } catch (IOException | RuntimeException e) {
            dispatchThreads.shutdownNow();
            throw e;
        }
    }

    /**
     * The endpoints under the advertised host or, when none is configured, under the address the negotiating
     * client reached this server at.
     */
    @Override
    public StreamEndpoints reachedAt(String reachedAddress) {
        String host = advertisedHost != null ? advertisedHost : reachedAddress;
        return transportUri -> {
            int port = port(transportUri);
            return port <= 0 ? null : StreamEndpoint.of(host, port);
        };
    }

    /** The bound port of a transport, or -1 when it is not served. */
    int port(String transportUri) {
        return HhfrUris.TRANSPORT_TCP.equals(transportUri) ? server.tcpPort()
                : HhfrUris.TRANSPORT_UDP.equals(transportUri) ? server.udpPort() : -1;
    }

    /** Ends every stream session, closes the endpoints and stops the dispatch threads. */
    @Override
    public void close() {
        server.close();
        dispatchThreads.shutdownNow();
    }
}
