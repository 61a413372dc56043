package org.hhfr.contextstore;

import java.security.MessageDigest;
import org.hhfr.schemas.Base64Codec;
import org.hhfr.schemas.Sha256;

/**
 * The secret that proves a peer took part in a negotiation: whoever opens a stream or resumes a session must
 * present it with the session id. Issued tokens have {@link #ISSUED_LENGTH} random bytes; tokens read from the
 * network may have any length from {@link #MIN_LENGTH} to {@link #MAX_LENGTH} so that a wrong one simply fails
 * to match. The bytes never appear in {@link #toString()}; comparisons take constant time.
 */
public final class SessionToken {
    /** Bytes in a token this library issues: 256 bits. */
    public static final int ISSUED_LENGTH = 32;
    /** Fewest bytes accepted: 128 bits. */
    public static final int MIN_LENGTH = 16;
    /** Most bytes accepted, which bounds what a hostile peer can make us hash. */
    public static final int MAX_LENGTH = 64;

    private final byte[] bytes;

    private SessionToken(byte[] bytes) {
        this.bytes = bytes;
    }

    /** A token from raw bytes, e.g. from a transport's hello frame. */
    public static SessionToken fromBytes(byte[] bytes) throws ContextStoreException {
        if (bytes == null || bytes.length < MIN_LENGTH || bytes.length > MAX_LENGTH) {
            throw new ContextStoreException("malformed session token: expected " + MIN_LENGTH + " to "
                    + MAX_LENGTH + " bytes, got " + (bytes == null ? "none" : String.valueOf(bytes.length)));
        }
        return new SessionToken(bytes.clone());
    }

    /** A token from its URL-safe Base64 text, e.g. from a negotiation header. */
    public static SessionToken parse(CharSequence text) throws ContextStoreException {
        int length = text == null ? 0 : text.length() * 6 / 8;
        byte[] bytes = length < MIN_LENGTH || length > MAX_LENGTH ? null : Base64Codec.URL.decode(text, length);
        if (bytes == null) {
            throw new ContextStoreException("malformed session token: expected URL-safe Base64 text of "
                    + MIN_LENGTH + " to " + MAX_LENGTH + " bytes");
        }
        return new SessionToken(bytes);
    }

    /** For the store's {@code TokenGenerator}, which hands over fresh random bytes it keeps no reference to. */
    static SessionToken ofOwnedBytes(byte[] bytes) {
        if (bytes.length < MIN_LENGTH || bytes.length > MAX_LENGTH) {
            throw new IllegalArgumentException("a session token has " + MIN_LENGTH + " to " + MAX_LENGTH + " bytes");
        }
        return new SessionToken(bytes);
    }

    /** A copy of the secret bytes, for writing to the wire only. */
    public byte[] toBytes() {
        return bytes.clone();
    }

    /** The secret as URL-safe Base64 text, for writing to the wire only. */
    public String text() {
        return Base64Codec.URL.encode(bytes);
    }

    /**
     * SHA-256 of the token. Stores keep this digest rather than the token, so a dump of the store does not
     * leak live credentials; comparing digests also makes every comparison the same length.
     */
    public byte[] sha256() {
        return Sha256.newDigest().digest(bytes);
    }

    /** Constant-time comparison of the two secrets (only the lengths may leak, and lengths are public). */
    public boolean matches(SessionToken other) {
        return other != null && MessageDigest.isEqual(bytes, other.bytes);
    }

    /** Constant-time comparison of this token's {@link #sha256()} with a stored digest. */
    public boolean matchesDigest(byte[] storedSha256) {
        return storedSha256 != null && MessageDigest.isEqual(sha256(), storedSha256);
    }

    /** Same secret, compared in constant time. */
    @Override
    public boolean equals(Object o) {
        return o instanceof SessionToken && matches((SessionToken) o);
    }

    /** Only the length, so hashing a token reveals nothing of the secret. */
    @Override
    public int hashCode() {
        return bytes.length;
    }

    @Override
    public String toString() {
        return "SessionToken[" + bytes.length + " bytes, redacted]";
    }
}
