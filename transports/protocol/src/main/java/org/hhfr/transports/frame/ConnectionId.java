package org.hhfr.transports.frame;

import java.util.Random;

/**
 * The short name a server gives one UDP stream so that its datagrams need not carry the session id: {@value
 * #LENGTH} random bytes, issued by the server when the stream's first datagram verifies and sent in the header of
 * every server datagram of the stream, from which the client learns it. Routing only: the session id stays the
 * session's name in the context store and for resumption, and a connection id grants nothing, as every datagram
 * is still authenticated with the stream's keys (its tag covers the id).
 *
 * <p>Four bytes because they are paid in every datagram, yet are enough for a server to keep the ids of its open
 * streams unique (it draws again on a collision: with 100,000 open streams one draw in 43,000 collides), and
 * unpredictable when drawn from a {@code SecureRandom}: a datagram with a guessed id reaches a live stream with
 * probability (open streams) / 2^32, and even then fails its tag. Usable as a map key.
 */
public final class ConnectionId {
    /** Bytes of a connection id on the wire. */
    public static final int LENGTH = 4;

    private final int value;

    private ConnectionId(int value) {
        this.value = value;
    }

    /** A new id drawn from {@code random} (a server uses a {@code SecureRandom}). */
    public static ConnectionId random(Random random) {
        return new ConnectionId(random.nextInt());
    }

    /** The id in the {@value #LENGTH} bytes of {@code buf} at {@code offset}. */
    static ConnectionId read(byte[] buf, int offset) {
        return new ConnectionId((buf[offset] & 0xFF) << 24 | (buf[offset + 1] & 0xFF) << 16
                | (buf[offset + 2] & 0xFF) << 8 | buf[offset + 3] & 0xFF);
    }

    /** Writes the id to {@code dst} at {@code offset}; returns the offset after it. */
    int writeTo(byte[] dst, int offset) {
        dst[offset] = (byte) (value >>> 24);
        dst[offset + 1] = (byte) (value >>> 16);
        dst[offset + 2] = (byte) (value >>> 8);
        dst[offset + 3] = (byte) value;
        return offset + LENGTH;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ConnectionId && ((ConnectionId) o).value == value;
    }

    @Override
    public int hashCode() {
        return value;
    }

    /** Eight hex digits. */
    @Override
    public String toString() {
        String hex = Integer.toHexString(value);
        return "00000000".substring(hex.length()) + hex;
    }
}
