package org.hhfr.transports.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramPacket;
import io.netty.channel.socket.nio.NioDatagramChannel;
import java.net.InetSocketAddress;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A seeded bad network between one UDP client and a server on loopback: in each direction it drops,
 * duplicates and delays datagrams, and delays some more than others so they arrive out of order. The client
 * sends to {@link #address()}; the server sees the relay's other socket as the client, which
 * {@link #rebind()} replaces (a NAT rebinding). Every decision comes from one seeded {@link Random} on one
 * thread, so a seed names an impairment pattern (timing still varies run to run).
 */
final class LossyDatagramRelay implements AutoCloseable {
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final EventLoop loop = group.next();
    private final InetSocketAddress server;
    private final Random random;
    private final double loss;
    private final double duplication;
    private final double reordering;
    private final Channel clientSide;
    private volatile Channel serverSide;
    private volatile InetSocketAddress client;
    final AtomicLong forwarded = new AtomicLong();
    final AtomicLong dropped = new AtomicLong();
    final AtomicLong duplicated = new AtomicLong();
    final AtomicLong reordered = new AtomicLong();
    /** The client's datagrams that named the session (long form) rather than a connection id (short form). */
    final AtomicLong longFormFromClient = new AtomicLong();

    /**
     * @param loss probability that a datagram is dropped
     * @param duplication probability that a forwarded datagram is sent twice
     * @param reordering probability that a datagram is held back 1-5 ms, letting later ones pass it
     */
    LossyDatagramRelay(InetSocketAddress server, long seed, double loss, double duplication, double reordering) {
        this.server = server;
        this.random = new Random(seed);
        this.loss = loss;
        this.duplication = duplication;
        this.reordering = reordering;
        this.clientSide = bind(new Forwarder(true));
        this.serverSide = bind(new Forwarder(false));
    }

    InetSocketAddress address() {
        return (InetSocketAddress) clientSide.localAddress();
    }

    /** The server sees the client's datagrams come from a new port from now on. */
    void rebind() {
        Channel old = serverSide;
        serverSide = bind(new Forwarder(false));
        old.close();
    }

    private Channel bind(Forwarder forwarder) {
        return new Bootstrap().group(loop).channel(NioDatagramChannel.class)
                .option(ChannelOption.SO_RCVBUF, 4 << 20)
                .option(ChannelOption.SO_SNDBUF, 4 << 20)
                .handler(forwarder).bind("127.0.0.1", 0).syncUninterruptibly().channel();
    }

    private void impair(ByteBuf content, Channel out, InetSocketAddress to) {
        if (random.nextDouble() < loss) {
            dropped.incrementAndGet();
            return;
        }
        int copies = random.nextDouble() < duplication ? 2 : 1;
        if (copies == 2) {
            duplicated.incrementAndGet();
        }
        for (int i = 0; i < copies; i++) {
            ByteBuf copy = Unpooled.copiedBuffer(content);
            if (random.nextDouble() < reordering) {
                reordered.incrementAndGet();
                long delayMicros = 1_000 + random.nextInt(4_000);
                loop.schedule(() -> send(out, copy, to), delayMicros, TimeUnit.MICROSECONDS);
            } else {
                send(out, copy, to);
            }
        }
    }

    private void send(Channel out, ByteBuf datagram, InetSocketAddress to) {
        forwarded.incrementAndGet();
        out.writeAndFlush(new DatagramPacket(datagram, to), out.voidPromise());
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 1_000, TimeUnit.MILLISECONDS).syncUninterruptibly();
    }

    private final class Forwarder extends SimpleChannelInboundHandler<DatagramPacket> {
        private final boolean fromClient;

        Forwarder(boolean fromClient) {
            this.fromClient = fromClient;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket packet) {
            if (fromClient) {
                client = packet.sender();
                ByteBuf content = packet.content();
                if (content.isReadable() && (content.getByte(content.readerIndex()) & 0x04) == 0) {
                    longFormFromClient.incrementAndGet();
                }
                impair(packet.content(), serverSide, server);
            } else if (client != null && ctx.channel() == serverSide) {
                impair(packet.content(), clientSide, client);
            }
        }
    }
}
