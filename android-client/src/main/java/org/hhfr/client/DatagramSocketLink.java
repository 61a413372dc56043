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
    /** Whether the current turn has begun writing; serial context only. */
    private boolean writing;

    /** The socket is closed with the stream, not with the link. */
    DatagramSocketLink(DatagramSocket socket, DatagramWriter datagrams, FrameOutbox outbox) {
        super(datagrams);
        this.socket = socket;
        this.outbox = outbox;
    }

    /**
     * A turn begins writing only once the writer thread has sent what earlier turns packed (then it writes all
     * it has, up to the outbox's high-water mark): calls made while a datagram is on its way leave together in
     * the next one, and the outbox asks for that turn when it is empty.
     */
    @Override
    public boolean isWritable() {
        if (!outbox.isWritable()) {
            return false;
        }
        if (!writing) {
            writing = outbox.isIdle();
        }
        return writing;
    }

    @Override
    public void flush() {
        super.flush();
        writing = false;
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
