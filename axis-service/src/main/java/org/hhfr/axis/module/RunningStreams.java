package org.hhfr.axis.module;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.contextstore.redis.RedisReplyCache;
import org.hhfr.contextstore.redis.RedisStreamEpochs;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.description.AdvertisedEndpoint;
import org.hhfr.negotiation.server.StreamEndpoints;
import org.hhfr.transports.netty.StreamDispatcher;
import org.hhfr.transports.netty.StreamServer;
import org.hhfr.transports.netty.StreamServerConfig;
import org.hhfr.transports.netty.StreamSharing;
import redis.clients.jedis.UnifiedJedis;

/**
 * The Netty TCP and UDP stream endpoints of one module, started once over the negotiation's context store,
 * with their own pool of dispatch threads (calls into services block; Netty's I/O threads must not). As
 * {@link ServedStreams} it tells negotiation where each transport is served.
 */
final class RunningStreams implements ServedStreams, AutoCloseable {
    private final StreamServer server;
    private final ExecutorService dispatchThreads;
    private final String advertisedHost;
    private final StreamSecurity security;
    private final StreamPeers peers;
    /** The client of the Redis shared with the other nodes; {@code null} for a single node. */
    private final UnifiedJedis shared;

    private RunningStreams(StreamServer server, ExecutorService dispatchThreads, String advertisedHost,
                           StreamSecurity security, StreamPeers peers, UnifiedJedis shared) {
        this.security = security;
        this.peers = peers;
        this.shared = shared;
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
        UnifiedJedis shared = settings.redisStore() == null ? null : settings.redisStore().openClient();
        StreamServerConfig.Builder defaults = StreamServerConfig.on(settings.streamBindHost());
        StreamServerConfig config = settings.streamHandshakes().applyTo(defaults)
                .ports(settings.tcpPort(), settings.udpPort())
                .dispatchExecutor(dispatchThreads)
                .purgeIntervalMillis(0) // HhfrNegotiation purges the store, off the event loops
                .maxBufferedFrameBytes(settings.maxBufferedFrameBytes())
                .tls(settings.streamSecurity().tls())
                .addressTokens(settings.streamSecurity().addressTokens())
                .sharing(sharing(settings, shared))
                .build();
        try {
            return new RunningStreams(StreamServer.start(store, dispatcher, config), dispatchThreads,
                    settings.advertisedHost(), settings.streamSecurity(), settings.streamPeers(), shared);
        } catch (IOException e) {
            dispatchThreads.shutdownNow();
            closeShared(shared);
            throw new IOException("cannot listen for streams on " + settings.streamBindHost() + " (TCP port "
                    + settings.tcpPort() + ", UDP port " + settings.udpPort() + "): " + e.getMessage(), e);
        } catch (RuntimeException e) {
            dispatchThreads.shutdownNow();
            closeShared(shared);
            throw e;
        }
    }

    /**
     * The endpoints under the advertised host or, when none is configured, under the address the negotiating
     * client reached this server at. Streams granted over HTTPS (or, when the server streams nothing in
     * cleartext, any) are encrypted; TCP is offered for them only when the server has TLS.
     */
    @Override
    public StreamEndpoints reachedAt(ReachedAddress reached) {
        String host = advertisedHost != null ? advertisedHost : reached.address();
        boolean encrypted = security.encrypts(reached.overHttps());
        return new StreamEndpoints() {
            @Override
            public StreamEndpoint endpointFor(String transportUri) {
                int port = port(transportUri);
                boolean servable = !encrypted || security.tls() != null
                        || !HhfrUris.TRANSPORT_TCP.equals(transportUri);
                return port <= 0 || !servable ? null : StreamEndpoint.of(host, port);
            }

            @Override
            public List<StreamEndpoint> alternativesFor(String transportUri) {
                return peers.endpointsFor(transportUri);
            }

            @Override
            public boolean encrypted() {
                return encrypted;
            }
        };
    }

    /**
     * With sessions in Redis, the replies of calls and the sessions' stream epochs are kept there too, so a
     * client that loses this node goes on at a peer without a call run twice.
     */
    private static StreamSharing sharing(ModuleSettings settings, UnifiedJedis shared) {
        if (shared == null) {
            return StreamSharing.local();
        }
        String prefix = settings.redisStore().keyPrefix();
        StoreLimits limits = settings.storeLimits();
        return StreamSharing.shared(new RedisReplyCache(shared, prefix, limits.idleTimeoutMillis()),
                new RedisStreamEpochs(shared, prefix, limits.maxLifetimeMillis()),
                Long.toHexString(new SecureRandom().nextLong()));
    }

    private static void closeShared(UnifiedJedis shared) {
        if (shared != null) {
            shared.close();
        }
    }

    /**
     * The endpoints to advertise in the services' WSDL: each transport served, under the advertised host when
     * one is configured (else none, meaning the host a client reached). TCP only when a client over plain HTTP
     * would be granted it (cleartext streams allowed, or TLS configured).
     */
    List<AdvertisedEndpoint> advertised() {
        List<AdvertisedEndpoint> advertised = new ArrayList<>();
        if (server.tcpPort() > 0 && (security.tls() != null || !security.encrypts(false))) {
            advertised.add(AdvertisedEndpoint.of(HhfrUris.TRANSPORT_TCP, server.tcpPort(), advertisedHost));
        }
        if (server.udpPort() > 0) {
            advertised.add(AdvertisedEndpoint.of(HhfrUris.TRANSPORT_UDP, server.udpPort(), advertisedHost));
        }
        return advertised;
    }

    /** The bound port of a transport, or -1 when it is not served. */
    int port(String transportUri) {
        return HhfrUris.TRANSPORT_TCP.equals(transportUri) ? server.tcpPort()
                : HhfrUris.TRANSPORT_UDP.equals(transportUri) ? server.udpPort() : -1;
    }

    /** The stream server, for its meters and readiness. */
    StreamServer server() {
        return server;
    }

    /** Ends every stream session, closes the endpoints and stops the dispatch threads. */
    @Override
    public void close() {
        server.close();
        dispatchThreads.shutdownNow();
        closeShared(shared);
    }
}
