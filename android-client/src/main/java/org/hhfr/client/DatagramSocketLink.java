package org.hhfr.client;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;

import org.hhfr.transports.driver.PackedDatagramLink;
import org.hhfr.transports.frame.DatagramWriter;

/**
 * A stream's frames to its UDP endpoint: packed several to a datagram by the stream's {@link DatagramWriter}
 * (which seals each with the session's tag) in the serial context, and sent by the writer thread through the
 * stream's {@link FrameOutbox}.
 */
final class DatagramSocketLink extends PackedDatagramLink implements FrameOutbox.Sink {
    private final DatagramSocket socket;
    private final FrameOutbox outbox;

    /** The socket is closed with the stream, not with the link. */
    DatagramSocketLink(DatagramSocket socket, DatagramWriter datagrams, FrameOutbox outbox) {
        super(datagrams);
        this.socket = socket;
        this.outbox = outbox;
    }

    @Override
    public boolean isWritable() {
        return outbox.isWritable();
    }

    /** Queues the datagram for the writer thread. */
    @Override
    protected void send(byte[] datagram) {
        outbox.add(this, datagram, datagram.length);
    }

    @Override
    public void send(byte[] bytes, int length) throws IOException {
        socket.send(new DatagramPacket(bytes, length));
    }

    @Override
    public boolean joinsChunks() {
        return false;
    }

    /** Lost like any datagram: the engine retransmits what is not acknowledged. */
    @Override
    public void broken(IOException cause) {
    }

    @Override
    public String toString() {
        return "UDP " + socket.getRemoteSocketAddress();
    }
}
