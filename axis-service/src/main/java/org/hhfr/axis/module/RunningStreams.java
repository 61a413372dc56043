package org.hhfr.axis.module;

import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.server.StreamEndpoints;
import org.hhfr.transports.netty.StreamDispatcher;
import org.hhfr.transports.netty.StreamServer;
import org.hhfr.transports.netty.StreamServerConfig;

/**
 * The Netty TCP and UDP stream endpoints of one module, started once over the negotiation's context store,
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

    /** @throws IOException when a stream port cannot be bound; it names the host and ports */
    static RunningStreams start(ModuleSettings settings, ContextStore store, StreamDispatcher dispatcher)
            throws IOException {
        int threads = settings.dispatchThreads();
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor dispatchThreads = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), task -> {
                    Thread thread = new Thread(task, "hhfr-stream-dispatch-" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        dispatchThreads.allowCoreThreadTimeOut(true);
        StreamServerConfig config = StreamServerConfig.on(settings.streamBindHost())
                .ports(settings.tcpPort(), settings.udpPort())
                .dispatchExecutor(dispatchThreads)
                .purgeIntervalMillis(settings.purgeIntervalMillis())
                .build();
        try {
            return new RunningStreams(StreamServer.start(store, dispatcher, config), dispatchThreads,
                    settings.advertisedHost());
        } catch (IOException e) {
            dispatchThreads.shutdownNow();
            throw new IOException("cannot listen for streams on " + settings.streamBindHost() + " (TCP port "
                    + settings.tcpPort() + ", UDP port " + settings.udpPort() + "): " + e.getMessage(), e);
        } catch (RuntimeException e) {
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
