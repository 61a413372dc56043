package org.hhfr.transports.frame;

import org.hhfr.transports.WireException;

/**
 * PATH_CHALLENGE, PATH_RESPONSE or ADDRESS_TOKEN (UDP only): 8 bytes of data. A server that receives a stream's
 * datagrams from a new client address sends a challenge there with unpredictable data; the client answers with a
 * response carrying the same data, which proves the address reaches it (RFC 9000 sections 19.17 and 19.18). A
 * server also sends each stream's client address a token bound to its IP address, which the client shows in the
 * first flight of its next stream of the session from there, so that that stream's address counts as validated
 * from its start (as QUIC's NEW_TOKEN does for a connection's first address). Body: the 8 data bytes. None of the
 * three goes to the reliability engine: the adapters handle them.
 */
public final class PathFrame extends Frame {
    /** Bytes of data in each of the three frames. */
    public static final int DATA_SIZE = 8;
    /** Bytes of each frame encoded: length prefix, type byte and data. */
    public static final int ENCODED_SIZE = 1 + 1 + DATA_SIZE;

    private final FrameType type;
    private final long data;

    private PathFrame(FrameType type, long data) {
        this.type = type;
        this.data = data;
    }

    public static PathFrame challenge(long data) {
        return new PathFrame(FrameType.PATH_CHALLENGE, data);
    }

    public static PathFrame response(long data) {
        return new PathFrame(FrameType.PATH_RESPONSE, data);
    }

    public static PathFrame addressToken(long data) {
        return new PathFrame(FrameType.ADDRESS_TOKEN, data);
    }

    /** The response that answers this challenge. */
    public PathFrame answer() {
        if (type != FrameType.PATH_CHALLENGE) {
            throw new IllegalStateException(type + " is no challenge");
        }
        return response(data);
    }

    @Override
    public FrameType type() {
        return type;
    }

    /** The 8 data bytes, big-endian. */
    public long data() {
        return data;
    }

    @Override
    int bodySize() {
        return DATA_SIZE;
    }

    @Override
    int writeBody(byte[] dst, int offset) {
        for (int shift = 56; shift >= 0; shift -= 8) {
            dst[offset++] = (byte) (data >>> shift);
        }
        return offset;
    }

    static PathFrame read(WireReader in, FrameType type) throws WireException {
        byte[] bytes = in.readBytes(type + " data", DATA_SIZE);
        long data = 0;
        for (byte b : bytes) {
            data = data << 8 | (b & 0xFF);
        }
        return new PathFrame(type, data);
    }

    @Override
    public String toString() {
        return type + " " + String.format("%016x", data);
    }
}
