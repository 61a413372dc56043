package org.hhfr.transports.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.FrameBufferBudget;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.StreamFrameDecoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bytes of a TCP connection in, {@link org.hhfr.transports.frame.Frame}s out: an adapter around the core's
 * {@link StreamFrameDecoder}, which bounds what a peer can make us buffer and allows nothing but a handshake
 * first. A frame that does not decode, or a partial frame that does not fit the server's buffer budget, ends
 * the connection with an ERROR frame naming the reason. The connection's reservation in the budget is given
 * back when it closes.
 */
final class FrameDecoderHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(FrameDecoderHandler.class);

    private final StreamFrameDecoder decoder;
    private final TransportMetrics metrics;
    private byte[] scratch = new byte[0];
    private boolean failed;

    /** A client's decoder: its limits alone bound it. */
    FrameDecoderHandler(Role local, FrameLimits limits) {
        this.decoder = new StreamFrameDecoder(local, limits);
        this.metrics = null;
    }

    /** A server's decoder: partial frames also count against the server's {@code budget}. */
    FrameDecoderHandler(Role local, FrameLimits limits, FrameBufferBudget budget, TransportMetrics metrics) {
        this.decoder = new StreamFrameDecoder(local, limits, budget);
        this.metrics = metrics;
    }

    /** Bounds the frames after the handshake by the session's agreed limits; on the connection's event loop. */
    void limitTo(FrameLimits agreed) {
        decoder.limitTo(agreed);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf bytes = (ByteBuf) msg;
        try {
            if (failed) {
                return;
            }
            int length = bytes.readableBytes();
            if (scratch.length < length) {
                scratch = new byte[Math.max(length, 2 * scratch.length)];
            }
            bytes.getBytes(bytes.readerIndex(), scratch, 0, length);
            decoder.decode(scratch, 0, length, ctx::fireChannelRead);
        } catch (WireException e) {
            failed = true;
            if (metrics != null) {
                metrics.tcpRefused(TransportMetrics.Counter.FRAMES_REFUSED, e.code());
            }
            LOG.info("closing connection from {}: {}", ctx.channel().remoteAddress(), e.getMessage());
            ctx.writeAndFlush(ErrorFrame.of(e.code(), e.reason())).addListener(ChannelFutureListener.CLOSE);
        } finally {
            ReferenceCountUtil.release(bytes);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        decoder.release();
        if (!failed && decoder.hasPartialFrame()) {
            if (metrics != null) {
                metrics.tcpRefused(TransportMetrics.Counter.FRAMES_REFUSED, ErrorCode.MALFORMED);
            }
            LOG.info("connection from {} closed in the middle of a frame", ctx.channel().remoteAddress());
        }
        ctx.fireChannelInactive();
    }
}
