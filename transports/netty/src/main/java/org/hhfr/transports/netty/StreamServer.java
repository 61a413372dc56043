package org.hhfr.transports.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.OptionalSslHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.transports.Role;
import org.hhfr.transports.reliability.LinkType;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.hhfr.transports.reliability.ReliabilityEngine;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HHFR stream server: a TCP and a UDP endpoint over the sessions of one {@link ContextStore}, each message
 * handed to one {@link StreamDispatcher}. Start it with {@link #start}, stop it with {@link #close}.
 *
 * <p>TCP pipeline, one job per handler: {@link FrameDecoderHandler} (bytes to frames, bounded) ->
 * {@link HandshakeHandler} (authenticate, then replaced by) {@link SessionFrameHandler} (frames to the
 * session's engine); no encoder: a session's frames go out encoded in {@link TcpLink}'s batches, WELCOME and
 * ERROR {@linkplain FrameEncoder#encoded encoded} where they are written. With {@link StreamServerConfig#tls()}, an
 * {@link OptionalSslHandler} first: a connection that starts with TLS gets Netty's {@code SslHandler}, one in
 * cleartext goes on without it, and the handshake admits it only if its session allows that. UDP: one
 * {@link DatagramEndpointHandler}, which opens AES-GCM datagrams for the sessions that must be encrypted.
 *
 * <p>On Linux the endpoints run on Netty's epoll transport (less heap per connection than the JDK's sockets),
 * and UDP is read by one socket per I/O thread, all bound to the port with {@code SO_REUSEPORT} (the kernel
 * spreads the peers over them; a session stays on the thread of the socket its first datagram came in on), each
 * taking up to {@value #DATAGRAMS_PER_READ} datagrams per system call ({@code recvmmsg}). Elsewhere, or when
 * the native library does not load, NIO with one UDP socket.
 */
public final class StreamServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StreamServer.class);
    /** Datagrams one read of an epoll UDP socket takes at most. */
    private static final int DATAGRAMS_PER_READ = 16;
    /** Receive and send buffer asked for each UDP socket (the kernel caps it at net.core.rmem_max, wmem_max). */
    private static final int UDP_SOCKET_BUFFER = 4 << 20;

    private final EventLoopGroup acceptor;
    private final EventLoopGroup workers;
    private final SessionRegistry registry;
    private final TransportMetrics metrics;
    private final Channel tcp;
    /** The UDP sockets, all on one port; empty without a UDP endpoint. */
    private final List<Channel> udp;
    private final @Nullable ScheduledFuture<?> purge;

    private StreamServer(EventLoopGroup acceptor, EventLoopGroup workers, SessionRegistry registry, Channel tcp,
                         List<Channel> udp, @Nullable ScheduledFuture<?> purge) {
        this.acceptor = acceptor;
        this.workers = workers;
        this.registry = registry;
        this.metrics = registry.metrics;
        this.tcp = tcp;
        this.udp = udp;
        this.purge = purge;
    }

    /**
     * Binds the endpoints the config asks for and starts serving the store's sessions.
     *
     * @throws IOException when a port cannot be bound
     * @throws IllegalArgumentException when the reliability settings contradict each other
     */
    public static StreamServer start(ContextStore store, StreamDispatcher dispatcher, StreamServerConfig config)
            throws IOException {
        checkReliability(config.streamReliability());
        checkReliability(config.datagramReliability());
        boolean epoll = Epoll.isAvailable();
        IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        EventLoopGroup acceptor = new MultiThreadIoEventLoopGroup(1, io);
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(config.ioThreads(), io);
        SessionRegistry registry = new SessionRegistry(store, dispatcher, config, new TransportMetrics());
        Channel tcp = null;
        List<Channel> udp = new ArrayList<>();
        try {
            if (config.tcpPort() >= 0) {
                tcp = bindTcp(acceptor, workers, registry, config, epoll);
            }
            if (config.udpPort() >= 0) {
                bindUdp(workers, registry, config, epoll, udp);
            }
        } catch (RuntimeException e) {
            closeQuietly(tcp);
            udp.forEach(StreamServer::closeQuietly);
            acceptor.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            workers.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw new IOException("cannot bind stream endpoints on " + config.host() + ": " + e.getMessage(), e);
        }
        store.addEvictionListener(registry);
        store.addCreationListener(registry.parkedHandshakes);
        store.addCreationListener(registry.parkedDatagramStreams);
        ScheduledFuture<?> purge = config.purgeIntervalMillis() == 0 ? null
                : workers.next().scheduleAtFixedRate(purgeTask(store, registry),
                        config.purgeIntervalMillis(), config.purgeIntervalMillis(), TimeUnit.MILLISECONDS);
        StreamServer server = new StreamServer(acceptor, workers, registry, tcp, udp, purge);
        LOG.info("HHFR streams on {}: TCP {}, UDP {}", config.host(), server.tcpPort(), server.udpPort());
        return server;
    }

    /** Building an engine checks the settings' cross-field rules now rather than at a client's first contact. */
    private static void checkReliability(ReliabilityConfig config) {
        new ReliabilityEngine(config, new Random(), System.nanoTime());
    }

    private static Channel bindTcp(EventLoopGroup acceptor, EventLoopGroup workers, SessionRegistry registry,
                                   StreamServerConfig config, boolean epoll) {
        return new ServerBootstrap().group(acceptor, workers)
                .channel(epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, config.waterMark())
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        ChannelPipeline pipeline = channel.pipeline();
                        if (config.tls() != null) {
                            pipeline.addLast("tls", optionalTls(config));
                        }
                        pipeline.addLast("decoder", new FrameDecoderHandler(Role.SERVER, registry.streamLimits,
                                registry.frameBuffers, registry.metrics));
                        pipeline.addLast("handshake", new HandshakeHandler(registry));
                    }
                })
                .bind(config.host(), config.tcpPort()).syncUninterruptibly().channel();
    }

    /**
     * TLS for a connection that starts with it, its own handshake timeout set to the stream handshake's
     * ({@link HandshakeHandler}), which bounds the TLS handshake: TLS's default, 10 s, would close a connection that
     * a server given longer (for slow links) still waits for. Set equal, it never comes first: the stream
     * handshake's starts with the connection, TLS's with its first record.
     */
    private static OptionalSslHandler optionalTls(StreamServerConfig config) {
        return new OptionalSslHandler(config.tls()) {
            @Override
            protected SslHandler newSslHandler(ChannelHandlerContext context, SslContext tls) {
                SslHandler handler = super.newSslHandler(context, tls);
                handler.setHandshakeTimeoutMillis(config.handshakeTimeoutMillis());
                return handler;
            }
        };
    }

    /**
     * Binds the UDP endpoint into {@code bound}: with epoll, one socket per I/O thread on the same port, each
     * reading batches of datagrams; with NIO, one socket.
     */
    private static void bindUdp(EventLoopGroup workers, SessionRegistry registry, StreamServerConfig config,
                                boolean epoll, List<Channel> bound) {
        Bootstrap bootstrap = new Bootstrap().group(workers)
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, config.waterMark())
                .option(ChannelOption.SO_RCVBUF, UDP_SOCKET_BUFFER)
                .option(ChannelOption.SO_SNDBUF, UDP_SOCKET_BUFFER);
        if (!epoll) {
            bound.add(bootstrap.channel(NioDatagramChannel.class).handler(new DatagramEndpointHandler(registry))
                    .bind(config.host(), config.udpPort()).syncUninterruptibly().channel());
            return;
        }
        // One byte more than the largest datagram accepted: a longer one arrives cut there and is refused as such.
        int slot = config.maxDatagramSize() + 1;
        bootstrap.channel(EpollDatagramChannel.class)
                .option(EpollChannelOption.SO_REUSEPORT, true)
                .option(EpollChannelOption.MAX_DATAGRAM_PAYLOAD_SIZE, slot)
                .option(ChannelOption.RCVBUF_ALLOCATOR, new FixedRecvByteBufAllocator(DATAGRAMS_PER_READ * slot));
        int port = config.udpPort();
        for (int i = 0; i < config.ioThreads(); i++) {
            Channel channel = bootstrap.handler(new DatagramEndpointHandler(registry))
                    .bind(config.host(), port).syncUninterruptibly().channel();
            bound.add(channel);
            port = ((InetSocketAddress) channel.localAddress()).getPort();
        }
    }

    /**
     * Has the store purge its expired sessions on a lookup thread: a remote store's purge (a Redis SCAN) may take
     * long, and the event loop that keeps the schedule carries streams. One purge at a time: a purge falling due
     * while the last one runs, or while the lookup threads are too busy to take it, is skipped.
     */
    private static Runnable purgeTask(ContextStore store, SessionRegistry registry) {
        AtomicBoolean purging = new AtomicBoolean();
        return () -> {
            if (!purging.compareAndSet(false, true)) {
                return;
            }
            try {
                registry.lookups().execute(() -> {
                    try {
                        store.purgeExpired();
                    } catch (ContextStoreException | RuntimeException e) {
                        LOG.warn("purging expired sessions failed: {}", e.getMessage());
                    } finally {
                        purging.set(false);
                    }
                });
            } catch (RejectedExecutionException busyOrClosed) {
                purging.set(false);
                LOG.debug("purge of expired sessions skipped: the lookup threads are busy");
            }
        };
    }

    /** The bound TCP port, or -1 without a TCP endpoint. */
    public int tcpPort() {
        return tcp == null ? -1 : ((InetSocketAddress) tcp.localAddress()).getPort();
    }

    /** The bound UDP port, or -1 without a UDP endpoint. */
    public int udpPort() {
        return udp.isEmpty() ? -1 : ((InetSocketAddress) udp.get(0).localAddress()).getPort();
    }

    public TransportMetrics metrics() {
        return metrics;
    }

    /**
     * Bytes the TCP connections hold in partial frames now, at most {@link StreamServerConfig#maxBufferedFrameBytes()}.
     */
    public long bufferedFrameBytes() {
        return registry.frameBuffers.reservedBytes();
    }

    /** Sessions whose stream is open here (authenticated and confirmed by the store). */
    public int sessionCount() {
        return registry.liveCount();
    }

    /** Whether every endpoint this server was started with is still bound and open. */
    public boolean isListening() {
        return (tcp == null || tcp.isActive()) && udp.stream().allMatch(Channel::isActive);
    }

    /** Streams open here over {@code transport}. */
    public int openStreams(LinkType transport) {
        return registry.liveCount(transport);
    }

    /**
     * Cuts every TCP connection without ending its session, as a network failure would; clients resume. For
     * tests and for draining a node's connections.
     */
    public void dropConnections() {
        for (ServerSession session : registry.sessions()) {
            session.execute(session::dropConnection);
        }
    }

    /** Ends every session with an ERROR (ABORTED) to its client, closes the endpoints and the I/O threads. */
    @Override
    public void close() {
        if (purge != null) {
            purge.cancel(false);
        }
        registry.close();
        for (ServerSession session : registry.sessions()) {
            session.evict("server shutting down");
        }
        for (ServerSession candidate : registry.opening()) {
            candidate.evict("server shutting down");
        }
        closeQuietly(tcp);
        udp.forEach(StreamServer::closeQuietly);
        acceptor.shutdownGracefully(0, 2_000, TimeUnit.MILLISECONDS).syncUninterruptibly();
        workers.shutdownGracefully(100, 2_000, TimeUnit.MILLISECONDS).syncUninterruptibly();
    }

    private static void closeQuietly(Channel channel) {
        if (channel != null) {
            channel.close().syncUninterruptibly();
        }
    }
}
