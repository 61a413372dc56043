package org.hhfr.transports.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import org.hhfr.transports.frame.Frame;

/**
 * The last handler of an authenticated TCP connection: frames to the session, one engine turn per read batch
 * (so responses and acknowledgements of a batch go out in one flush), a turn when the connection becomes
 * writable again, and the session told when the connection closes. The session may live on another event
 * loop than this connection (after a resume); then each call hops there, in order.
 */
final class SessionFrameHandler extends ChannelInboundHandlerAdapter {
    private final ServerSession session;

    SessionFrameHandler(ServerSession session) {
        this.session = session;
    }

    void forward(Frame frame) {
        session.execute(() -> session.receive(frame));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        forward((Frame) msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        session.execute(session::run);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        session.execute(session::run);
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        session.execute(() -> session.connectionClosed(ctx.channel()));
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
