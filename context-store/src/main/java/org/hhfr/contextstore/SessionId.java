package org.hhfr.contextstore;

import java.util.Arrays;

/**
 * The name of one stream's context: 128 random bits, so ids cannot be guessed or enumerated. Its text form is
 * 22 URL-safe Base64 characters, safe in a SOAP header, a URL or a log line (an id alone grants nothing; the
 * {@link SessionToken} is the secret). Ids are made by a {@link TokenGenerator}.
 */
public final class SessionId {
    /** Bytes in an id: 128 bits. */
    public static final int LENGTH = 16;
    /** Characters in the text form. */
    public static final int TEXT_LENGTH = Base64Url.encodedLength(LENGTH);

    private final byte[] bytes;
    private final String text;

    private SessionId(byte[] bytes) {
        this.bytes = bytes;
        this.text = Base64Url.encode(bytes);
    }

    /** An id from its 16 bytes, e.g. as a binary transport frame carries it. */
    public static SessionId fromBytes(byte[] bytes) throws ContextStoreException {
        if (bytes == null || bytes.length != LENGTH) {
            throw new ContextStoreException("malformed session id: expected " + LENGTH + " bytes, got "
                    + (bytes == null ? "none" : String.valueOf(bytes.length)));
        }
        return new SessionId(bytes.clone());
    }

    /** An id from its text form, e.g. as a negotiation header carries it. */
    public static SessionId parse(CharSequence text) throws ContextStoreException {
        byte[] bytes = text == null ? null : Base64Url.decode(text, LENGTH);
        if (bytes == null) {
            throw new ContextStoreException("malformed session id: expected " + TEXT_LENGTH
                    + " URL-safe Base64 characters");
        }
        return new SessionId(bytes);
    }

    /** For {@link TokenGenerator}, which hands over fresh random bytes it keeps no reference to. */
    static SessionId ofOwnedBytes(byte[] bytes) {
        if (bytes.length != LENGTH) {
            throw new IllegalArgumentException("a session id has " + LENGTH + " bytes");
        }
        return new SessionId(bytes);
    }

    /** A copy of the 16 bytes. */
    public byte[] toBytes() {
        return bytes.clone();
    }

    /** The text form, as {@link #parse} reads it. */
    public String text() {
        return text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SessionId && Arrays.equals(bytes, ((SessionId) o).bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    /** The text form. */
    @Override
    public String toString() {
        return text;
    }
}
