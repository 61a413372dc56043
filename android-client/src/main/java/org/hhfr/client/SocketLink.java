package org.hhfr.client;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.util.Arrays;

import org.hhfr.transports.driver.FirstFlight;
import org.hhfr.transports.driver.Link;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;

/**
 * A stream's frames over one TCP connection: a turn's frames are encoded back to back into one buffer, which
 * goes to the stream's {@link FrameOutbox} at the flush (or when it grows past a batch), and the writer thread
 * writes it. Used in the stream's serial context, except {@link #send}, {@link #lingerNanos} and
 * {@link #broken} (writer thread).
 */
final class SocketLink implements Link, FrameOutbox.Sink {
    private static final int MAX_BATCH = 64 << 10;
    /** Most a write waits for more calls to join it: a small part of a mobile round trip. */
    static final long MAX_LINGER_NANOS = 2_000_000;

    private final Socket socket;
    private final FrameOutbox outbox;
    private final long lingerNanos;
    private byte[] batch = new byte[8 << 10];
    private int length;
    /** On the writer thread. */
    private final FirstFlight firstFlight = new FirstFlight();
    /** Whether anything was sent, and when the last send ended; on the writer thread. */
    private boolean sent;
    private long lastSendAt;

    /**
     * @param connectNanos how long the TCP connect took, about one round trip: a write of a burst waits for more
     *                     of it at most an eighth of that (and at most {@link #MAX_LINGER_NANOS})
     */
    SocketLink(Socket socket, FrameOutbox outbox, long connectNanos) {
        this.socket = socket;
        this.outbox = outbox;
        this.lingerNanos = Math.max(0, Math.min(MAX_LINGER_NANOS, connectNanos / 8));
    }

    @Override
    public boolean isWritable() {
        return outbox.isWritable();
    }

    @Override
    public void write(Frame frame) {
        int size = FrameCodec.encodedSize(frame);
        if (length + size > batch.length) {
            batch = Arrays.copyOf(batch, Math.max(2 * batch.length, length + size));
        }
        length = FrameCodec.encode(frame, batch, length);
        if (length >= MAX_BATCH) {
            flush();
        }
    }

    @Override
    public void flush() {
        if (length > 0) {
            outbox.add(this, Arrays.copyOf(batch, length), length);
            length = 0;
        }
        if (batch.length > MAX_BATCH) {
            batch = new byte[8 << 10];
        }
    }

    /** A client reads always: a client that stopped while its server does the same would deadlock both. */
    @Override
    public void setReading(boolean reading) {
    }

    /** Sends what is queued; the connection itself is closed by its reader, which reconnects or stops. */
    @Override
    public void close(Frame lastFrame) {
        if (lastFrame != null) {
            write(lastFrame);
        }
        flush();
    }

    @Override
    public void send(byte[] bytes, int count) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(bytes, 0, count);
        out.flush();
        firstFlight.wrote(count);
        sent = true;
        lastSendAt = System.nanoTime();
    }

    @Override
    public boolean joinsChunks() {
        return true;
    }

    /**
     * While the connection is in its {@link FirstFlight}, a small write that closely follows the previous one (a
     * burst of pipelined calls) waits a little for the calls behind it, and goes on waiting while they come,
     * until a segment's worth has gathered: the burst leaves in a few full segments instead of one small segment
     * per call, past the initial window. A lone call, a large write and an established connection's writes go at
     * once.
     */
    @Override
    public long lingerNanos(int length, boolean joining) {
        boolean burst = joining || sent && System.nanoTime() - lastSendAt < lingerNanos;
        return burst && firstFlight.isYoung() && FirstFlight.isSmall(length) ? lingerNanos : 0;
    }

    /**
     * Nothing to do: the reader sees the broken connection too, and reconnects. (Closing the socket here
     * could cut off the server's answer still to be read, such as its refusal of the handshake.)
     */
    @Override
    public void broken(IOException cause) {
    }

    @Override
    public String toString() {
        return "TCP " + socket.getRemoteSocketAddress();
    }
}
