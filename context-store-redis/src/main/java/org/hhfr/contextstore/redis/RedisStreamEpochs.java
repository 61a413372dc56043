package org.hhfr.contextstore.redis;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.StreamEpochs;
import org.hhfr.transports.auth.SessionId;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * {@link StreamEpochs} in Redis, shared by every node of a deployment: one key per session,
 * {@code <prefix>epoch:<session>}, raised by one Lua script and kept for the longest a session may live.
 * Epochs are below 2^53 (clock epochs, {@code StreamEpoch.fresh()}, until the year 2248, or small counts), exact
 * in Lua's numbers.
 */
public final class RedisStreamEpochs implements StreamEpochs {
    /** KEYS: the session's epoch. ARGV: the epoch, its time to live in ms. Returns 1 raised, 0 not above. */
    private static final String ADVANCE = """
            local latest = tonumber(redis.call('GET', KEYS[1]) or '0')
            if tonumber(ARGV[1]) <= latest then return 0 end
            redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
            return 1
            """;

    private final UnifiedJedis redis;
    private final String keyPrefix;
    private final long ttlMillis;

    /** @param ttlMillis how long an epoch is kept after it was raised: the store's maximum session lifetime */
    public RedisStreamEpochs(UnifiedJedis redis, String keyPrefix, long ttlMillis) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.keyPrefix = Objects.requireNonNull(keyPrefix, "keyPrefix");
        if (ttlMillis <= 0) {
            throw new IllegalArgumentException("ttlMillis must be positive: " + ttlMillis);
        }
        this.ttlMillis = ttlMillis;
    }

    @Override
    public boolean advance(SessionId session, long epoch) throws ContextStoreException {
        try {
            Object raised = redis.eval(ADVANCE, List.of(key(session)),
                    List.of(Long.toString(epoch), Long.toString(ttlMillis)));
            return Long.valueOf(1).equals(raised);
        } catch (JedisException e) {
            throw new ContextStoreException("the stream epochs cannot be reached: " + e.getMessage());
        }
    }

    @Override
    public void removeSession(SessionId session) throws ContextStoreException {
        try {
            redis.del(key(session));
        } catch (JedisException e) {
            throw new ContextStoreException("the stream epochs cannot be reached: " + e.getMessage());
        }
    }

    private String key(SessionId session) {
        return keyPrefix + "epoch:" + session.text();
    }
}
