package org.hhfr.client;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;

import org.hhfr.transports.driver.Link;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;

/**
 * A stream's frames to its UDP endpoint: packed several to a datagram by the stream's {@link DatagramWriter}
 * (which seals each with the session's tag) in the serial context, and sent by the writer thread through the
 * stream's {@link FrameOutbox}.
 */
final class DatagramSocketLink implements Link, FrameOutbox.Sink {
    private final DatagramSocket socket;
    private final DatagramWriter datagrams;
    private final FrameOutbox outbox;

    DatagramSocketLink(DatagramSocket socket, DatagramWriter datagrams, FrameOutbox outbox) {
        this.socket = socket;
        this.datagrams = datagrams;
        this.outbox = outbox;
    }

    @Override
    public boolean isWritable() {
        return outbox.isWritable();
    }

    @Override
    public void write(Frame frame) {
        if (!datagrams.add(frame)) {
            queue(datagrams.finish());
            datagrams.add(frame);
        }
    }

    @Override
    public void flush() {
        if (!datagrams.isEmpty()) {
            queue(datagrams.finish());
        }
    }

    /** A datagram socket is connectionless: flow control is the engine's credit, not reading. */
    @Override
    public void setReading(boolean reading) {
    }

    /** Sends what is queued; the socket is closed with the stream. */
    @Override
    public void close(Frame lastFrame) {
        if (lastFrame != null) {
            write(lastFrame);
        }
        flush();
    }

    private void queue(byte[] datagram) {
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
