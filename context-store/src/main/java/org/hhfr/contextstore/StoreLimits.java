package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;
import org.hhfr.schemas.Bounds;

/**
 * The bounds of a context store: how many sessions it holds, how many of them one client address may hold, how
 * long a granted session that no stream has used yet lives, how long an unused session lives, and how long any
 * session lives at most. Each has a default; a store refuses new sessions beyond {@link #maxSessions()} or
 * {@link #maxSessionsPerAddress()} rather than grow. Immutable; change limits with {@link #toBuilder()}.
 */
@AutoValue
public abstract class StoreLimits {
    private static final StoreLimits DEFAULTS =
            new AutoValue_StoreLimits.Builder().maxSessions(10_000).maxSessionsPerAddress(256)
                    .unopenedGrantMillis(30_000L).idleTimeoutMillis(ReliabilityPolicy.DEFAULT_VALID_FOR_MILLIS)
                    .maxLifetimeMillis(24 * 60 * 60_000L).build();

    /** 10,000 sessions, 256 per client address, 30 seconds until first use, 10 minutes idle, 24 hours at most. */
    public static StoreLimits defaults() {
        return DEFAULTS;
    }

    /** Live sessions held at most (10,000). */
    public abstract int maxSessions();

    /**
     * Live sessions one client address holds at most (256), so that one address cannot take the whole store; an
     * address counts in its {@link ClientAddressBlock} (an IPv6 client is its /64). Sessions created without an
     * address count only against {@link #maxSessions()}.
     */
    public abstract int maxSessionsPerAddress();

    /**
     * A granted session that has not been used since (no stream opened it, no resumption named it) expires this
     * long after its creation (30 seconds), so grants asked for and never used do not hold the store for a whole
     * idle timeout. From its first use on, the idle timeout applies.
     */
    public abstract long unopenedGrantMillis();

    /** A session not used for this long expires (10 minutes). */
    public abstract long idleTimeoutMillis();

    /** A session expires this long after creation however much it is used (24 hours). */
    public abstract long maxLifetimeMillis();

    /** When a session created and last used at these times expires: the earlier of the idle and the lifetime bound. */
    public long expiresAt(long createdAtMillis, long lastUsedAtMillis) {
        return Math.min(saturatedSum(lastUsedAtMillis, idleTimeoutMillis()),
                saturatedSum(createdAtMillis, maxLifetimeMillis()));
    }

    /**
     * When a session expires: the earlier of its lifetime bound and its idle bound, the idle bound counted from
     * its last use with the shorter of {@link #idleTimeoutMillis()} and the lifetime it agreed
     * ({@link ReliabilityPolicy#validForMillis()}); before its first use, at most {@link #unopenedGrantMillis()}
     * after its creation. The one rule of every store.
     */
    public long sessionExpiresAt(ReliabilityPolicy agreed, long createdAtMillis, long lastUsedAtMillis,
                                 boolean used) {
        long idleEnd = saturatedSum(lastUsedAtMillis, Math.min(idleTimeoutMillis(), agreed.validForMillis()));
        if (!used) {
            idleEnd = Math.min(idleEnd, saturatedSum(createdAtMillis, unopenedGrantMillis()));
        }
        return Math.min(idleEnd, saturatedSum(createdAtMillis, maxLifetimeMillis()));
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

        public abstract Builder maxSessionsPerAddress(int value);

        public abstract Builder unopenedGrantMillis(long value);

        public abstract Builder idleTimeoutMillis(long value);

        public abstract Builder maxLifetimeMillis(long value);

        abstract StoreLimits autoBuild();

        /** @throws IllegalArgumentException naming the first limit that is not positive */
        public StoreLimits build() {
            StoreLimits limits = autoBuild();
            Bounds.requirePositive(limits.maxSessions(), "maxSessions");
            Bounds.requirePositive(limits.maxSessionsPerAddress(), "maxSessionsPerAddress");
            Bounds.requirePositive(limits.unopenedGrantMillis(), "unopenedGrantMillis");
            Bounds.requirePositive(limits.idleTimeoutMillis(), "idleTimeoutMillis");
            Bounds.requirePositive(limits.maxLifetimeMillis(), "maxLifetimeMillis");
            return limits;
        }
    }
}
