package org.hhfr.transports.auth;

import java.util.Arrays;
import org.hhfr.schemas.Base64Codec;

/**
 * The public name of a negotiated session, in the context store, in negotiation headers and in stream
 * handshakes: 1 to {@value #MAX_LENGTH} opaque bytes. Ids HHFR issues are {@value #ISSUED_LENGTH} random bytes (128
 * bits from {@code SecureRandom}, made by context-store's {@code TokenGenerator}), so ids cannot be guessed or
 * enumerated; they are short because every HELLO and a client's first datagrams of a stream carry one (later
 * datagrams name the stream by its 4-byte connection id). The text form is URL-safe Base64 (22 characters
 * for an issued id), safe in a SOAP header, a URL or a log line: an id alone grants nothing, the session token is
 * the secret. Usable as a map key.
 */
public final class SessionId {
    /** Bytes in an id this library issues: 128 bits. */
    public static final int ISSUED_LENGTH = 16;
    /** Characters in the text form of an issued id. */
    public static final int ISSUED_TEXT_LENGTH = Base64Codec.URL.encodedLength(ISSUED_LENGTH);
    /** Longest id accepted, in bytes. */
    public static final int MAX_LENGTH = 64;

    private final byte[] bytes;
    private final int hash;

    private SessionId(byte[] bytes) {
        this.bytes = bytes;
        this.hash = Arrays.hashCode(bytes);
    }

    /**
     * An id from its bytes, e.g. as a stream frame carries it.
     *
     * @throws IllegalArgumentException when empty or longer than {@value #MAX_LENGTH} bytes
     */
    public static SessionId of(byte[] bytes) {
        checkLength(bytes.length);
        return new SessionId(bytes.clone());
    }

    /**
     * An id from its text form, e.g. as a negotiation header carries it.
     *
     * @throws IllegalArgumentException saying why, if {@code text} is not the canonical text of an id
     */
    public static SessionId parse(CharSequence text) {
        int length = text == null ? 0 : text.length() * 6 / 8;
        byte[] bytes = length < 1 || length > MAX_LENGTH ? null : Base64Codec.URL.decode(text, length);
        if (bytes == null) {
            throw new IllegalArgumentException("malformed session id: expected URL-safe Base64 text of 1 to "
                    + MAX_LENGTH + " bytes");
        }
        return new SessionId(bytes);
    }

    private static void checkLength(int length) {
        if (length == 0 || length > MAX_LENGTH) {
            throw new IllegalArgumentException("session id must be 1.." + MAX_LENGTH + " bytes: " + length);
        }
    }

    /** Bytes in this id. */
    public int length() {
        return bytes.length;
    }

    /** A copy of the bytes. */
    public byte[] toBytes() {
        return bytes.clone();
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

    /** The text form, as {@link #parse} reads it. */
    public String text() {
        return Base64Codec.URL.encode(bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SessionId && Arrays.equals(bytes, ((SessionId) o).bytes);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /** The text form. */
    @Override
    public String toString() {
        return text();
    }
}
