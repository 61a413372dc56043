package org.hhfr.contextstore.redis;

import java.nio.charset.StandardCharsets;

/**
 * The Lua scripts that change sessions, each one atomic in Redis, so that nodes sharing the store never lose a
 * use, resurrect a removed session or count past a limit. A session is a hash: {@code r} the record
 * ({@link SessionRecordCodec}), {@code c} created, {@code u} last used, {@code x} expires (store clock, ms),
 * {@code i} its idle timeout, {@code l} the end of its lifetime, {@code a} the client address block it counts
 * against ({@code ClientAddressBlock.textOf} its address; {@code ""} if none), {@code o} whether it was used,
 * {@code n} the nonce of the call that created it.
 *
 * <p>A call the store makes again after a connection failure (a reply that timed out: the first run may still
 * come) must not report the opposite of what happened. So the scripts that change sessions are safe to run
 * twice with the same nonce: CREATE answers "stored" for the session its own earlier run stored, and CLAIM leaves
 * the claimed fields under a tombstone for a while, which its second run answers with.
 * The live index and the per-address (per-block) indexes are sorted sets of session ids scored by their expiry,
 * so live sessions are counted as the members scored above now. Times are whole milliseconds well below 2^53,
 * exact in Lua's numbers.
 */
final class StoreScripts {
    /**
     * Stores a new session if the store and the address are below their limits and both structures are stored.
     * KEYS: session, live index, address index, request structure, response structure (may repeat the request's).
     * ARGV: now, maxSessions, maxPerAddress, id, expires, ttl, record, created, idle, lifetime end, address,
     * structure ttl, nonce. Returns 1 stored (by this run or an earlier one with the same nonce), 0 id taken,
     * -1 store full, -2 address full, -3 a structure is missing.
     */
    static final byte[] CREATE = bytes("""
            if redis.call('EXISTS', KEYS[1]) == 1 then
              if redis.call('HGET', KEYS[1], 'n') == ARGV[13] then return 1 end
              return 0
            end
            local live = '(' .. ARGV[1]
            if redis.call('ZCOUNT', KEYS[2], live, '+inf') >= tonumber(ARGV[2]) then return -1 end
            if ARGV[11] ~= '' then
              redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[1])
              if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[3]) then return -2 end
            end
            if redis.call('EXISTS', KEYS[4]) == 0 or redis.call('EXISTS', KEYS[5]) == 0 then return -3 end
            redis.call('PEXPIRE', KEYS[4], ARGV[12])
            redis.call('PEXPIRE', KEYS[5], ARGV[12])
            redis.call('HSET', KEYS[1], 'r', ARGV[7], 'c', ARGV[8], 'u', ARGV[8], 'x', ARGV[5], 'i', ARGV[9],
              'l', ARGV[10], 'a', ARGV[11], 'o', '0', 'n', ARGV[13])
            redis.call('PEXPIRE', KEYS[1], ARGV[6])
            redis.call('ZADD', KEYS[2], ARGV[5], ARGV[4])
            if ARGV[11] ~= '' then
              redis.call('ZADD', KEYS[3], ARGV[5], ARGV[4])
              if redis.call('PTTL', KEYS[3]) < tonumber(ARGV[6]) then redis.call('PEXPIRE', KEYS[3], ARGV[6]) end
            end
            return 1
            """);

    /**
     * Marks a live session used: its expiry moves to the earlier of last use + idle timeout and its lifetime end.
     * KEYS: session, live index. ARGV: now, id, grace, address index prefix, max record bytes, "1" to return the
     * record. Returns 0 unknown, 1 expired (left for the caller to claim), 2 record too large, or
     * {expires, last used, created, record or ""}.
     */
    static final byte[] USE = bytes("""
            local f = redis.call('HMGET', KEYS[1], 'x', 'i', 'l', 'u', 'a', 'c')
            if not f[1] then return 0 end
            local now = tonumber(ARGV[1])
            if now >= tonumber(f[1]) then return 1 end
            if ARGV[6] == '1' and redis.call('HSTRLEN', KEYS[1], 'r') > tonumber(ARGV[5]) then return 2 end
            local used = math.max(now, tonumber(f[4]))
            local x = string.format('%.0f', math.min(used + tonumber(f[2]), tonumber(f[3])))
            local u = string.format('%.0f', used)
            local ttl = string.format('%.0f', tonumber(x) - now + tonumber(ARGV[3]))
            redis.call('HSET', KEYS[1], 'x', x, 'u', u, 'o', '1')
            redis.call('PEXPIRE', KEYS[1], ttl)
            redis.call('ZADD', KEYS[2], x, ARGV[2])
            if f[5] ~= '' then
              local k = ARGV[4] .. f[5]
              redis.call('ZADD', k, x, ARGV[2])
              if redis.call('PTTL', k) < tonumber(ttl) then redis.call('PEXPIRE', k, ttl) end
            end
            local r = ''
            if ARGV[6] == '1' then r = redis.call('HGET', KEYS[1], 'r') end
            return {x, u, f[6], r}
            """);

    /**
     * Reads a live session without using it. KEYS: session. ARGV: now, max record bytes. Returns 0 unknown,
     * 1 expired, 2 record too large, or {expires, last used, created, record}, as {@link #USE} does.
     */
    static final byte[] PEEK = bytes("""
            local f = redis.call('HMGET', KEYS[1], 'x', 'u', 'c')
            if not f[1] then return 0 end
            if tonumber(ARGV[1]) >= tonumber(f[1]) then return 1 end
            if redis.call('HSTRLEN', KEYS[1], 'r') > tonumber(ARGV[2]) then return 2 end
            return {f[1], f[2], f[3], redis.call('HGET', KEYS[1], 'r')}
            """);

    /**
     * Takes a session out of the store, for a removal or (with ARGV[3] "1") only if it has expired. KEYS: session,
     * live index, tombstone. ARGV: now, id, "1" for expired only, address index prefix, max record bytes, nonce,
     * tombstone ttl. Returns 0 unknown (its index entry is dropped), 1 live (left alone), or {expires, created,
     * last used, record or "" if too large}: also to a second run with the same nonce, from the tombstone.
     */
    static final byte[] CLAIM = bytes("""
            local t = redis.call('HMGET', KEYS[3], 'n', 'x', 'c', 'u', 'r')
            if t[1] == ARGV[6] then return {t[2], t[3], t[4], t[5]} end
            local f = redis.call('HMGET', KEYS[1], 'x', 'a', 'c', 'u')
            if not f[1] then
              redis.call('ZREM', KEYS[2], ARGV[2])
              return 0
            end
            if ARGV[3] == '1' and tonumber(ARGV[1]) < tonumber(f[1]) then return 1 end
            local r = ''
            if redis.call('HSTRLEN', KEYS[1], 'r') <= tonumber(ARGV[5]) then r = redis.call('HGET', KEYS[1], 'r') end
            redis.call('DEL', KEYS[1])
            redis.call('ZREM', KEYS[2], ARGV[2])
            if f[2] ~= '' then redis.call('ZREM', ARGV[4] .. f[2], ARGV[2]) end
            redis.call('HSET', KEYS[3], 'n', ARGV[6], 'x', f[1], 'c', f[3], 'u', f[4], 'r', r)
            redis.call('PEXPIRE', KEYS[3], ARGV[7])
            return {f[1], f[3], f[4], r}
            """);

    /** Reads a stored value if it is not too large. KEYS: the value. ARGV: max bytes. Returns 0 absent, 2 too large. */
    static final byte[] READ = bytes("""
            local n = redis.call('STRLEN', KEYS[1])
            if n == 0 then return 0 end
            if n > tonumber(ARGV[1]) then return 2 end
            return redis.call('GET', KEYS[1])
            """);

    private StoreScripts() {
    }

    private static byte[] bytes(String script) {
        return script.getBytes(StandardCharsets.UTF_8);
    }
}
