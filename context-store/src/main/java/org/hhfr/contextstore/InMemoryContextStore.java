package org.hhfr.contextstore;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.hhfr.transports.auth.SessionId;
import org.jspecify.annotations.Nullable;

/**
 * The default {@link ContextStore}: sessions in a concurrent map on this node, bounded by {@link StoreLimits}.
 *
 * <p>Entries are immutable and replaced by compare-and-set, so a use and an expiry of the same session never
 * lose each other's effect and each session is reported to listeners exactly once. A counter of reserved
 * slots, raised by compare-and-set before an entry is inserted, keeps the number of sessions at or below the
 * maximum at every instant; a counter per client address (per {@link ClientAddressBlock}: an IPv4 address, an
 * IPv6 /64), raised the same way, keeps each address at or below its share. When the store or an address is
 * full, {@link #create} first purges expired sessions and only then refuses. No thread is started here: call
 * {@link #purgeExpired()} on a schedule.
 */
public final class InMemoryContextStore implements ContextStore {
    private final StoreLimits limits;
    private final MonotonicClock clock;
    private final TokenGenerator tokens;
    private final ConcurrentMap<SessionId, Entry> sessions = new ConcurrentHashMap<>();
    private final AtomicInteger slots = new AtomicInteger();
    private final ConcurrentMap<String, Integer> addressSlots = new ConcurrentHashMap<>();
    private final StoreListeners<EvictionListener> evictionListeners = new StoreListeners<>();
    private final StoreListeners<CreationListener> creationListeners = new StoreListeners<>();
    private volatile boolean closed;

    /** Default limits, the system clock and the platform's {@link java.security.SecureRandom}. */
    public InMemoryContextStore() {
        this(StoreLimits.defaults(), MonotonicClock.SYSTEM, TokenGenerator.secure());
    }

    public InMemoryContextStore(StoreLimits limits, MonotonicClock clock, TokenGenerator tokens) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.tokens = Objects.requireNonNull(tokens, "tokens");
    }

    @Override
    public StoreLimits limits() {
        return limits;
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
        if (closed) {
            throw closedException();
        }
        if (!reserveSlot()) {
            purgeExpired();
            if (!reserveSlot()) {
                throw new SessionLimitException(limits.maxSessions());
            }
        }
        @Nullable String block = clientAddress == null ? null : ClientAddressBlock.textOf(clientAddress);
        if (block != null && !reserveAddressSlot(block)) {
            purgeExpired();
            if (!reserveAddressSlot(block)) {
                slots.decrementAndGet();
                throw new AddressLimitException(limits.maxSessionsPerAddress());
            }
        }
        boolean stored = false;
        try {
            long now = clock.millis();
            SessionToken token = proposedToken != null ? proposedToken : tokens.newToken();
            byte[] digest = token.sha256();
            Entry entry;
            do {
                StoredSession session = new StoredSession(proposedId != null ? proposedId : tokens.newSessionId(),
                        context, digest, now, now,
                        limits.sessionExpiresAt(context.characteristics().reliability(), now, now, false));
                entry = new Entry(session, block, false);
                if (proposedId != null && sessions.putIfAbsent(proposedId, entry) != null) {
                    throw new SessionIdInUseException();
                }
            } while (proposedId == null && sessions.putIfAbsent(entry.session.id(), entry) != null);
            stored = true;
            if (closed) {
                // close() may have swept the map before this entry arrived; take it back out unannounced.
                if (sessions.remove(entry.session.id(), entry)) {
                    releaseSlots(block);
                }
                throw closedException();
            }
            StoredSession created = entry.session;
            creationListeners.tell(listener -> listener.onCreation(created));
            return SessionGrant.of(created, token);
        } finally {
            if (!stored) {
                releaseSlots(block);
            }
        }
    }

    @Override
    public Optional<StoredSession> get(SessionId id) {
        Entry used = useIfLive(Objects.requireNonNull(id, "id"), clock.millis());
        return used == null ? Optional.<StoredSession>empty() : Optional.of(used.session);
    }

    @Override
    public Optional<StoredSession> peek(SessionId id) {
        Entry entry = sessions.get(Objects.requireNonNull(id, "id"));
        return entry == null || entry.session.isExpiredAt(clock.millis()) ? Optional.<StoredSession>empty()
                : Optional.of(entry.session);
    }

    @Override
    public Optional<StoredSession> authenticate(SessionId id, SessionToken presented) {
        Objects.requireNonNull(presented, "presented");
        Entry entry = sessions.get(Objects.requireNonNull(id, "id"));
        if (entry == null || !entry.session.isTokenOf(presented)) {
            return Optional.empty();
        }
        return get(id);
    }

    @Override
    public boolean touch(SessionId id) {
        return useIfLive(Objects.requireNonNull(id, "id"), clock.millis()) != null;
    }

    @Override
    public boolean remove(SessionId id) {
        Entry removed = sessions.remove(Objects.requireNonNull(id, "id"));
        if (removed == null) {
            return false;
        }
        boolean live = !removed.session.isExpiredAt(clock.millis());
        released(removed, live ? RemovalCause.REMOVED : RemovalCause.EXPIRED);
        return live;
    }

    @Override
    public int purgeExpired() {
        long now = clock.millis();
        int purged = 0;
        for (SessionId id : sessions.keySet()) {
            if (removeIfExpired(id, now)) {
                purged++;
            }
        }
        return purged;
    }

    @Override
    public void addEvictionListener(EvictionListener listener) {
        evictionListeners.add(listener);
    }

    @Override
    public void addCreationListener(CreationListener listener) {
        creationListeners.add(listener);
    }

    @Override
    public void close() {
        closed = true;
        for (SessionId id : sessions.keySet()) {
            Entry removed = sessions.remove(id);
            if (removed != null) {
                released(removed, RemovalCause.CLOSED);
            }
        }
    }

    /** Sessions held, expired ones included until they are purged; never more than the maximum. */
    public int size() {
        return slots.get();
    }

    private boolean reserveSlot() {
        int held;
        do {
            held = slots.get();
            if (held >= limits.maxSessions()) {
                return false;
            }
        } while (!slots.compareAndSet(held, held + 1));
        return true;
    }

    /** Counts a session against {@code block}, atomically per block; false if it holds its share. */
    private boolean reserveAddressSlot(String block) {
        boolean[] reserved = {false};
        addressSlots.compute(block, (a, held) -> {
            int count = held == null ? 0 : held;
            if (count >= limits.maxSessionsPerAddress()) {
                return held;
            }
            reserved[0] = true;
            return count + 1;
        });
        return reserved[0];
    }

    private void releaseSlots(@Nullable String block) {
        slots.decrementAndGet();
        if (block != null) {
            addressSlots.computeIfPresent(block, (a, held) -> held == 1 ? null : held - 1);
        }
    }

    /** Marks the session used at {@code now} and returns its entry, or removes it if expired and returns null. */
    private Entry useIfLive(SessionId id, long now) {
        while (true) {
            Entry entry = sessions.get(id);
            if (entry == null) {
                return null;
            }
            if (entry.session.isExpiredAt(now)) {
                if (sessions.remove(id, entry)) {
                    released(entry, RemovalCause.EXPIRED);
                    return null;
                }
                continue; // used or removed meanwhile: look again
            }
            Entry used = entry.usedAt(now, limits);
            if (used == entry || sessions.replace(id, entry, used)) {
                return used;
            }
        }
    }

    private boolean removeIfExpired(SessionId id, long now) {
        while (true) {
            Entry entry = sessions.get(id);
            if (entry == null || !entry.session.isExpiredAt(now)) {
                return false;
            }
            if (sessions.remove(id, entry)) {
                released(entry, RemovalCause.EXPIRED);
                return true;
            }
        }
    }

    /** Frees the slots of an entry this thread removed and tells the listeners. */
    private void released(Entry entry, RemovalCause cause) {
        releaseSlots(entry.addressBlock);
        evictionListeners.tell(listener -> listener.onEviction(entry.session, cause));
    }

    private static ContextStoreException closedException() {
        return new ContextStoreException("context store is closed");
    }

    /**
     * A session, the address block it counts against ({@link ClientAddressBlock#textOf}) and whether it was used;
     * replaced, never changed.
     */
    private static final class Entry {
        final StoredSession session;
        final @Nullable String addressBlock;
        final boolean used;

        Entry(StoredSession session, @Nullable String addressBlock, boolean used) {
            this.session = session;
            this.addressBlock = addressBlock;
            this.used = used;
        }

        Entry usedAt(long now, StoreLimits limits) {
            if (used && now <= session.lastUsedAtMillis()) {
                return this;
            }
            long created = session.createdAtMillis();
            long lastUsed = Math.max(now, session.lastUsedAtMillis());
            return new Entry(new StoredSession(session.id(), session.context(), session.tokenDigest(), created,
                    lastUsed, limits.sessionExpiresAt(session.context().characteristics().reliability(), created,
                    lastUsed, true)), addressBlock, true);
        }
    }
}
