package org.hhfr.transports.netty;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.reliability.LinkType;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Authenticates a new TCP connection: its first frame (the decoder lets nothing else through first) must be
 * a HELLO or RESUME for a session the store holds, proven with the keys of the stream (epoch) it names, within
 * the handshake timeout, its TLS handshake included. A refusal is an ERROR frame with the reason, then the
 * connection closes (one still in its TLS handshake just closes: TLS could not carry the ERROR); nothing a client
 * sends reaches a session before it is accepted. A connection beyond the places of connections in their handshake
 * (per client address and in all, {@link StreamServerConfig#maxHandshakesPerAddress()} and
 * {@link StreamServerConfig#maxHandshakes()}) is closed at once, unread. Refusals are logged at DEBUG: anyone can
 * have connections refused, as often as they like (they are counted by reason). Once accepted, this handler bounds
 * the connection's frames by the session's agreed message size and hands the connection to a
 * {@link SessionFrameHandler}, with the frames that followed the HELLO in the meantime.
 *
 * <p>A HELLO flagged EARLY for a session the store does not hold yet (its negotiation may still be storing it) is
 * parked ({@link ParkedHandshake}): the connection stays unread until the session is found, and then proceeds as
 * any HELLO. A negotiation on this node finds it for the handshake as it stores the session (the store tells
 * {@link ParkedHandshakes}, which watches for the session from before the HELLO's own lookup, so none is missed);
 * a session another node stored is found by the paced {@link ParkedSessionLookups}, never on the event loop. It is
 * refused with UNKNOWN_SESSION when the session is not found within the wait, or at once when the server or the
 * client's address holds its limit of parked handshakes ({@link EarlyHandshakeLimits}); the frames behind it (at
 * most its byte limit) are never processed then.
 *
 * <p>Every field is the channel's event loop's; other threads reach this handler only through
 * {@link ParkedHandshake#found}, which hands over to that loop.
 */
final class HandshakeHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(HandshakeHandler.class);
    /** Frames a client may send after HELLO before WELCOME; reading pauses meanwhile, so few arrive. */
    private static final int MAX_EARLY_FRAMES = 4096;

    private final SessionRegistry registry;
    private final List<Frame> early = new ArrayList<>();
    private ScheduledFuture<?> timeout;
    /** An early HELLO's wait for its session, from before its first lookup; {@code null} otherwise. */
    private ParkedHandshake waiting;
    /** Refuses a parked handshake whose session did not come in time; {@code null} when not parked. */
    private ScheduledFuture<?> waitTimeout;
    private boolean helloSeen;
    /** The HELLO went on to its session (whose answer ends the handshake), found one way or another. */
    private boolean proceeding;
    private boolean done;
    /** The client address whose place this parked handshake holds; {@code null} when not parked. */
    private InetAddress parkedFrom;
    /** Bytes of the frames received behind an early HELLO while it waits for its session (looked up or parked). */
    private long parkedBytes;
    /** The client address whose place among the connections in their handshake this one holds; null once done. */
    private InetAddress handshaking;

    HandshakeHandler(SessionRegistry registry) {
        this.registry = registry;
    }

    /**
     * Takes the connection's place among those in their handshake, or closes it at once, unread, when its client
     * address or the server holds the most allowed (a flood of connections that never authenticate would otherwise
     * take every socket the server may open); then starts the handshake timeout.
     */
    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        registry.metrics.increment(TransportMetrics.Counter.CONNECTIONS_ACCEPTED);
        InetAddress address = ((InetSocketAddress) ctx.channel().remoteAddress()).getAddress();
        if (!registry.handshakes.take(address)) {
            done = true;
            registry.metrics.increment(TransportMetrics.Counter.CONNECTIONS_REFUSED);
            LOG.debug("closed connection from {}: too many connections in their handshake", address);
            ctx.close();
            return;
        }
        handshaking = address;
        long millis = registry.config.handshakeTimeoutMillis();
        timeout = ctx.executor().schedule(() -> refuse(ctx, new WireException(ErrorCode.PEER_UNRESPONSIVE,
                "no handshake within " + millis + " ms")), millis, TimeUnit.MILLISECONDS);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (done) {
            return;
        }
        Frame frame = (Frame) msg;
        if (helloSeen) {
            if (waiting != null) {
                parkedBytes += FrameCodec.encodedSize(frame);
            }
            if (early.size() >= MAX_EARLY_FRAMES) {
                refuse(ctx, new WireException(ErrorCode.SEQUENCE_VIOLATION, "too many frames before WELCOME"));
            } else if (parkedBytes > registry.parkedHandshakes.limits().maxBytes()) {
                refuseEarly(ctx, "more than " + registry.parkedHandshakes.limits().maxBytes()
                        + " bytes sent behind a HELLO whose session is not negotiated yet");
            } else {
                early.add(frame);
            }
            return;
        }
        helloSeen = true;
        ctx.channel().config().setAutoRead(false);
        HelloFrame hello = (HelloFrame) frame;
        if (hello.isEarly()) {
            waiting = new ParkedHandshake(hello.session(), ctx.executor(), stored -> resume(ctx, hello, stored));
            registry.parkedHandshakes.watch(waiting);
        }
        ServerSession live = registry.liveStream(hello.session(), hello.epoch(), LinkType.STREAM);
        if (live != null) {
            unpark();
            proceed(ctx, hello, live);
            return;
        }
        try {
            registry.lookups().execute(() -> lookUp(ctx, hello));
        } catch (RejectedExecutionException e) {
            refuse(ctx, new WireException(ErrorCode.UNKNOWN_SESSION, "the server is busy looking up sessions"));
        }
    }

    /** On a lookup thread: the store's answer for the HELLO's session goes back to the connection's event loop. */
    private void lookUp(ChannelHandlerContext ctx, HelloFrame hello) {
        StoredSession stored = null;
        WireException refusal = null;
        try {
            stored = registry.lookUp(hello.session());
        } catch (WireException e) {
            refusal = e;
        }
        StoredSession found = stored;
        WireException refused = refusal;
        try {
            ctx.executor().execute(() -> lookedUp(ctx, hello, found, refused));
        } catch (RejectedExecutionException serverClosing) {
            // The event loop is shutting down with the server: the connection closes unanswered.
        }
    }

    /**
     * The store answered: the HELLO goes on with its session, is parked (an early one whose session is not stored
     * yet), or is refused. An early one's session may have been found meanwhile by the negotiation storing it: then
     * that find goes on with it ({@link #resume}), and this answer is not needed.
     */
    private void lookedUp(ChannelHandlerContext ctx, HelloFrame hello, @Nullable StoredSession stored,
                          @Nullable WireException refused) {
        if (done || proceeding || waiting != null && !waiting.isWaiting() || !ctx.channel().isActive()) {
            return;
        }
        if (stored != null) {
            resume(ctx, hello, stored);
        } else if (refused.code() == ErrorCode.UNKNOWN_SESSION && hello.isEarly()) {
            park(ctx, hello);
        } else {
            refuse(ctx, refused);
        }
    }

    /** Parks an early HELLO whose session the store does not hold yet, within the limits, until it is found. */
    private void park(ChannelHandlerContext ctx, HelloFrame hello) {
        InetAddress address = ((InetSocketAddress) ctx.channel().remoteAddress()).getAddress();
        if (!registry.parkedHandshakes.park(address, waiting)) {
            refuseEarly(ctx, "too many handshakes wait for sessions being negotiated");
            return;
        }
        parkedFrom = address;
        registry.metrics.increment(TransportMetrics.Counter.EARLY_HANDSHAKES_PARKED);
        long waitMillis = registry.parkedHandshakes.limits().waitMillis();
        waitTimeout = ctx.executor().schedule(() -> refuseEarly(ctx, "session " + hello.session()
                + " was not negotiated within " + waitMillis + " ms"), waitMillis, TimeUnit.MILLISECONDS);
    }

    /**
     * The HELLO's session was found (by its own lookup, or for an early one by whichever find came first): it goes
     * on as any HELLO, unless it ended or went on meanwhile.
     */
    private void resume(ChannelHandlerContext ctx, HelloFrame hello, StoredSession stored) {
        if (done || proceeding) {
            return;
        }
        unpark();
        proceed(ctx, hello, registry.find(stored, hello.epoch(), LinkType.STREAM, ctx.channel().eventLoop()));
    }

    /** Refuses an early handshake as a HELLO for an unknown session is refused; counted as early too. */
    private void refuseEarly(ChannelHandlerContext ctx, String reason) {
        if (!done) {
            registry.metrics.increment(TransportMetrics.Counter.EARLY_HANDSHAKES_REFUSED);
        }
        refuse(ctx, new WireException(ErrorCode.UNKNOWN_SESSION, reason));
    }

    /** Ends an early HELLO's wait, if any: its place, its watch and its timeout. */
    private void unpark() {
        if (waiting != null) {
            waiting.stopWaiting();
            registry.parkedHandshakes.unwatch(waiting);
            waiting = null;
        }
        if (parkedFrom != null) {
            registry.parkedHandshakes.release(parkedFrom);
            parkedFrom = null;
        }
        if (waitTimeout != null) {
            waitTimeout.cancel(false);
            waitTimeout = null;
        }
    }

    /** Goes on with a HELLO whose session is known: TLS as the session requires, then its proof, in its context. */
    private void proceed(ChannelHandlerContext ctx, HelloFrame hello, ServerSession session) {
        proceeding = true;
        if (session.context().encryptedStreams() && ctx.pipeline().get(SslHandler.class) == null) {
            refuse(ctx, new WireException(ErrorCode.AUTHENTICATION_FAILED,
                    "this session's streams must be encrypted: connect with TLS"));
            return;
        }
        // A new stream opens on this connection only while it waits (not refused meanwhile: the timeout); once it
        // left, the stream awaits its client's next connection.
        session.execute(() -> session.acceptHandshake(hello, ctx.channel(), () -> !done && ctx.channel().isActive(),
                refusal -> onChannelLoop(ctx, () -> {
                    if (refusal == null) {
                        admitted(ctx, session);
                    } else {
                        refuse(ctx, refusal);
                    }
                })));
    }

    /**
     * Runs {@code task} on the channel's event loop: at once when already there (a new stream's session runs on
     * it), so that nothing (the handshake timeout) comes between a session's answer and the handler's.
     */
    private static void onChannelLoop(ChannelHandlerContext ctx, Runnable task) {
        if (ctx.executor().inEventLoop()) {
            task.run();
        } else {
            ctx.executor().execute(task);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancelTimeout();
        unpark();
        leaveHandshake();
        ctx.fireChannelInactive();
    }

    /**
     * The connection failed before it was handed to its session (a malformed TLS record, a reset): it is closed,
     * and the cause logged in one line. Anyone can cause this, so it never fills the log with stack traces. The
     * close goes the usual way: {@link #channelInactive} gives up a parked handshake's place, and a handshake
     * its session accepted meanwhile learns in {@link #admitted} that the connection is gone.
     */
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug("connection from {} failed before its handshake: {}", ctx.channel().remoteAddress(),
                cause.toString());
        ctx.close();
    }

    private void admitted(ChannelHandlerContext ctx, ServerSession session) {
        if (done) {
            // Refused meanwhile (a resumed stream's session answers from its own loop): the link is gone.
            session.execute(() -> session.connectionClosed(ctx.channel()));
            return;
        }
        done = true;
        cancelTimeout();
        leaveHandshake();
        SessionFrameHandler next = new SessionFrameHandler(session);
        FrameDecoderHandler decoder = ctx.pipeline().get(FrameDecoderHandler.class);
        if (decoder != null) {
            decoder.handshakeAccepted(FrameLimits.forMaxMessageSize(session.engineConfig().maxInboundMessageSize()));
        }
        ctx.pipeline().replace(this, "session", next);
        if (!ctx.channel().isActive()) {
            session.execute(() -> session.connectionClosed(ctx.channel()));
            return;
        }
        for (Frame frame : early) {
            next.forward(frame);
        }
        early.clear();
        ctx.channel().config().setAutoRead(true);
        session.execute(session::run);
    }

    private void refuse(ChannelHandlerContext ctx, WireException reason) {
        if (done) {
            return;
        }
        done = true;
        cancelTimeout();
        unpark();
        leaveHandshake();
        early.clear();
        registry.metrics.tcpRefused(TransportMetrics.Counter.HANDSHAKES_REFUSED, reason.code());
        LOG.debug("refused connection from {}: {}", ctx.channel().remoteAddress(), reason.getMessage());
        if (isInTlsHandshake(ctx)) {
            // TLS would hold the ERROR back until its handshake ends, or its own timeout (10 s) closes it.
            ctx.close();
            return;
        }
        ctx.writeAndFlush(FrameEncoder.encoded(ctx.alloc(), ErrorFrame.of(reason.code(), reason.reason())))
                .addListener(ChannelFutureListener.CLOSE);
    }

    /** Whether the connection started TLS and its TLS handshake has not completed: nothing can be sent yet. */
    private static boolean isInTlsHandshake(ChannelHandlerContext ctx) {
        SslHandler tls = ctx.pipeline().get(SslHandler.class);
        return tls != null && !tls.handshakeFuture().isDone();
    }

    /** The handshake ended (accepted or refused) or the connection closed: its place goes to the next. */
    private void leaveHandshake() {
        if (handshaking != null) {
            registry.handshakes.release(handshaking);
            handshaking = null;
        }
    }

    private void cancelTimeout() {
        if (timeout != null) {
            timeout.cancel(false);
            timeout = null;
        }
    }
}
