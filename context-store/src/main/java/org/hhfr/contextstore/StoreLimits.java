package org.hhfr.contextstore;

/**
 * The bounds of a context store: how many sessions it holds, how long an unused session lives, and how long
 * any session lives at most. Each has a default; a store refuses new sessions beyond {@link #maxSessions()}
 * rather than grow.
 */
public final class StoreLimits {
    private static final StoreLimits DEFAULTS = new StoreLimits(10_000, 10 * 60_000L, 24 * 60 * 60_000L);

    private final int maxSessions;
    private final long idleTimeoutMillis;
    private final long maxLifetimeMillis;

    private StoreLimits(int maxSessions, long idleTimeoutMillis, long maxLifetimeMillis) {
        if (maxSessions <= 0) {
            throw new IllegalArgumentException("maxSessions must be positive: " + maxSessions);
        }
        if (idleTimeoutMillis <= 0) {
            throw new IllegalArgumentException("idleTimeoutMillis must be positive: " + idleTimeoutMillis);
        }
        if (maxLifetimeMillis <= 0) {
            throw new IllegalArgumentException("maxLifetimeMillis must be positive: " + maxLifetimeMillis);
        }
        this.maxSessions = maxSessions;
        this.idleTimeoutMillis = idleTimeoutMillis;
        this.maxLifetimeMillis = maxLifetimeMillis;
    }

    /** 10,000 sessions, 10 minutes idle, 24 hours at most. */
    public static StoreLimits defaults() {
        return DEFAULTS;
    }

    /** Live sessions held at most (10,000). */
    public int maxSessions() {
        return maxSessions;
    }

    /** A session not used for this long expires (10 minutes). */
    public long idleTimeoutMillis() {
        return idleTimeoutMillis;
    }

    /** A session expires this long after creation however much it is used (24 hours). */
    public long maxLifetimeMillis() {
        return maxLifetimeMillis;
    }

    public StoreLimits withMaxSessions(int value) {
        return new StoreLimits(value, idleTimeoutMillis, maxLifetimeMillis);
    }

    public StoreLimits withIdleTimeoutMillis(long value) {
        return new StoreLimits(maxSessions, value, maxLifetimeMillis);
    }

    public StoreLimits withMaxLifetimeMillis(long value) {
        return new StoreLimits(maxSessions, idleTimeoutMillis, value);
    }

    /** When a session created and last used at these times expires: the earlier of the idle and the lifetime bound. */
    public long expiresAt(long createdAtMillis, long lastUsedAtMillis) {
        return Math.min(saturatedSum(lastUsedAtMillis, idleTimeoutMillis),
                saturatedSum(createdAtMillis, maxLifetimeMillis));
    }

    private static long saturatedSum(long time, long duration) {
        long sum = time + duration;
        return sum < time ? Long.MAX_VALUE : sum;
    }

    @Override
    public String toString() {
        return "StoreLimits[maxSessions=" + maxSessions + ", idleTimeout=" + idleTimeoutMillis + "ms, maxLifetime="
                + maxLifetimeMillis + "ms]";
    }
}
