package org.hhfr.contextstore.redis;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;
import org.hhfr.contextstore.AddressLimitException;
import org.hhfr.contextstore.ClientAddressBlock;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.CreationListener;
import org.hhfr.contextstore.EvictionListener;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.RemovalCause;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.contextstore.SessionLimitException;
import org.hhfr.contextstore.SessionIdInUseException;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.StoreListeners;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.schemas.DataStructure;
import org.hhfr.transports.auth.SessionId;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.SetParams;

/**
 * A {@link ContextStore} kept in Redis and shared by every server node that names the same Redis: a session
 * negotiated on one node streams, resumes and expires on any other. Sessions, the structures they agreed (once
 * per schema digest) and the indexes that count them are Redis keys under the settings' prefix; each change is
 * one atomic Lua script ({@link StoreScripts}), so concurrent nodes never lose a use, bring back a removed
 * session or count past {@link StoreLimits#maxSessions()} or {@link StoreLimits#maxSessionsPerAddress()} (per
 * {@link ClientAddressBlock}: an IPv4 address, an IPv6 /64).
 *
 * <p><b>Time.</b> Expiry follows {@link StoreLimits#sessionExpiresAt} on the store's clock, which every node
 * sharing the Redis must agree on: by default the wall clock ({@link #WALL_CLOCK}), so the nodes' clocks must
 * be synchronised (NTP); a skew of a second moves expiries by a second. Redis drops a session's keys by itself
 * ({@code PEXPIRE}) a grace period after it expired, so that a purge still finds it and tells the listeners.
 *
 * <p><b>Eviction listeners</b> hear what this node does or finds: its removals ({@code REMOVED}), the expired
 * sessions it claims when an access or its {@link #purgeExpired()} finds them ({@code EXPIRED}), and on
 * {@link #close()} the sessions it created or served ({@code CLOSED}; they stay in Redis for the other nodes).
 * A session another node removes or purges is not announced here; a stream this node runs for it learns it at
 * its next use ({@link #touch} answers {@code false}). A session that nobody purges within the grace period
 * after its expiry is dropped by Redis unannounced. <b>Creation listeners</b> likewise hear only of the sessions
 * this node creates.
 *
 * <p><b>Outages.</b> Every call is bounded by the settings' timeouts. When Redis cannot be reached each operation
 * fails with a {@link ContextStoreException} ("the session store cannot be reached"), so negotiations decline and
 * clients stay on SOAP; streams already open keep running. One WARN line is logged when Redis stops answering
 * and one INFO line when it answers again; meanwhile calls fail at once, with one probe per retry interval.
 *
 * <p><b>Stored values</b> are compact and versioned ({@link SessionRecordCodec}, {@link StructureCodec}); a
 * value larger than the settings' {@code maxValueBytes} or otherwise corrupt fails with a
 * {@link ContextStoreException} naming what was wrong. Structures read are cached on this node by digest.
 *
 * <p><b>Sealed records.</b> A session record holds its caller's HTTP headers ({@code Authorization}, cookies, API
 * keys), its static header blocks (a WS-Security password, say) and the token digest its stream keys derive
 * from. With a record key in the settings ({@link RedisStoreSettings#withRecordSeal}) each record is sealed
 * ({@link RecordSeal}) and only a node with the same key can read or forge one; without, they are kept in clear.
 * Schemas (structures) are public and never sealed.
 */
public final class RedisContextStore implements ContextStore {
    private static final Logger LOG = LoggerFactory.getLogger(RedisContextStore.class);
    /** The wall clock in ms: the store clock of nodes sharing one Redis (keep their clocks synchronised). */
    public static final MonotonicClock WALL_CLOCK = System::currentTimeMillis;
    /** How long Redis keeps a session past its expiry, for a purge to find and announce it. */
    static final long EXPIRY_GRACE_MILLIS = 60_000;
    /** How long a claimed session's fields stay for a second run of its CLAIM (after a reply that timed out). */
    private static final long TOMBSTONE_MILLIS = 10_000;
    /** Expired sessions claimed per batch of a purge. */
    private static final int PURGE_BATCH = 500;
    /** Times stored stay far below 2^53, exact in Lua's numbers. */
    private static final long MAX_TIME = 1L << 50;
    private static final int STRUCTURE_CACHE_SIZE = 1_024;

    private final RedisStoreSettings settings;
    private final StoreLimits limits;
    private final MonotonicClock clock;
    private final TokenGenerator tokens;
    private final UnifiedJedis redis;
    /** Whether Redis's memory policy was looked at (once, at the first call that reached it). */
    private volatile boolean memoryPolicyChecked;
    private final RedisReachability reachability;
    private final StoreListeners<EvictionListener> evictionListeners = new StoreListeners<>();
    private final StoreListeners<CreationListener> creationListeners = new StoreListeners<>();
    private final ConcurrentMap<String, DataStructure> structures = new ConcurrentHashMap<>();
    /** Sessions this node created or served, for {@link #close()}; bounded by the store's limit. */
    private final ConcurrentMap<SessionId, StoredSession> servedHere = new ConcurrentHashMap<>();
    private final byte[] liveIndex;
    private volatile boolean closed;

    /**
     * A store on the wall clock with the platform's {@link java.security.SecureRandom}; connects lazily. Logs a
     * WARN when its records are not sealed.
     */
    public static RedisContextStore connect(RedisStoreSettings settings, StoreLimits limits) {
        if (settings.recordSeal() == null) {
            LOG.warn("session records in {} are not sealed: whoever reads that Redis reads the callers' HTTP "
                    + "credentials and static headers; give the servers a record key (contextStoreKey)", settings);
        }
        return new RedisContextStore(settings, limits, WALL_CLOCK, TokenGenerator.secure());
    }

    /** Connects lazily: a Redis that is down now makes calls fail until it answers, not this constructor. */
    public RedisContextStore(RedisStoreSettings settings, StoreLimits limits, MonotonicClock clock,
                             TokenGenerator tokens) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.tokens = Objects.requireNonNull(tokens, "tokens");
        this.reachability = new RedisReachability(settings.toString(), settings.retryIntervalMillis());
        this.liveIndex = key("sessions");
        this.redis = settings.openClient();
    }

    @Override
    public StoreLimits limits() {
        return limits;
    }

    /** Where this store keeps its sessions, without credentials. */
    public RedisStoreSettings settings() {
        return settings;
    }

    @Override
    public SessionGrant create(StreamContext context, @Nullable String clientAddress) throws ContextStoreException {
        return store(context, clientAddress, null, null);
    }

    @Override
    public SessionGrant createProposed(StreamContext context, @Nullable String clientAddress, SessionId id,
                                       SessionToken token) throws ContextStoreException {
        return store(context, clientAddress, Objects.requireNonNull(id, "id"), Objects.requireNonNull(token, "token"));
    }

    /** Stores a new session under {@code proposedId} and {@code proposedToken}, or fresh ones when null. */
    private SessionGrant store(StreamContext context, @Nullable String clientAddress, @Nullable SessionId proposedId,
                               @Nullable SessionToken proposedToken) throws ContextStoreException {
        Objects.requireNonNull(context, "context");
        requireOpen();
        SessionToken token = proposedToken != null ? proposedToken : tokens.newToken();
        byte[] digest = token.sha256();
        byte[] plainRecord = SessionRecordCodec.encode(context, digest);
        if (plainRecord.length + RecordSeal.OVERHEAD + 1 > settings.maxValueBytes()) {
            throw new ContextStoreException("the session's context takes " + plainRecord.length
                    + " bytes, more than the store's limit of " + settings.maxValueBytes());
        }
        String address = clientAddress == null ? "" : ClientAddressBlock.textOf(clientAddress);
        String requestDigest = context.request().fingerprint();
        String responseDigest = context.response() == null ? requestDigest : context.response().fingerprint();
        boolean purged = false;
        boolean structuresStored = false;
        String nonce = nonce();
        // One id for every run of this create but after "taken": a run the retry of a timed-out reply repeats may
        // still come after a later one, and must store the same session or none.
        SessionId next = proposedId != null ? proposedId : tokens.newSessionId();
        while (true) {
            SessionId id = next;
            byte[] record = SessionRecordCodec.stored(plainRecord, settings.recordSeal(), id);
            long now = clock.millis();
            long expires = Math.min(MAX_TIME,
                    limits.sessionExpiresAt(context.characteristics().reliability(), now, now, false));
            long lifetimeEnd = Math.min(MAX_TIME, saturated(now, limits.maxLifetimeMillis()));
            long idle = Math.min(limits.idleTimeoutMillis(), context.characteristics().reliability().validForMillis());
            Object result = call(redis -> redis.eval(StoreScripts.CREATE,
                    List.of(sessionKey(id), liveIndex, key("address:" + address), structureKey(requestDigest),
                            structureKey(responseDigest)),
                    List.of(text(now), text(limits.maxSessions()), text(limits.maxSessionsPerAddress()),
                            text(id.text()), text(expires), text(expires - now + EXPIRY_GRACE_MILLIS), record,
                            text(now), text(Math.min(idle, MAX_TIME)), text(lifetimeEnd), text(address),
                            text(Math.min(MAX_TIME, saturated(limits.maxLifetimeMillis(), EXPIRY_GRACE_MILLIS))),
                            text(nonce))));
            long outcome = (Long) result;
            if (outcome == 1) {
                StoredSession session = new StoredSession(id, context, digest, now, now, expires);
                servedHere(session);
                creationListeners.tell(listener -> listener.onCreation(session));
                return SessionGrant.of(session, token);
            }
            if (outcome == -3 && !structuresStored) {
                storeStructure(context.request());
                if (context.response() != null) {
                    storeStructure(context.response());
                }
                structuresStored = true;
            } else if ((outcome == -1 || outcome == -2) && !purged) {
                purgeExpired();
                purged = true;
            } else if (outcome == -1) {
                throw new SessionLimitException(limits.maxSessions());
            } else if (outcome == -2) {
                throw new AddressLimitException(limits.maxSessionsPerAddress());
            } else if (outcome != 0) {
                throw new ContextStoreException("the session store did not keep the session's schemas");
            } else if (proposedId != null) {
                throw new SessionIdInUseException();
            }
            if (outcome == 0) {
                next = tokens.newSessionId(); // the id was taken (never in practice with 128 random bits)
            }
        }
    }

    @Override
    public Optional<StoredSession> get(SessionId id) throws ContextStoreException {
        Objects.requireNonNull(id, "id");
        return Optional.ofNullable(snapshot(id));
    }

    @Override
    public Optional<StoredSession> authenticate(SessionId id, SessionToken presented) throws ContextStoreException {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(presented, "presented");
        List<?> fields = peeked(id);
        if (fields == null || !presented.matchesDigest(SessionRecordCodec.tokenDigest(record(id, fields.get(3))))) {
            return Optional.empty();
        }
        return Optional.ofNullable(snapshot(id));
    }

    @Override
    public Optional<StoredSession> peek(SessionId id) throws ContextStoreException {
        Objects.requireNonNull(id, "id");
        List<?> fields = peeked(id);
        return fields == null ? Optional.<StoredSession>empty() : Optional.of(session(id, fields));
    }

    /** The live session's expiry, last use, creation and record, read without using it; null when it is not live. */
    private @Nullable List<?> peeked(SessionId id) throws ContextStoreException {
        if (closed) {
            return null;
        }
        long now = clock.millis();
        Object peeked = call(redis -> redis.eval(StoreScripts.PEEK, List.of(sessionKey(id)),
                List.of(text(now), text(settings.maxValueBytes()))));
        if (peeked instanceof Long status) {
            if (status == 1) {
                claimExpired(id, now);
            } else if (status == 2) {
                throw tooLarge(id);
            }
            return null;
        }
        return (List<?>) peeked;
    }

    @Override
    public boolean touch(SessionId id) throws ContextStoreException {
        Objects.requireNonNull(id, "id");
        return closed ? false : use(id, false) != null;
    }

    @Override
    public boolean remove(SessionId id) throws ContextStoreException {
        Objects.requireNonNull(id, "id");
        if (closed) {
            return false;
        }
        long now = clock.millis();
        Claimed claimed = claim(id, now, false);
        if (claimed == null) {
            return false;
        }
        boolean live = now < claimed.expires;
        announce(id, claimed, live ? RemovalCause.REMOVED : RemovalCause.EXPIRED);
        return live;
    }

    @Override
    public int purgeExpired() throws ContextStoreException {
        if (closed) {
            return 0;
        }
        long now = clock.millis();
        forgetOld(now);
        int purged = 0;
        int unreadable = 0;
        String unreadableBecause = null;
        while (true) {
            List<String> expired = call(redis -> redis.zrangeByScore(new String(liveIndex, StandardCharsets.UTF_8),
                    "-inf", String.valueOf(now), 0, PURGE_BATCH));
            int purgedBefore = purged;
            for (String idText : expired) {
                SessionId id;
                try {
                    id = SessionId.parse(idText);
                } catch (IllegalArgumentException e) {
                    call(redis -> redis.zrem(liveIndex, text(idText)));
                    continue;
                }
                Claimed claimed = claim(id, now, true);
                if (claimed == null) {
                    continue;
                }
                purged++;
                try {
                    announce(id, claimed, RemovalCause.EXPIRED);
                } catch (ContextStoreException e) {
                    unreadable++; // gone all the same: one record does not hold up the others
                    unreadableBecause = unreadableBecause == null ? e.getMessage() : unreadableBecause;
                }
            }
            // A batch that claimed nothing would come back the same: its sessions are gone or used meanwhile.
            if (expired.size() < PURGE_BATCH || purged == purgedBefore) {
                if (unreadable > 0) {
                    LOG.warn("purged {} expired sessions, {} of them without telling the listeners: their records "
                            + "could not be read ({}{})", purged, unreadable, unreadableBecause,
                            unreadable > 1 ? ", and others" : "");
                }
                return purged;
            }
        }
    }

    @Override
    public void addEvictionListener(EvictionListener listener) {
        evictionListeners.add(listener);
    }

    @Override
    public void addCreationListener(CreationListener listener) {
        creationListeners.add(listener);
    }

    /**
     * Tells the listeners {@code CLOSED} for the sessions this node created or served (they stay in Redis for
     * the other nodes) and closes the connections.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (SessionId id : servedHere.keySet()) {
            StoredSession session = servedHere.remove(id);
            if (session != null) {
                evictionListeners.tell(listener -> listener.onEviction(session, RemovalCause.CLOSED));
            }
        }
        redis.close();
    }

    /** Whether the last calls found Redis unreachable. */
    public boolean isUnreachable() {
        return reachability.isDown();
    }

    /** Marks the session used and reads its new snapshot; null when it is not live. */
    private @Nullable StoredSession snapshot(SessionId id) throws ContextStoreException {
        if (closed) {
            return null;
        }
        List<?> fields = use(id, true);
        if (fields == null) {
            return null;
        }
        StoredSession session = session(id, fields);
        servedHere(session);
        return session;
    }

    /** The session of {@link StoreScripts#USE}'s or {@link StoreScripts#PEEK}'s answer. */
    private StoredSession session(SessionId id, List<?> fields) throws ContextStoreException {
        byte[] record = record(id, fields.get(3));
        return new StoredSession(id, SessionRecordCodec.context(record, this::structure),
                SessionRecordCodec.tokenDigest(record), number(fields.get(2)), number(fields.get(1)),
                number(fields.get(0)));
    }

    /**
     * Marks the session used: its expiry, last use, creation and (when {@code withRecord}) record; null when it
     * is not live (an expired one is claimed and announced).
     */
    private @Nullable List<?> use(SessionId id, boolean withRecord) throws ContextStoreException {
        long now = clock.millis();
        Object used = call(redis -> redis.eval(StoreScripts.USE, List.of(sessionKey(id), liveIndex),
                List.of(text(now), text(id.text()), text(EXPIRY_GRACE_MILLIS), key("address:"),
                        text(settings.maxValueBytes()), text(withRecord ? "1" : "0"))));
        if (used instanceof Long status) {
            if (status == 1) {
                claimExpired(id, now);
            } else if (status == 2) {
                throw tooLarge(id);
            }
            return null;
        }
        return (List<?>) used;
    }

    /** Claims the session if it expired and tells the listeners; false if it is live or gone. */
    private boolean claimExpired(SessionId id, long now) throws ContextStoreException {
        Claimed claimed = claim(id, now, true);
        if (claimed == null) {
            return false;
        }
        announce(id, claimed, RemovalCause.EXPIRED);
        return true;
    }

    private @Nullable Claimed claim(SessionId id, long now, boolean expiredOnly) throws ContextStoreException {
        String nonce = nonce();
        Object result = call(redis -> redis.eval(StoreScripts.CLAIM,
                List.of(sessionKey(id), liveIndex, key("claimed:" + id.text())),
                List.of(text(now), text(id.text()), text(expiredOnly ? "1" : "0"), key("address:"),
                        text(settings.maxValueBytes()), text(nonce), text(TOMBSTONE_MILLIS))));
        if (result instanceof Long) {
            if ((Long) result == 0) {
                servedHere.remove(id);
            }
            return null;
        }
        List<?> fields = (List<?>) result;
        return new Claimed(number(fields.get(0)), number(fields.get(1)), number(fields.get(2)),
                (byte[]) fields.get(3));
    }

    /** Tells the listeners of a claimed session, as far as its record can still be read. */
    private void announce(SessionId id, Claimed claimed, RemovalCause cause) throws ContextStoreException {
        servedHere.remove(id);
        if (claimed.record.length == 0) {
            throw tooLarge(id);
        }
        byte[] record = record(id, claimed.record);
        StoredSession session = new StoredSession(id, SessionRecordCodec.context(record, this::structure),
                SessionRecordCodec.tokenDigest(record), claimed.created,
                Math.max(claimed.created, claimed.lastUsed), claimed.expires);
        evictionListeners.tell(listener -> listener.onEviction(session, cause));
    }

    /** The structure stored under {@code fingerprint}, from this node's cache or from Redis. */
    private DataStructure structure(String fingerprint) throws ContextStoreException {
        DataStructure cached = structures.get(fingerprint);
        if (cached != null) {
            return cached;
        }
        Object read = call(redis -> redis.eval(StoreScripts.READ, List.of(structureKey(fingerprint)),
                List.of(text(settings.maxValueBytes()))));
        if (read instanceof Long status) {
            throw new ContextStoreException(status == 2 ? "corrupt schema " + fingerprint
                    + " in the context store: larger than " + settings.maxValueBytes() + " bytes"
                    : "the context store no longer holds schema " + fingerprint);
        }
        DataStructure structure = StructureCodec.decode((byte[]) read, fingerprint);
        if (structures.size() >= STRUCTURE_CACHE_SIZE) {
            structures.clear();
        }
        structures.put(fingerprint, structure);
        return structure;
    }

    private void storeStructure(DataStructure structure) throws ContextStoreException {
        byte[] encoded = StructureCodec.encode(structure);
        if (encoded.length > settings.maxValueBytes()) {
            throw new ContextStoreException("a schema of the session takes " + encoded.length
                    + " bytes, more than the store's limit of " + settings.maxValueBytes());
        }
        long ttl = Math.min(MAX_TIME, saturated(limits.maxLifetimeMillis(), EXPIRY_GRACE_MILLIS));
        call(redis -> redis.set(structureKey(structure.fingerprint()), encoded, SetParams.setParams().px(ttl)));
    }

    private void servedHere(StoredSession session) {
        if (servedHere.size() < limits.maxSessions() || servedHere.containsKey(session.id())) {
            servedHere.put(session.id(), session);
        }
    }

    /** Forgets sessions served here that cannot be live any more (past their whole lifetime). */
    private void forgetOld(long now) {
        servedHere.values().removeIf(s -> saturated(s.createdAtMillis(), limits.maxLifetimeMillis()) <= now);
    }

    private <T> T call(RedisCall<T> call) throws ContextStoreException {
        reachability.beforeCall();
        try {
            T result = call.run(redis);
            reachability.succeeded();
            if (!memoryPolicyChecked) {
                checkMemoryPolicy();
            }
            return result;
        } catch (JedisDataException e) {
            reachability.succeeded();
            throw new ContextStoreException("the session store refused a command: " + e.getMessage());
        } catch (JedisConnectionException e) {
            if (reachability.isDown()) {
                throw reachability.failed(e);
            }
            // A pooled connection may have broken while Redis restarted: one more try on a fresh one. The first may
            // still run (a reply that timed out), so every call is safe to run twice: reads, a use, a structure
            // stored under its fingerprint, and the scripts that change sessions, by their nonce (StoreScripts).
            try {
                T result = call.run(redis);
                reachability.succeeded();
                return result;
            } catch (JedisException again) {
                throw reachability.failed(again);
            }
        } catch (JedisException e) {
            throw reachability.failed(new IllegalStateException(e.getMessage()));
        }
    }

    /**
     * Warns once, at the first call that reached Redis, when Redis evicts keys under memory pressure: every key of
     * the store expires, so any policy but {@code noeviction} may drop a live session, a call's claim or recorded
     * reply, or a session's latest epoch, and a call could then run twice. A Redis that does not let its
     * configuration be read (a managed one, CONFIG renamed) is not checked.
     */
    private void checkMemoryPolicy() {
        memoryPolicyChecked = true;
        try {
            String policy = redis.configGet("maxmemory-policy").get("maxmemory-policy");
            if (policy != null && !"noeviction".equals(policy)) {
                LOG.warn("Redis context store at {} evicts keys under memory pressure (maxmemory-policy {}): sessions,"
                        + " calls' replies and stream epochs may vanish and a call may run twice; set maxmemory-policy"
                        + " noeviction", settings, policy);
            }
        } catch (JedisException e) {
            LOG.debug("Redis context store at {}: maxmemory-policy not readable ({})", settings, e.getMessage());
        }
    }

    /**
     * What tells a script's second run after a connection failure (the first may have run) from another call's:
     * random, unique per call for all practical purposes.
     */
    private static String nonce() {
        return Long.toHexString(ThreadLocalRandom.current().nextLong()) + Long.toHexString(System.nanoTime());
    }

    private void requireOpen() throws ContextStoreException {
        if (closed) {
            throw new ContextStoreException("context store is closed");
        }
    }

    /** The session's record as Redis gave it, opened if this store seals records. */
    private byte[] record(SessionId id, @Nullable Object stored) throws ContextStoreException {
        if (!(stored instanceof byte[])) {
            throw SessionRecordCodec.corrupt(id, "it has no record");
        }
        return SessionRecordCodec.opened((byte[]) stored, settings.recordSeal(), id);
    }

    private ContextStoreException tooLarge(SessionId id) {
        return SessionRecordCodec.corrupt(id, "it is larger than " + settings.maxValueBytes() + " bytes");
    }

    private byte[] sessionKey(SessionId id) {
        return key("session:" + id.text());
    }

    private byte[] structureKey(String fingerprint) {
        return key("schema:" + fingerprint);
    }

    private byte[] key(String name) {
        return text(settings.keyPrefix() + name);
    }

    private static byte[] text(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] text(long value) {
        return text(Long.toString(value));
    }

    private static long number(Object reply) throws ContextStoreException {
        try {
            return Long.parseLong(new String((byte[]) reply, StandardCharsets.US_ASCII));
        } catch (NumberFormatException | ClassCastException e) {
            throw new ContextStoreException("corrupt session times in the context store");
        }
    }

    private static long saturated(long time, long duration) {
        long sum = time + duration;
        return sum < time ? Long.MAX_VALUE : sum;
    }

    /** One call on the Redis client. */
    @FunctionalInterface
    private interface RedisCall<T> {
        T run(UnifiedJedis redis);
    }

    /** What a claim took out of the store: its times and its record ({@code ""} when too large to read). */
    private static final class Claimed {
        final long expires;
        final long created;
        final long lastUsed;
        final byte[] record;

        Claimed(long expires, long created, long lastUsed, byte[] record) {
            this.expires = expires;
            this.created = created;
            this.lastUsed = lastUsed;
            this.record = record;
        }
    }
}
