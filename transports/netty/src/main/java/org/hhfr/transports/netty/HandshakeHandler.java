package org.hhfr.transports.netty;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.reliability.LinkType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Authenticates a new TCP connection: its first frame (the decoder lets nothing else through first) must be
 * a HELLO or RESUME for a session the store holds, proven with the keys of the stream (epoch) it names, within
 * the handshake timeout. A refusal is an ERROR frame with the reason, then the connection closes; nothing a client sends
 * reaches a session before it is accepted. Once accepted, this handler bounds the connection's frames by the
 * session's agreed message size and hands the connection to a {@link SessionFrameHandler}, with the frames that
 * followed the HELLO in the meantime.
 */
final class HandshakeHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(HandshakeHandler.class);
    /** Frames a client may send after HELLO before WELCOME; reading pauses meanwhile, so few arrive. */
    private static final int MAX_EARLY_FRAMES = 4096;

    private final SessionRegistry registry;
    private final List<Frame> early = new ArrayList<>();
    private ScheduledFuture<?> timeout;
    private boolean helloSeen;
    private boolean done;

    HandshakeHandler(SessionRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        registry.metrics.increment(TransportMetrics.Counter.CONNECTIONS_ACCEPTED);
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
            if (early.size() >= MAX_EARLY_FRAMES) {
                refuse(ctx, new WireException(ErrorCode.SEQUENCE_VIOLATION, "too many frames before WELCOME"));
            } else {
                early.add(frame);
            }
            return;
        }
        helloSeen = true;
        ctx.channel().config().setAutoRead(false);
        HelloFrame hello = (HelloFrame) frame;
        ServerSession session;
        try {
            session = registry.find(hello.session(), hello.epoch(), LinkType.STREAM, ctx.channel().eventLoop());
        } catch (WireException e) {
            refuse(ctx, e);
            return;
        }
        if (session.context().encryptedStreams() && ctx.pipeline().get(SslHandler.class) == null) {
            refuse(ctx, new WireException(ErrorCode.AUTHENTICATION_FAILED,
                    "this session's streams must be encrypted: connect with TLS"));
            return;
        }
        session.execute(() -> {
            try {
                session.acceptHandshake(hello, ctx.channel());
            } catch (WireException e) {
                ctx.executor().execute(() -> refuse(ctx, e));
                return;
            } catch (RuntimeException e) {
                LOG.error("handshake of session {} failed", session.id(), e);
                ctx.executor().execute(() -> refuse(ctx, new WireException(ErrorCode.ABORTED, "server error")));
                return;
            }
            ctx.executor().execute(() -> admitted(ctx, session));
        });
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancelTimeout();
        ctx.fireChannelInactive();
    }

    private void admitted(ChannelHandlerContext ctx, ServerSession session) {
        if (done) {
            return;
        }
        done = true;
        cancelTimeout();
        SessionFrameHandler next = new SessionFrameHandler(session);
        FrameDecoderHandler decoder = ctx.pipeline().get(FrameDecoderHandler.class);
        if (decoder != null) {
            decoder.limitTo(FrameLimits.forMaxMessageSize(session.engineConfig().maxInboundMessageSize()));
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
        early.clear();
        registry.metrics.tcpRefused(TransportMetrics.Counter.HANDSHAKES_REFUSED, reason.code());
        LOG.info("refused connection from {}: {}", ctx.channel().remoteAddress(), reason.getMessage());
        ctx.writeAndFlush(FrameEncoder.encoded(ctx.alloc(), ErrorFrame.of(reason.code(), reason.reason())))
                .addListener(ChannelFutureListener.CLOSE);
    }

    private void cancelTimeout() {
        if (timeout != null) {
            timeout.cancel(false);
            timeout = null;
        }
    }
}
