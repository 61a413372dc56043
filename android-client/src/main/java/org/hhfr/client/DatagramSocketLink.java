package org.hhfr.client;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.PortUnreachableException;

import org.hhfr.transports.driver.PackedDatagramLink;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;

/**
 * A stream's frames to its UDP endpoint: packed several to a datagram by the stream's {@link DatagramWriter}
 * (which seals each with the session's tag) in the serial context, and sent by the writer thread through the
 * stream's {@link FrameOutbox} on the stream's current socket (it changes when the stream moves to another
 * network).
 */
final class DatagramSocketLink extends PackedDatagramLink implements FrameOutbox.Sink {
    private final FrameOutbox outbox;
    /** Called on the writer thread when the current socket fails to send for another reason than the server. */
    private final Runnable socketFailed;
    private volatile DatagramSocket socket;
    private final DatagramWriter datagrams;
    /** Whether the current turn has begun writing; serial context only. */
    private boolean writing;
    /** A frame to pack into the last datagram of the next turn that writes; serial context only. */
    private Frame riding;

    /** The socket is closed with the stream, not with the link. */
    DatagramSocketLink(DatagramSocket socket, DatagramWriter datagrams, FrameOutbox outbox, Runnable socketFailed) {
        super(datagrams);
        this.datagrams = datagrams;
        this.socket = socket;
        this.outbox = outbox;
        this.socketFailed = socketFailed;
    }

    /** Sends from {@code newSocket} from now on (datagrams already queued included). */
    void moveTo(DatagramSocket newSocket) {
        socket = newSocket;
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

    /**
     * Packs {@code frame} into the last datagram of the next turn that writes anything, in its spare room (alone
     * when it has none): it leaves with the turn's frames instead of in a datagram of its own.
     */
    void rideOnNextFlush(Frame frame) {
        riding = frame;
    }

    @Override
    public void flush() {
        if (riding != null && !datagrams.isEmpty()) {
            write(riding);
            riding = null;
        }
        super.flush();
        writing = false;
    }

    /** Queues the datagram for the writer thread. */
    @Override
    protected void send(byte[] datagram) {
        outbox.add(this, datagram, datagram.length);
    }

    /**
     * Sends on the current socket. A failure other than the server's port being closed (an ICMP answer) means
     * the socket's network is gone: the stream is told, and may move to a new socket.
     */
    @Override
    public void send(byte[] bytes, int length) throws IOException {
        DatagramSocket current = socket;
        try {
            current.send(new DatagramPacket(bytes, length));
        } catch (PortUnreachableException e) {
            throw e;
        } catch (IOException e) {
            if (current == socket && !current.isClosed()) {
                socketFailed.run();
            }
            throw e;
        }
    }

    @Override
    public boolean joinsChunks() {
        return false;
    }

    /** Datagrams are packed by the engine's turns instead (see {@link FrameOutbox#isIdle}). */
    @Override
    public long lingerNanos(int length, boolean joining) {
        return 0;
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
