package org.hhfr.transports.netty;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.socket.DatagramPacket;
import java.net.InetSocketAddress;
import org.hhfr.transports.driver.PackedDatagramLink;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;

/**
 * A session's frames to one UDP peer address, packed several to a datagram by the session's
 * {@link DatagramWriter} (which seals each with the session's tag). On a server the address follows the client
 * to a new one once {@link DatagramPeerPath} validated it (NAT rebinding, a phone changing networks).
 */
final class DatagramLink extends PackedDatagramLink {
    private final Channel channel;
    private final boolean ownsChannel;
    private final DatagramWriter writer;
    private InetSocketAddress peer;

    /** @param ownsChannel close the channel with the link (a client's socket; never a server's shared one) */
    DatagramLink(Channel channel, InetSocketAddress peer, DatagramWriter writer, boolean ownsChannel) {
        super(writer);
        this.writer = writer;
        this.channel = channel;
        this.peer = peer;
        this.ownsChannel = ownsChannel;
    }

    InetSocketAddress peer() {
        return peer;
    }

    void peer(InetSocketAddress address) {
        peer = address;
    }

    /**
     * Sends {@code frame} alone in a datagram of the stream to {@code address} rather than the peer (a path
     * challenge); frames packed before it go to the peer first.
     */
    void sendAside(Frame frame, InetSocketAddress address) {
        flush();
        writer.add(frame);
        channel.writeAndFlush(new DatagramPacket(Unpooled.wrappedBuffer(writer.finish()), address),
                channel.voidPromise());
    }

    @Override
    public boolean isWritable() {
        return channel.isWritable();
    }

    @Override
    public void flush() {
        super.flush();
        channel.flush();
    }

    @Override
    public void close(Frame lastFrame) {
        super.close(lastFrame);
        if (ownsChannel) {
            channel.close();
        }
    }

    @Override
    protected void send(byte[] datagram) {
        channel.write(new DatagramPacket(Unpooled.wrappedBuffer(datagram), peer), channel.voidPromise());
    }

    @Override
    public String toString() {
        return "UDP " + peer;
    }
}
