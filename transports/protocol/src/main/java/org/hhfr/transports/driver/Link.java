package org.hhfr.transports.driver;

import org.hhfr.transports.frame.Frame;

/**
 * Where one session's frames currently go: a TCP connection or a UDP peer address. A session outlives its
 * links (a TCP session resumes on a new connection). Used only in the session's {@link SerialContext}, and
 * never blocking: a link hands its bytes to the I/O it adapts (a Netty channel, a writer thread's queue).
 */
public interface Link {
    /** Whether the link takes more frames now without growing its outbound buffer past the high-water mark. */
    boolean isWritable();

    /** Queues a frame without flushing. */
    void write(Frame frame);

    /** Sends everything queued: one send per engine turn rather than per frame. */
    void flush();

    /** Reads from the peer (true) or stops reading, which pushes back on it through TCP flow control. */
    void setReading(boolean reading);

    /** Sends {@code lastFrame} if not null, flushes, and closes the link. */
    void close(Frame lastFrame);
}
