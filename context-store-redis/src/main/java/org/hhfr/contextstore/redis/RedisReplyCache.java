package org.hhfr.contextstore.redis;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.hhfr.contextstore.CachedReply;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.ReplyCache;
import org.hhfr.contextstore.ReplyClaim;
import org.hhfr.transports.auth.SessionId;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * A {@link ReplyCache} in Redis, shared by every node of a deployment: one key per call,
 * {@code <prefix>reply:<session>:<call number>}, holding either a stream's claim (it expires with the claim's
 * lease, so a call whose node stopped can be claimed again) or the recorded reply (kept for the session's idle
 * timeout, dropped earlier when the client acknowledges it), and one per session, {@code
 * <prefix>reply:<session>:fence}, the highest epoch that claimed (kept for the idle timeout from its last claim).
 * A claim is decided by one Lua script, so two nodes never both run a call while a lease holds, and no stream
 * older than the fence runs one.
 */
public final class RedisReplyCache implements ReplyCache {
    /**
     * KEYS: the call, the session's claim fence (the highest epoch that claimed). ARGV: the claim (c + node / epoch),
     * the lease in ms, the epoch, how long the fence is kept in ms. Returns {0} claimed, {1, reply} replied, {2}
     * claimed by another stream, {3} superseded by a newer stream's claims.
     */
    private static final byte[] CLAIM = ("""
            if tonumber(ARGV[3]) < tonumber(redis.call('GET', KEYS[2]) or '0') then return {3} end
            redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4])
            local v = redis.call('GET', KEYS[1])
            if not v then
              redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
              return {0}
            end
            if string.sub(v, 1, 1) == 'r' then return {1, v} end
            if v == ARGV[1] then return {0} end
            return {2}
            """).getBytes(StandardCharsets.UTF_8);
    private static final byte REPLIED = 'r';

    /** Retry interval while Redis is down: calls fail at once in between, as the context store's do. */
    private static final long RETRY_INTERVAL_MILLIS = 1_000;

    private final UnifiedJedis redis;
    private final String keyPrefix;
    private final long replyTtlMillis;
    private final RedisReachability reachability = new RedisReachability("(reply cache)", RETRY_INTERVAL_MILLIS);

    /**
     * @param keyPrefix      the prefix of every key, as the deployment's context store uses
     * @param replyTtlMillis how long a reply is kept unacknowledged: the store's idle timeout
     */
    public RedisReplyCache(UnifiedJedis redis, String keyPrefix, long replyTtlMillis) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.keyPrefix = Objects.requireNonNull(keyPrefix, "keyPrefix");
        if (replyTtlMillis <= 0) {
            throw new IllegalArgumentException("replyTtlMillis must be positive: " + replyTtlMillis);
        }
        this.replyTtlMillis = replyTtlMillis;
    }

    @Override
    public ReplyClaim claim(SessionId session, long callNumber, String node, long epoch, long leaseMillis)
            throws ContextStoreException {
        byte[] claim = ("c" + node + "/" + Long.toHexString(epoch)).getBytes(StandardCharsets.UTF_8);
        List<?> answer = call(() -> (List<?>) redis.eval(CLAIM, List.of(key(session, callNumber), fenceKey(session)),
                List.of(claim, ascii(leaseMillis), ascii(epoch), ascii(replyTtlMillis))));
        long kind = (Long) answer.get(0);
        if (kind == 0) {
            return ReplyClaim.run();
        }
        if (kind == 2) {
            return ReplyClaim.busy();
        }
        if (kind == 3) {
            return ReplyClaim.superseded();
        }
        return ReplyClaim.replied(decode((byte[]) answer.get(1)));
    }

    @Override
    public void record(SessionId session, long callNumber, CachedReply reply) throws ContextStoreException {
        byte[] body = reply.body();
        byte[] value = ByteBuffer.allocate(5 + body.length).put(REPLIED).putInt(reply.operation()).put(body).array();
        call(() -> redis.psetex(key(session, callNumber), replyTtlMillis, value));
    }

    @Override
    public void forget(SessionId session, Collection<Long> callNumbers) throws ContextStoreException {
        if (callNumbers.isEmpty()) {
            return;
        }
        byte[][] keys = new byte[callNumbers.size()][];
        int i = 0;
        for (long callNumber : callNumbers) {
            keys[i++] = key(session, callNumber);
        }
        call(() -> redis.del(keys));
    }

    @Override
    public void removeSession(SessionId session) throws ContextStoreException {
        byte[] pattern = (keyPrefix + "reply:" + session.text() + ":*").getBytes(StandardCharsets.UTF_8);
        ScanParams params = new ScanParams().match(pattern).count(256);
        byte[] cursor = ScanParams.SCAN_POINTER_START_BINARY;
        do {
            byte[] from = cursor;
            ScanResult<byte[]> page = call(() -> redis.scan(from, params));
            List<byte[]> keys = new ArrayList<>(page.getResult());
            if (!keys.isEmpty()) {
                call(() -> redis.del(keys.toArray(new byte[0][])));
            }
            cursor = page.getCursorAsBytes();
        } while (!Arrays.equals(cursor, ScanParams.SCAN_POINTER_START_BINARY));
    }

    private byte[] key(SessionId session, long callNumber) {
        return (keyPrefix + "reply:" + session.text() + ":" + Long.toUnsignedString(callNumber))
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The highest epoch that claimed a call of the session: under the session's reply keys, removed with them. */
    private byte[] fenceKey(SessionId session) {
        return (keyPrefix + "reply:" + session.text() + ":fence").getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] ascii(long value) {
        return Long.toString(value).getBytes(StandardCharsets.US_ASCII);
    }

    /** A recorded reply; anything else under a reply's key is corrupt. */
    private static CachedReply decode(byte[] value) throws ContextStoreException {
        if (value.length < 5 || value[0] != REPLIED) {
            throw new ContextStoreException("a recorded reply in the store is corrupt");
        }
        ByteBuffer buffer = ByteBuffer.wrap(value, 1, value.length - 1);
        int operation = buffer.getInt();
        if (operation < 0) {
            throw new ContextStoreException("a recorded reply in the store is corrupt");
        }
        return new CachedReply(operation, Arrays.copyOfRange(value, 5, value.length));
    }

    /** One Redis call; while Redis is down, calls fail at once but for one probe a second. */
    private <T> T call(Supplier<T> call) throws ContextStoreException {
        reachability.beforeCall();
        try {
            T result = call.get();
            reachability.succeeded();
            return result;
        } catch (JedisDataException e) {
            reachability.succeeded(); // Redis answered: out of memory, busy with a script, a bad command
            throw new ContextStoreException("the session store refused a command: " + e.getMessage());
        } catch (JedisException e) {
            throw reachability.failed(e);
        }
    }
}
