package org.hhfr.transports.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToByteEncoder;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;

/**
 * Frames out, length-prefixed bytes out: each frame encoded by the core straight into a pooled buffer. The server
 * has no encoder in its pipelines (one handler less per connection): it writes its few single frames (WELCOME,
 * ERROR) already {@linkplain #encoded encoded}, and a session's frames go through {@link TcpLink}'s batches.
 */
@ChannelHandler.Sharable
final class FrameEncoder extends MessageToByteEncoder<Frame> {
    static final FrameEncoder INSTANCE = new FrameEncoder();

    private FrameEncoder() {
        super(Frame.class);
    }

    /** {@code frame} encoded into a new buffer, to write where no encoder is in the pipeline. */
    static ByteBuf encoded(ByteBufAllocator alloc, Frame frame) {
        ByteBuf out = alloc.heapBuffer(FrameCodec.encodedSize(frame));
        INSTANCE.encode(null, frame, out);
        return out;
    }

    @Override
    protected ByteBuf allocateBuffer(ChannelHandlerContext ctx, Frame frame, boolean preferDirect) {
        return ctx.alloc().heapBuffer(FrameCodec.encodedSize(frame));
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Frame frame, ByteBuf out) {
        int start = out.arrayOffset() + out.writerIndex();
        int end = FrameCodec.encode(frame, out.array(), start);
        out.writerIndex(out.writerIndex() + end - start);
    }
}
