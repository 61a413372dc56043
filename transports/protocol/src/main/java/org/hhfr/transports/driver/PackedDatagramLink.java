package org.hhfr.transports.driver;

import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;

/**
 * A link to a UDP peer whose frames are packed several to a datagram by the session's {@link DatagramWriter}
 * (which seals each with the session's tag); the adapter only sends each finished datagram. A datagram socket
 * is shared or connectionless, so flow control is the engine's credit, never reading.
 */
public abstract class PackedDatagramLink implements Link {
    private final DatagramWriter writer;

    protected PackedDatagramLink(DatagramWriter writer) {
        this.writer = writer;
    }

    /** Hands one finished datagram to the I/O, without blocking. */
    protected abstract void send(byte[] datagram);

    @Override
    public final void write(Frame frame) {
        if (!writer.add(frame)) {
            send(writer.finish());
            writer.add(frame);
        }
    }

    /** Sends the datagram being packed, if any. */
    @Override
    public void flush() {
        if (!writer.isEmpty()) {
            send(writer.finish());
        }
    }

    @Override
    public final void setReading(boolean reading) {
    }

    /** Sends {@code lastFrame} if not null and flushes; closing a socket is the adapter's part. */
    @Override
    public void close(Frame lastFrame) {
        if (lastFrame != null) {
            write(lastFrame);
        }
        flush();
    }
}
