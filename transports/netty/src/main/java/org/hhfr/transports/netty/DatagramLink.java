package org.hhfr.transports.netty;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.socket.DatagramPacket;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import org.hhfr.transports.driver.PackedDatagramLink;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.path.PathValidation;
import org.jspecify.annotations.Nullable;

/**
 * A session's frames to one UDP peer address, packed several to a datagram by the session's
 * {@link DatagramWriter} (which seals each with the session's tag). On a server the address follows the client
 * to a new one once {@link DatagramPeerPath} validated it (NAT rebinding, a phone changing networks), and until
 * the client's address is validated what goes there stays within the address's amplification budget: a datagram
 * the budget does not admit is held back, and the link takes no more frames, until more comes from the address
 * or it is validated.
 */
final class DatagramLink extends PackedDatagramLink {
    private final Channel channel;
    private final boolean ownsChannel;
    private final DatagramWriter writer;
    /** The validation of the client's address, on a server; null on a client, which sends freely. */
    private final @Nullable PathValidation<InetSocketAddress> path;
    /**
     * Datagrams the budget of a client address not validated yet did not admit, in order; null when none waits.
     * At most a few: the link takes no more frames while one waits.
     */
    private @Nullable ArrayDeque<byte[]> heldBack;
    private InetSocketAddress peer;

    /** A client's link to its server: over a socket of its own, closed with the link. */
    DatagramLink(Channel channel, InetSocketAddress server, DatagramWriter writer) {
        this(channel, server, writer, true, null);
    }

    /** A server's link to a client at {@code path}'s peer, over the server's shared socket, within its budget. */
    DatagramLink(Channel channel, DatagramWriter writer, PathValidation<InetSocketAddress> path) {
        this(channel, path.peer(), writer, false, path);
    }

    private DatagramLink(Channel channel, InetSocketAddress peer, DatagramWriter writer, boolean ownsChannel,
                         @Nullable PathValidation<InetSocketAddress> path) {
        super(writer);
        this.writer = writer;
        this.channel = channel;
        this.peer = peer;
        this.ownsChannel = ownsChannel;
        this.path = path;
    }

    InetSocketAddress peer() {
        return peer;
    }

    void peer(InetSocketAddress address) {
        peer = address;
    }

    /**
     * Sends {@code frame} alone in a datagram of the stream to {@code address} rather than the peer (a path
     * challenge, which the validation counts itself); frames packed before it go to the peer first.
     */
    void sendAside(Frame frame, InetSocketAddress address) {
        flush();
        writer.add(frame);
        channel.writeAndFlush(new DatagramPacket(Unpooled.wrappedBuffer(writer.finish()), address),
                channel.voidPromise());
    }

    /** Whether datagrams wait for the budget of the client's address, which is not validated yet. */
    boolean isHoldingBack() {
        return heldBack != null;
    }

    /**
     * Sends the datagrams held back, in order, as far as the budget admits them now (more came from the client's
     * address, or it was validated).
     */
    void sendHeldBack() {
        if (heldBack == null) {
            return;
        }
        while (!heldBack.isEmpty() && admits(heldBack.peek())) {
            transmit(heldBack.poll());
        }
        if (heldBack.isEmpty()) {
            heldBack = null;
        }
        channel.flush();
    }

    /** Whether the socket takes nothing more for now: the link is writable again once it drains. */
    boolean awaitsSocket() {
        return !channel.isWritable();
    }

    @Override
    public boolean isWritable() {
        return channel.isWritable() && heldBack == null;
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
        if (heldBack != null || !admits(datagram)) {
            if (heldBack == null) {
                heldBack = new ArrayDeque<>(2);
            }
            heldBack.add(datagram);
            return;
        }
        transmit(datagram);
    }

    private boolean admits(byte[] datagram) {
        return path == null || path.admits(datagram.length);
    }

    private void transmit(byte[] datagram) {
        if (path != null) {
            path.sent(datagram.length);
        }
        channel.write(new DatagramPacket(Unpooled.wrappedBuffer(datagram), peer), channel.voidPromise());
    }

    @Override
    public String toString() {
        return "UDP " + peer;
    }
}
