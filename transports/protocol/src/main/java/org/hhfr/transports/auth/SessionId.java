package org.hhfr.transports.auth;

import java.util.Arrays;

/**
 * The public name of a negotiated session as it appears on the wire: 1 to 64 opaque bytes. Short ids keep every
 * datagram small (each one carries the id), so 8 to 16 bytes is a good choice. Usable as a map key.
 */
public final class SessionId {
    /** Longest id accepted on the wire. */
    public static final int MAX_LENGTH = 64;

    private final byte[] bytes;
    private final int hash;

    private SessionId(byte[] bytes) {
        this.bytes = bytes;
        this.hash = Arrays.hashCode(bytes);
    }

    /** @throws IllegalArgumentException when empty or longer than {@value #MAX_LENGTH} bytes */
    public static SessionId of(byte[] bytes) {
        if (bytes.length == 0 || bytes.length > MAX_LENGTH) {
            throw new IllegalArgumentException("session id must be 1.." + MAX_LENGTH + " bytes: " + bytes.length);
        }
        return new SessionId(bytes.clone());
    }

    public int length() {
        return bytes.length;
    }

    /** Copies the id into {@code dst} at {@code offset}; returns the offset after it. */
    public int writeTo(byte[] dst, int offset) {
        System.arraycopy(bytes, 0, dst, offset, bytes.length);
        return offset + bytes.length;
    }

    /** Whether {@code length} bytes of {@code buf} at {@code offset} are this id. */
    public boolean matches(byte[] buf, int offset, int length) {
        if (length != bytes.length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (buf[offset + i] != bytes[i]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SessionId && Arrays.equals(bytes, ((SessionId) other).bytes);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /** Lower-case hex, for logs. */
    @Override
    public String toString() {
        StringBuilder hex = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return hex.toString();
    }
}
