package org.hhfr.transports.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramPacket;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLParameters;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.DatagramProtection;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.auth.StreamEpoch;
import org.hhfr.transports.client.ClientCalls;
import org.hhfr.transports.client.ClientStream;
import org.hhfr.transports.client.ReconnectBackoff;
import org.hhfr.transports.driver.Link;
import org.hhfr.transports.fault.StreamFault;
import org.hhfr.transports.frame.DatagramReader;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.PathFrame;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.handshake.ClientHandshake;
import org.hhfr.transports.reliability.DeliveredMessage;
import org.hhfr.transports.reliability.EngineEvent;
import org.hhfr.transports.reliability.LinkType;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.hhfr.transports.reliability.ReliabilityEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Netty client of one negotiated stream session, for tests and benchmarks. Negotiation is not its job: it is
 * given the endpoint, the session id and the token. Its stream is the core's {@code ClientStream} (engine,
 * driver, call correlation, graceful close) with the core's reconnection backoff, as in the java.net client;
 * this class adds the Netty links and handlers, over TCP (resuming on a new connection when one breaks) or UDP.
 * Calls are pipelined: {@link #call} returns at once with a future completed by the response, on the client's
 * event loop (so callbacks must not block). Thread-safe: {@link #call} may come from any thread; a call
 * made on the event loop (say from a response's callback) goes straight to the engine and leaves in the
 * current turn, a call from another thread takes one hop through a queue, drained in batches. Everything
 * else below is confined to the event loop unless marked otherwise.
 */
public final class NettyStreamClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NettyStreamClient.class);

    private final LinkType linkType;
    private final InetSocketAddress server;
    private final SessionId session;
    private final SessionKeys keys;
    private final EventLoop loop;
    /** Whether {@link #loop} runs Netty's epoll transport: then the sockets are epoll sockets too. */
    private final boolean epoll;
    private final EventLoopGroup ownGroup;
    private final ClientStream<Call> stream;
    private final FrameLimits limits;
    private final int maxDatagramSize;
    private final long connectTimeoutMillis;
    private final int maxOutstanding;
    private final ClientHandshake handshake;
    /** TLS for a TCP stream that must be encrypted, else null. */
    private final SslContext tls;
    private final DatagramProtection datagramProtection;
    /** Event loop only: the delay before the next attempt to replace a broken connection. */
    private final ReconnectBackoff backoff = new ReconnectBackoff(10, 1_000);

    /** Any thread adds, the event loop drains: calls made off the loop. */
    private final ConcurrentLinkedQueue<Call> submitted = new ConcurrentLinkedQueue<>();
    /** Any thread: whether a drain of {@link #submitted} is already scheduled on the loop. */
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    /** Any thread: calls made and not yet answered nor failed, against {@code maxOutstanding}. */
    private final AtomicInteger outstanding = new AtomicInteger();
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private final CompletableFuture<Void> finished = new CompletableFuture<>();
    private volatile StreamSessionException failure;
    private volatile long reconnects;

    private NettyStreamClient(Builder builder) {
        this.linkType = builder.linkType;
        this.server = builder.server;
        this.session = SessionId.of(builder.sessionId);
        this.keys = SessionKeys.fromToken(builder.token, builder.epoch);
        this.ownGroup = builder.group == null ? eventLoopGroup(1) : null;
        this.loop = (builder.group == null ? ownGroup : builder.group).next();
        this.epoll = loop instanceof IoEventLoop && ((IoEventLoop) loop).isIoType(EpollIoHandler.class);
        this.maxDatagramSize = builder.maxDatagramSize;
        this.tls = builder.tls;
        this.datagramProtection = builder.encryptedDatagrams ? DatagramProtection.ENCRYPTED
                : DatagramProtection.AUTHENTICATED;
        this.connectTimeoutMillis = builder.connectTimeoutMillis;
        this.maxOutstanding = builder.maxOutstanding;
        ReliabilityConfig config = builder.reliability != null ? builder.reliability
                : ReliabilityPolicy.defaults().applyTo(linkType == LinkType.STREAM ? ReliabilityConfig.forStream()
                        : ReliabilityConfig.forDatagrams(DatagramWriter.frameBudget(maxDatagramSize, session.length())),
                        Role.CLIENT);
        this.limits = linkType == LinkType.STREAM ? FrameLimits.forMaxMessageSize(config.maxInboundMessageSize())
                : FrameLimits.defaults().withMaxFrameLength(maxDatagramSize);
        this.handshake = new ClientHandshake(session, keys);
        this.stream = new ClientStream<>(new ReliabilityEngine(config, new Random(), System.nanoTime()),
                new EventLoopContext(loop), System::nanoTime, new Outcomes());
    }

    /**
     * An event-loop group for clients ({@link Builder#group}): Netty's epoll transport where it is available
     * (Linux with the native library), NIO elsewhere. Clients on an epoll group use epoll sockets.
     */
    public static EventLoopGroup eventLoopGroup(int threads) {
        return new MultiThreadIoEventLoopGroup(threads,
                Epoll.isAvailable() ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
    }

    /** A client that streams over TCP to {@code server}. */
    public static Builder tcp(InetSocketAddress server, byte[] sessionId, byte[] token) {
        return new Builder(LinkType.STREAM, server, sessionId, token);
    }

    /** A client that streams over UDP to {@code server}. */
    public static Builder udp(InetSocketAddress server, byte[] sessionId, byte[] token) {
        return new Builder(LinkType.DATAGRAM, server, sessionId, token);
    }

    /** Sends a message for the default operation; the future completes with the response body. */
    public CompletableFuture<byte[]> call(byte[] payload) {
        return call(0, payload);
    }

    /**
     * Sends a message for {@code operation}; the future completes with the response body, or exceptionally
     * with a {@link StreamFaultException} when the server answered a fault (the stream goes on), a
     * {@link StreamSessionException} when the session ends first, or a
     * {@link RejectedExecutionException} when more than {@code maxOutstanding} calls are unanswered.
     */
    public CompletableFuture<byte[]> call(int operation, byte[] payload) {
        CompletableFuture<byte[]> response = new CompletableFuture<>();
        StreamSessionException failed = failure;
        if (failed != null) {
            response.completeExceptionally(failed);
            return response;
        }
        if (outstanding.incrementAndGet() > maxOutstanding) {
            outstanding.decrementAndGet();
            response.completeExceptionally(new RejectedExecutionException(
                    "more than " + maxOutstanding + " calls are waiting for a response"));
            return response;
        }
        // However it ends (answered, failed, refused, cancelled by its caller), the call stops counting.
        response.whenComplete((body, error) -> outstanding.decrementAndGet());
        Call call = new Call(operation, payload, response);
        if (loop.inEventLoop()) {
            // After any calls still queued from other threads. Inside a turn (a response's callback) the turn
            // transmits it; otherwise the requested turn does, once for many calls.
            takeSubmitted();
            offer(call);
        } else {
            submitted.add(call);
            if (drainScheduled.compareAndSet(false, true)) {
                loop.execute(this::drainSubmitted);
            }
        }
        return response;
    }

    /**
     * Closes the session gracefully: every call made before is still answered, then both sequences close and
     * terminate. The future completes when the server confirmed.
     */
    public CompletableFuture<Void> closeGracefully() {
        loop.execute(() -> {
            takeSubmitted();
            stream.closeGracefully();
        });
        return finished;
    }

    /** Aborts the session (an ERROR to the server) and releases the client's threads; pending calls fail. */
    @Override
    public void close() {
        if (!finished.isDone()) {
            loop.execute(() -> stream.abort(ErrorCode.ABORTED, "client closed"));
            try {
                finished.get(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                LOG.debug("closed session {}: {}", session, e.getMessage());
            }
        }
        if (ownGroup != null) {
            ownGroup.shutdownGracefully(0, 1_000, TimeUnit.MILLISECONDS);
        }
    }

    /** Completes when the session finished gracefully, exceptionally when it failed. */
    public CompletableFuture<Void> finished() {
        return finished;
    }

    /** How often a broken TCP connection was replaced by a resumed one. */
    public long reconnects() {
        return reconnects;
    }

    /** Cuts the current TCP connection as a network failure would; the client resumes on a new one. */
    public void dropConnection() {
        loop.execute(() -> {
            Link link = stream.driver().link();
            if (link instanceof TcpLink) {
                ((TcpLink) link).channel().close();
            }
        });
    }

    private NettyStreamClient connect() throws IOException {
        if (linkType == LinkType.STREAM) {
            loop.execute(this::openConnection);
        } else {
            openDatagramSocket();
        }
        try {
            ready.get(connectTimeoutMillis, TimeUnit.MILLISECONDS);
            return this;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new IOException("interrupted while connecting to " + server, e);
        } catch (ExecutionException e) {
            close();
            throw e.getCause() instanceof IOException ? (IOException) e.getCause()
                    : new IOException("cannot connect to " + server, e.getCause());
        } catch (TimeoutException e) {
            close();
            throw new StreamSessionException(ErrorCode.PEER_UNRESPONSIVE,
                    "no WELCOME from " + server + " within " + connectTimeoutMillis + " ms");
        }
    }

    private void openConnection() {
        new Bootstrap().group(loop).channel(epoll ? EpollSocketChannel.class : NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) connectTimeoutMillis)
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(32 << 10, 64 << 10))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        if (tls != null) {
                            channel.pipeline().addLast(verifyingHost(tls.newHandler(channel.alloc(),
                                    server.getHostString(), server.getPort())));
                        }
                        channel.pipeline().addLast(FrameEncoder.INSTANCE,
                                new FrameDecoderHandler(Role.CLIENT, limits), new ConnectionHandler());
                    }
                })
                .connect(server).addListener(connected -> {
                    if (!connected.isSuccess()) {
                        connectionLost(null, connected.cause());
                    }
                });
    }

    /** Checks the server's certificate against the host name, as https does. */
    private static SslHandler verifyingHost(SslHandler handler) {
        SSLParameters parameters = handler.engine().getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        handler.engine().setSSLParameters(parameters);
        return handler;
    }

    private void openDatagramSocket() throws IOException {
        Channel channel;
        DatagramWriter writer = new DatagramWriter(session, keys, Role.CLIENT, maxDatagramSize, datagramProtection);
        try {
            channel = new Bootstrap().group(loop)
                    .channel(epoll ? EpollDatagramChannel.class : NioDatagramChannel.class)
                    .option(ChannelOption.SO_RCVBUF, 1 << 20)
                    .option(ChannelOption.SO_SNDBUF, 1 << 20)
                    .handler(new DatagramHandler(writer))
                    .bind(server.getAddress().isLoopbackAddress() ? server.getAddress() : null, 0)
                    .syncUninterruptibly().channel();
        } catch (RuntimeException e) {
            throw new IOException("cannot open a UDP socket: " + e.getMessage(), e);
        }
        loop.execute(() -> {
            stream.attach(new DatagramLink(channel, server, writer), false);
            ready.complete(null);
        });
    }

    /** Offers the calls made off the loop; the turn they requested transmits them all at once. */
    private void drainSubmitted() {
        drainScheduled.set(false);
        takeSubmitted();
    }

    private void takeSubmitted() {
        Call call;
        while ((call = submitted.poll()) != null) {
            offer(call);
        }
    }

    private void offer(Call call) {
        if (!stream.call(call)) {
            StreamSessionException reason = failure;
            call.response.completeExceptionally(reason != null ? reason
                    : new StreamSessionException(ErrorCode.ABORTED, "the session is closing"));
        }
    }

    private void connectionLost(Channel channel, Throwable cause) {
        Link link = stream.driver().link();
        if (channel != null && link instanceof TcpLink && ((TcpLink) link).channel() == channel) {
            stream.detach(link);
        }
        if (stream.isEnded() || stream.engine().state() != ReliabilityEngine.State.OPEN) {
            return;
        }
        if (!ready.isDone()) {
            fail(new StreamSessionException(ErrorCode.PEER_UNRESPONSIVE, "cannot connect to " + server
                    + (cause != null ? ": " + cause.getMessage() : "")));
            return;
        }
        long delayMillis = backoff.nextDelayMillis();
        LOG.debug("session {}: connection lost, resuming in {} ms", session, delayMillis);
        loop.schedule(this::openConnection, delayMillis, TimeUnit.MILLISECONDS);
    }

    /** Ends the session for {@code reason}, which its calls and futures report. */
    private void fail(StreamSessionException reason) {
        if (failure == null) {
            failure = reason;
        }
        stream.abort(reason.code(), reason.getMessage());
    }

    private void receive(Frame frame) {
        try {
            stream.driver().receive(frame);
        } catch (WireException e) {
            LOG.info("session {}: {}", session, e.getMessage());
        }
    }

    /** The stream's outcomes: responses to their calls, the end to every future. */
    private final class Outcomes implements ClientStream.Owner<Call> {
        @Override
        public void answered(Call call, DeliveredMessage message) {
            if (message.operation() != StreamFault.OPERATION) {
                call.response.complete(message.payload());
            } else {
                call.response.completeExceptionally(new StreamFaultException(
                        StreamFault.decodeAnswer(message.payload(), "session " + session)));
            }
        }

        @Override
        public void ended(EngineEvent failed, List<Call> unanswered) {
            if (failed != null && failure == null) {
                failure = new StreamSessionException(failed.code() != null ? failed.code() : ErrorCode.ABORTED,
                        failed.reason());
            }
            StreamSessionException reason = failure != null ? failure
                    : new StreamSessionException(ErrorCode.ABORTED, "session ended before the response");
            // A callback of a failed call may make a call on the loop: the ended stream refuses it at once.
            for (Call call : unanswered) {
                call.response.completeExceptionally(reason);
            }
            takeSubmitted();
            if (failure != null) {
                ready.completeExceptionally(failure);
                finished.completeExceptionally(failure);
            } else {
                finished.complete(null);
            }
        }
    }

    /** One TCP connection: WELCOME (or the refusal) first, then frames to the engine. */
    private final class ConnectionHandler extends ChannelInboundHandlerAdapter {
        private boolean welcomed;

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            ctx.writeAndFlush(handshake.hello(), ctx.voidPromise());
            stream.attach(new TcpLink(ctx.channel(), null), handshake.isReconnect());
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            Frame frame = (Frame) msg;
            if (welcomed) {
                receive(frame);
                return;
            }
            try {
                handshake.onServerFirstFrame(frame);
            } catch (WireException e) {
                fail(new StreamSessionException(e.code(), e.reason()));
                return;
            }
            welcomed = true;
            backoff.reset();
            if (handshake.isReconnect()) {
                reconnects++;
            }
            ready.complete(null);
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            stream.driver().run();
        }

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
            stream.driver().run();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            connectionLost(ctx.channel(), null);
        }

        /** A failed TLS handshake (an untrusted certificate, say) ends the stream with its reason. */
        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            if (event instanceof SslHandshakeCompletionEvent && !((SslHandshakeCompletionEvent) event).isSuccess()) {
                Throwable cause = ((SslHandshakeCompletionEvent) event).cause();
                fail(new StreamSessionException(ErrorCode.AUTHENTICATION_FAILED, "TLS with " + server + " failed: "
                        + (cause.getCause() != null ? cause.getCause().getMessage() : cause.getMessage())));
            }
            ctx.fireUserEventTriggered(event);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            LOG.debug("session {}: {}", session, cause.toString());
            ctx.close();
        }
    }

    /**
     * The UDP socket: datagrams verified with the session's keys, then frames to the engine. The connection id
     * the first verified datagram brings goes to the writer, whose datagrams then take the short form.
     */
    private final class DatagramHandler extends SimpleChannelInboundHandler<DatagramPacket> {
        private final DatagramReader reader = new DatagramReader(session, keys, Role.CLIENT, limits,
                datagramProtection);
        private final DatagramWriter writer;
        /** One datagram's frames; reused, since everything here runs on the event loop. */
        private final List<Frame> frames = new ArrayList<>();

        DatagramHandler(DatagramWriter writer) {
            this.writer = writer;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket packet) {
            ByteBuf content = packet.content();
            byte[] datagram = new byte[content.readableBytes()];
            content.getBytes(content.readerIndex(), datagram);
            frames.clear();
            try {
                reader.read(datagram, 0, datagram.length, frames::add);
            } catch (WireException e) {
                LOG.debug("session {}: dropped datagram from {}: {}", session, packet.sender(), e.getMessage());
                return;
            }
            if (writer.connectionId() == null) {
                writer.connectionId(reader.connectionId());
            }
            for (Frame frame : frames) {
                if (frame.type() == FrameType.PATH_CHALLENGE) {
                    answer((PathFrame) frame);
                } else if (!(frame instanceof PathFrame)) {
                    receive(frame);
                }
            }
        }

        /** The server checks that our new address reaches us: the same data back, at once. */
        private void answer(PathFrame challenge) {
            Link link = stream.driver().link();
            if (link != null) {
                link.write(challenge.answer());
                link.flush();
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            stream.driver().run();
        }

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
            stream.driver().run();
        }
    }

    /** A call and the future its response completes. */
    private static final class Call implements ClientCalls.Call {
        final int operation;
        final byte[] payload;
        final CompletableFuture<byte[]> response;

        Call(int operation, byte[] payload, CompletableFuture<byte[]> response) {
            this.operation = operation;
            this.payload = payload;
            this.response = response;
        }

        @Override
        public byte[] payload() {
            return payload;
        }

        @Override
        public int operation() {
            return operation;
        }

        /** A call whose caller cancelled its future while it waited is not sent. */
        @Override
        public boolean isDone() {
            return response.isDone();
        }
    }

    /** Where and how a client connects. */
    public static final class Builder {
        private final LinkType linkType;
        private final InetSocketAddress server;
        private final byte[] sessionId;
        private final byte[] token;
        private EventLoopGroup group;
        private ReliabilityConfig reliability;
        private int maxDatagramSize = DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE;
        private long connectTimeoutMillis = 5_000;
        private long epoch = StreamEpoch.fresh();
        private int maxOutstanding = 100_000;
        private SslContext tls;
        private boolean encryptedDatagrams;

        private Builder(LinkType linkType, InetSocketAddress server, byte[] sessionId, byte[] token) {
            this.linkType = linkType;
            this.server = server;
            this.sessionId = sessionId.clone();
            this.token = token.clone();
        }

        /**
         * The stream's epoch. By default a {@linkplain StreamEpoch#fresh() fresh} one, above every earlier
         * stream of the session: right for a client that has only the resumption ticket. A client that has
         * just negotiated the session may use {@link StreamEpoch#FIRST}, which is shorter on the wire.
         */
        public Builder epoch(long value) {
            if (value < StreamEpoch.FIRST) {
                throw new IllegalArgumentException("stream epochs count from " + StreamEpoch.FIRST + ": " + value);
            }
            epoch = value;
            return this;
        }

        /** Shares the I/O threads of {@code group} (many clients, one group); by default the client has one. */
        public Builder group(EventLoopGroup value) {
            group = value;
            return this;
        }

        /**
         * The engine's settings: by default those of a session that agreed the default policy
         * ({@code ReliabilityPolicy.defaults().applyTo(..., Role.CLIENT)}); a session that agreed other terms
         * passes {@code policy.applyTo(local, Role.CLIENT)}, as the server runs its side of the agreement.
         */
        public Builder reliability(ReliabilityConfig value) {
            reliability = value;
            return this;
        }

        public Builder maxDatagramSize(int value) {
            maxDatagramSize = value;
            return this;
        }

        public Builder connectTimeoutMillis(long value) {
            connectTimeoutMillis = value;
            return this;
        }

        /**
         * TLS on the TCP stream with this client context (what it trusts), the server's certificate checked
         * against the endpoint's host name; for a session whose streams must be encrypted. None by default.
         */
        public Builder tls(SslContext clientContext) {
            tls = clientContext;
            return this;
        }

        /** AES-GCM datagrams on a UDP stream, for a session whose streams must be encrypted; false by default. */
        public Builder encryptedDatagrams(boolean value) {
            encryptedDatagrams = value;
            return this;
        }

        /** Calls waiting for a response before {@link #call} refuses more (100,000). */
        public Builder maxOutstanding(int value) {
            maxOutstanding = value;
            return this;
        }

        /**
         * Connects (TCP: until the server's WELCOME) and returns the ready client.
         *
         * @throws StreamSessionException when the server refuses the session (UNKNOWN_SESSION: renegotiate)
         * @throws IOException when the server cannot be reached
         */
        public NettyStreamClient connect() throws IOException {
            return new NettyStreamClient(this).connect();
        }
    }
}
