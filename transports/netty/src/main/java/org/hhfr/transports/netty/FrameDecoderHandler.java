package org.hhfr.transports.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.FastThreadLocal;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.FrameBufferBudget;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.StreamFrameDecoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * Bytes of a TCP connection in, {@link org.hhfr.transports.frame.Frame}s out: an adapter around the core's
 * {@link StreamFrameDecoder}, which bounds what a peer can make us buffer and allows nothing but a handshake
 * first. A frame that does not decode, or a partial frame that does not fit the server's buffer budget, ends
 * the connection with an ERROR frame naming the reason. The connection's reservation in the budget is given
 * back when it closes. A read's bytes are decoded from the buffer's own array, or copied into one scratch array
 * per thread (the decoder keeps what it needs of a partial frame), so an idle connection holds no byte buffer.
 * A connection refused before its handshake is accepted is logged at DEBUG (anyone can open and break connections
 * as often as they like; the refusals are counted by reason), one of an authenticated peer at INFO.
 */
final class FrameDecoderHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(FrameDecoderHandler.class);

    /** Where a read's bytes are copied when its buffer has no array: one per thread, grown to the largest read. */
    private static final FastThreadLocal<byte[][]> SCRATCH = new FastThreadLocal<byte[][]>() {
        @Override
        protected byte[][] initialValue() {
            return new byte[][] {new byte[0]};
        }
    };

    private final StreamFrameDecoder decoder;
    private final TransportMetrics metrics;
    private boolean failed;
    /** The connection's handshake was accepted: its peer holds the session's token. */
    private boolean authenticated;

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

    /**
     * The connection's handshake was accepted: its frames are bounded by the session's agreed limits from now on.
     * On the connection's event loop.
     */
    void handshakeAccepted(FrameLimits agreed) {
        decoder.limitTo(agreed);
        authenticated = true;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf bytes = (ByteBuf) msg;
        try {
            if (failed) {
                return;
            }
            int length = bytes.readableBytes();
            if (bytes.hasArray()) {
                decoder.decode(bytes.array(), bytes.arrayOffset() + bytes.readerIndex(), length, ctx::fireChannelRead);
            } else {
                byte[][] holder = SCRATCH.get();
                if (holder[0].length < length) {
                    holder[0] = new byte[Math.max(length, 2 * holder[0].length)];
                }
                byte[] scratch = holder[0];
                bytes.getBytes(bytes.readerIndex(), scratch, 0, length);
                decoder.decode(scratch, 0, length, ctx::fireChannelRead);
            }
        } catch (WireException e) {
            failed = true;
            if (metrics != null) {
                metrics.tcpRefused(TransportMetrics.Counter.FRAMES_REFUSED, e.code());
            }
            LOG.atLevel(logLevel()).log("closing connection from {}: {}", ctx.channel().remoteAddress(),
                    e.getMessage());
            ctx.writeAndFlush(FrameEncoder.encoded(ctx.alloc(), ErrorFrame.of(e.code(), e.reason())))
                    .addListener(ChannelFutureListener.CLOSE);
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
            LOG.atLevel(logLevel()).log("connection from {} closed in the middle of a frame",
                    ctx.channel().remoteAddress());
        }
        ctx.fireChannelInactive();
    }

    private Level logLevel() {
        return authenticated ? Level.INFO : Level.DEBUG;
    }
}
