package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;
import org.hhfr.schemas.Bounds;

/**
 * The bounds of a context store: how many sessions it holds, how long an unused session lives, and how long
 * any session lives at most. Each has a default; a store refuses new sessions beyond {@link #maxSessions()}
 * rather than grow. Immutable; change limits with {@link #toBuilder()}.
 */
@AutoValue
public abstract class StoreLimits {
    private static final StoreLimits DEFAULTS =
            new AutoValue_StoreLimits.Builder().maxSessions(10_000).idleTimeoutMillis(10 * 60_000L)
                    .maxLifetimeMillis(24 * 60 * 60_000L).build();

    /** 10,000 sessions, 10 minutes idle, 24 hours at most. */
    public static StoreLimits defaults() {
        return DEFAULTS;
    }

    /** Live sessions held at most (10,000). */
    public abstract int maxSessions();

    /** A session not used for this long expires (10 minutes). */
    public abstract long idleTimeoutMillis();

    /** A session expires this long after creation however much it is used (24 hours). */
    public abstract long maxLifetimeMillis();

    /** When a session created and last used at these times expires: the earlier of the idle and the lifetime bound. */
    public long expiresAt(long createdAtMillis, long lastUsedAtMillis) {
        return Math.min(saturatedSum(lastUsedAtMillis, idleTimeoutMillis()),
                saturatedSum(createdAtMillis, maxLifetimeMillis()));
    }

    private static long saturatedSum(long time, long duration) {
        long sum = time + duration;
        return sum < time ? Long.MAX_VALUE : sum;
    }

    /** A builder holding these limits, to change some of them. */
    public abstract Builder toBuilder();

    /** Sets limits; {@link #build()} refuses any that is not positive. */
    @AutoValue.Builder
    public abstract static class Builder {
        public abstract Builder maxSessions(int value);

        public abstract Builder idleTimeoutMillis(long value);

        public abstract Builder maxLifetimeMillis(long value);

        abstract StoreLimits autoBuild();

        /** @throws IllegalArgumentException naming the first limit that is not positive */
        public StoreLimits build() {
            StoreLimits limits = autoBuild();
            Bounds.requirePositive(limits.maxSessions(), "maxSessions");
            Bounds.requirePositive(limits.idleTimeoutMillis(), "idleTimeoutMillis");
            Bounds.requirePositive(limits.maxLifetimeMillis(), "maxLifetimeMillis");
            return limits;
        }
    }
}
