package org.hhfr.contextstore;

import java.util.Objects;
import org.hhfr.transports.auth.SessionId;

/**
 * A snapshot of one session as a store holds it: its id, its context, the SHA-256 of its token, and its times on
 * the store's {@link MonotonicClock}. It never holds the token itself. A later use of the session makes a new
 * snapshot; this one does not change.
 */
public final class StoredSession {
    /** Bytes of a token digest. */
    public static final int DIGEST_LENGTH = 32;

    private final SessionId id;
    private final StreamContext context;
    private final byte[] tokenDigest;
    private final long createdAtMillis;
    private final long lastUsedAtMillis;
    private final long expiresAtMillis;

    /** @param tokenDigest {@link SessionToken#sha256()} of the session's token; copied */
    public StoredSession(SessionId id, StreamContext context, byte[] tokenDigest, long createdAtMillis,
                         long lastUsedAtMillis, long expiresAtMillis) {
        this.id = Objects.requireNonNull(id, "id");
        this.context = Objects.requireNonNull(context, "context");
        if (tokenDigest == null || tokenDigest.length != DIGEST_LENGTH) {
            throw new IllegalArgumentException("a token digest is " + DIGEST_LENGTH + " bytes of SHA-256");
        }
        this.tokenDigest = tokenDigest.clone();
        if (lastUsedAtMillis < createdAtMillis) {
            throw new IllegalArgumentException("last used before created: " + lastUsedAtMillis + " < " + createdAtMillis);
        }
        this.createdAtMillis = createdAtMillis;
        this.lastUsedAtMillis = lastUsedAtMillis;
        this.expiresAtMillis = expiresAtMillis;
    }

    public SessionId id() {
        return id;
    }

    public StreamContext context() {
        return context;
    }

    /**
     * A copy of the SHA-256 of the session's token. A stream transport derives its session keys from it (the
     * client derives the same keys from the token), so the server can check proofs without ever holding the
     * token. Treat it as a secret: it is never shown in {@link #toString()}.
     */
    public byte[] tokenDigest() {
        return tokenDigest.clone();
    }

    /** Whether {@code presented} is this session's token (constant time). */
    boolean isTokenOf(SessionToken presented) {
        return presented.matchesDigest(tokenDigest);
    }

    public long createdAtMillis() {
        return createdAtMillis;
    }

    public long lastUsedAtMillis() {
        return lastUsedAtMillis;
    }

    /** The first instant at which the session is expired, unless it is used before. */
    public long expiresAtMillis() {
        return expiresAtMillis;
    }

    public boolean isExpiredAt(long nowMillis) {
        return nowMillis >= expiresAtMillis;
    }

    @Override
    public String toString() {
        return "StoredSession[" + id + ", created=" + createdAtMillis + ", lastUsed=" + lastUsedAtMillis
                + ", expires=" + expiresAtMillis + ", " + context + "]";
    }
}
