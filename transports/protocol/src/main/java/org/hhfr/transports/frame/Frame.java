package org.hhfr.transports.frame;

/**
 * One unit of the HHFR stream protocol, immutable. The set of frame kinds is closed (the constructor is
 * package-private); {@link #type()} tells which subclass an instance is. {@link FrameCodec} turns frames into
 * bytes and back; each subclass knows its own body layout.
 */
public abstract class Frame {
    Frame() {
    }

    public abstract FrameType type();

    /** The high four bits of the type byte; zero unless the frame kind defines flags. */
    int flags() {
        return 0;
    }

    /** Bytes after the type byte. */
    abstract int bodySize();

    /** Writes the body at {@code offset}; returns the offset after it. */
    abstract int writeBody(byte[] dst, int offset);
}
