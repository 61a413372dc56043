package org.hhfr.benchmarks.transport;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The bare Netty client: all on one event loop, {@code window} 408-byte request frames in flight, each 8-byte
 * reply answered by the next request, one flush per read batch.
 */
final class BareNettyClient extends ClosedLoopClient {
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final float[] values = FloatSumFrames.values();
    private final int window;
    private final Channel channel;

    BareNettyClient(String host, int port, int window, long limit) throws IOException {
        super(limit);
        this.window = window;
        try {
            channel = new Bootstrap().group(group).channel(NioSocketChannel.class)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            channel.pipeline().addLast(new LengthFieldBasedFrameDecoder(64, 0, 4, 0, 4),
                                    new ReplyHandler());
                        }
                    })
                    .connect(host, port).syncUninterruptibly().channel();
        } catch (RuntimeException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new IOException("cannot connect to " + host + ":" + port, e);
        }
    }

    @Override
    protected void disconnect() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private void writeRequest(ChannelHandlerContext ctx) {
        ByteBuf frame = ctx.alloc().ioBuffer(4 + FloatSumFrames.REQUEST_BODY);
        frame.writeInt(FloatSumFrames.REQUEST_BODY);
        FloatSumFrames.writeBody(frame, values);
        ctx.write(frame, ctx.voidPromise());
    }

    private final class ReplyHandler extends ChannelInboundHandlerAdapter {
        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            for (int i = 0; i < window && loop.startOne(); i++) {
                writeRequest(ctx);
            }
            ctx.flush();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ((ByteBuf) msg).release();
            loop.replied();
            if (loop.startOne()) {
                writeRequest(ctx);
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            loop.fail(new IOException("connection closed"));
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            loop.fail(cause);
            ctx.close();
        }
    }
}
