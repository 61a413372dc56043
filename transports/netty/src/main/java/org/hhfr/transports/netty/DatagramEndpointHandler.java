package org.hhfr.transports.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.DatagramPacket;
import java.util.LinkedHashSet;
import java.util.Set;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.frame.DatagramReader;
import org.hhfr.transports.reliability.LinkType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The UDP endpoint: each datagram goes to the stream it names, by the connection id the server issued to the
 * stream (short form) or by session id and epoch (a client's first datagrams), and the stream verifies its tag
 * before anything else; oversized, unparseable, unknown-session or connection id, bad-tag and replayed datagrams
 * are dropped and counted, never answered (an answer would make the server an amplifier). The first datagrams
 * of a stream the registry does not know wait in {@link ParkedDatagrams} while the store is asked for their
 * session, off the event loop; those flagged EARLY, for a session the store does not hold yet, wait on for it
 * (WIRE-FORMAT 5.2). Sessions that
 * received datagrams in a read batch run one engine turn at its end; when the socket becomes writable again,
 * the sessions whose turn stopped sending for it run one (not every UDP session).
 */
final class DatagramEndpointHandler extends SimpleChannelInboundHandler<DatagramPacket> {
    private static final Logger LOG = LoggerFactory.getLogger(DatagramEndpointHandler.class);

    private final SessionRegistry registry;
    private final Set<ServerSession> touched = new LinkedHashSet<>();
    /** Made on the first datagram of an unknown stream, on the channel's event loop. */
    private ParkedDatagrams parked;

    DatagramEndpointHandler(SessionRegistry registry) {
        this.registry = registry;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket packet) {
        registry.metrics.increment(TransportMetrics.Counter.DATAGRAMS_RECEIVED);
        ByteBuf content = packet.content();
        int length = content.readableBytes();
        if (length > registry.config.maxDatagramSize()) {
            drop(packet, new WireException(ErrorCode.TOO_LARGE, "datagram of " + length + " bytes"));
            return;
        }
        byte[] datagram = new byte[length];
        content.getBytes(content.readerIndex(), datagram);
        ServerSession session;
        try {
            if (DatagramReader.isShortForm(datagram, 0, length)) {
                session = registry.find(DatagramReader.connectionIdOf(datagram, 0, length));
                if (session == null) {
                    throw new WireException(ErrorCode.UNKNOWN_SESSION, "no open stream has the connection id");
                }
            } else {
                SessionId id = DatagramReader.sessionOf(datagram, 0, length);
                long epoch = DatagramReader.epochOf(datagram, 0, length);
                session = registry.findKnown(id, epoch, LinkType.DATAGRAM, ctx.channel().eventLoop());
                if (session == null) {
                    parked(ctx).hold(id, epoch, DatagramReader.isEarly(datagram, 0, length), datagram,
                            packet.sender(), ctx.channel());
                    return;
                }
            }
        } catch (WireException e) {
            drop(packet, e);
            return;
        }
        session.execute(() -> session.receiveDatagram(datagram, packet.sender(), ctx.channel()));
        touched.add(session);
    }

    private ParkedDatagrams parked(ChannelHandlerContext ctx) {
        if (parked == null) {
            parked = new ParkedDatagrams(registry, ctx.channel().eventLoop());
        }
        return parked;
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (parked != null) {
            parked.clear();
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        for (ServerSession session : touched) {
            session.execute(session::run);
        }
        touched.clear();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable()) {
            for (ServerSession session : registry.takeAwaitingWritable()) {
                session.execute(session::run);
            }
        }
        ctx.fireChannelWritabilityChanged();
    }

    private void drop(DatagramPacket packet, WireException reason) {
        registry.metrics.datagramDropped(reason.code());
        LOG.debug("dropped datagram from {}: {}", packet.sender(), reason.getMessage());
    }
}
