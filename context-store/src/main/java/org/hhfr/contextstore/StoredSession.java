package org.hhfr.contextstore;

import java.util.Objects;

/**
 * A snapshot of one session as a store holds it: its id, its context, and its times on the store's
 * {@link MonotonicClock}. It never holds the session token. A later use of the session makes a new snapshot;
 * this one does not change.
 */
public final class StoredSession {
    private final SessionId id;
    private final StreamContext context;
    private final long createdAtMillis;
    private final long lastUsedAtMillis;
    private final long expiresAtMillis;

    public StoredSession(SessionId id, StreamContext context, long createdAtMillis, long lastUsedAtMillis,
                         long expiresAtMillis) {
        this.id = Objects.requireNonNull(id, "id");
        this.context = Objects.requireNonNull(context, "context");
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
