package org.hhfr.benchmarks.transport;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The ceiling for any Netty-based protocol here: length-prefixed float-sum frames in, the 4-byte sum out, the
 * sum computed on the event loop and replies flushed once per read batch. No sessions, no reliability, nothing
 * else.
 */
final class BareNettyServer implements ServerSide {
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final LongAdder received = new LongAdder();
    private final Channel channel;

    BareNettyServer(String host) {
        channel = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline().addLast(
                                new LengthFieldBasedFrameDecoder(4 + 4 * FloatSumFrames.MAX_FLOATS + 4, 0, 4, 0, 4),
                                new SumHandler());
                    }
                })
                .bind(host, 0).syncUninterruptibly().channel();
    }

    @Override
    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    @Override
    public String newTicket() {
        return "-";
    }

    @Override
    public long received() {
        return received.sum();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** One frame, one reply; the flush waits for the end of the read batch. */
    @ChannelHandler.Sharable
    private final class SumHandler extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf frame = (ByteBuf) msg;
            float sum;
            try {
                sum = FloatSumFrames.sumBody(frame);
            } finally {
                frame.release();
            }
            received.increment();
            ByteBuf reply = ctx.alloc().ioBuffer(8);
            reply.writeInt(4).writeFloatLE(sum);
            ctx.write(reply, ctx.voidPromise());
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
