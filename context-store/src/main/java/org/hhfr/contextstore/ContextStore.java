package org.hhfr.contextstore;

import java.util.Optional;
import org.hhfr.transports.auth.SessionId;
import org.jspecify.annotations.Nullable;

/**
 * The server's memory of negotiated streams, keyed by unguessable session ids. Deliberately small, so that a
 * distributed store (several server nodes sharing sessions, e.g. over Redis) fits behind it unchanged: every
 * value that crosses it is immutable and holds no live objects, and every operation on sessions may fail with
 * a {@link ContextStoreException} (an in-memory store only does so when full or closed).
 *
 * <p>A session is live until it expires (see {@link StoreLimits}) or is removed. Operations on an unknown,
 * expired or removed session find nothing; they never resurrect it. Each successful {@link #get},
 * {@link #authenticate} or {@link #touch} counts as a use and pushes the idle expiry back; a session not used
 * since it was created (no stream opened it) expires after {@link StoreLimits#unopenedGrantMillis()}. Every
 * store expires sessions by one rule, {@link StoreLimits#sessionExpiresAt}.
 *
 * <p>Implementations are thread-safe and run no threads of their own: expired sessions are removed lazily when
 * accessed, when the store is full, and by {@link #purgeExpired()}, which the server should call on a schedule
 * (say, every 30 seconds) so that listeners hear of expiries promptly.
 */
public interface ContextStore extends AutoCloseable {

    /**
     * Stores a new session for {@code context} under a fresh id, with a fresh token, counted against no client
     * address (see {@link #create(StreamContext, String)}).
     *
     * @throws SessionLimitException if the store holds its maximum number of live sessions
     * @throws ContextStoreException if the store is closed or cannot be reached
     */
    default SessionGrant create(StreamContext context) throws ContextStoreException {
        return create(context, null);
    }

    /**
     * Stores a new session for {@code context} under a fresh id, with a fresh token, negotiated from
     * {@code clientAddress} (the network address the negotiation came from; {@code null} when unknown). Until its
     * first use (a stream opening it) the session lives at most {@link StoreLimits#unopenedGrantMillis()}.
     *
     * @throws SessionLimitException if the store holds its maximum number of live sessions
     * @throws AddressLimitException if {@code clientAddress} holds its maximum number of live sessions
     * @throws ContextStoreException if the store is closed or cannot be reached
     */
    SessionGrant create(StreamContext context, @Nullable String clientAddress) throws ContextStoreException;

    /**
     * As {@link #create(StreamContext, String)}, under the id and token the negotiating client proposed (so that
     * it could open the stream before the answer arrived). A session already stored under that id, live or
     * expired and not yet removed, is never replaced or joined.
     *
     * @throws SessionIdInUseException if the store holds a session with that id
     * @throws SessionLimitException if the store holds its maximum number of live sessions
     * @throws AddressLimitException if {@code clientAddress} holds its maximum number of live sessions
     * A store that cannot take proposed credentials stores the session under fresh ones (the default), which
     * the client sees in the grant as a refused proposal.
     *
     * @throws ContextStoreException if the store is closed or cannot be reached
     */
    default SessionGrant createProposed(StreamContext context, @Nullable String clientAddress, SessionId id,
                                        SessionToken token) throws ContextStoreException {
        return create(context, clientAddress);
    }

    /**
     * This store as one negotiating client sees it: sessions it {@link #create(StreamContext) creates} count
     * against {@code clientAddress} (see {@link StoreLimits#maxSessionsPerAddress()}); everything else is this
     * store's. Closing the view closes nothing. For a negotiation that knows its client's address but not the
     * store's API, e.g. {@code new NegotiationHandler(capabilities, store.forClient(address), ...)}.
     *
     * @param clientAddress the network address the negotiation came from; {@code null} leaves this store as is
     */
    default ContextStore forClient(@Nullable String clientAddress) {
        return clientAddress == null ? this : new ClientAddressedStore(this, clientAddress);
    }

    /**
     * This store's bounds. Its idle expiry is the longest a negotiation may let a session live unused; a
     * session that agreed a shorter lifetime ({@link ReliabilityPolicy#validForMillis()}) expires sooner.
     */
    StoreLimits limits();

    /** The live session with this id, now marked as used; empty if there is none. */
    Optional<StoredSession> get(SessionId id) throws ContextStoreException;

    /**
     * The live session with this id, not marked as used; empty if there is none. For checking what a client
     * presents (a proof, a datagram's tag) before its use counts: anyone who knows a session's id can present
     * something, and a failed attempt must not keep the session alive.
     */
    Optional<StoredSession> peek(SessionId id) throws ContextStoreException;

    /**
     * The live session with this id if {@code presented} is its token, now marked as used; empty if the
     * session is unknown or expired, or the token is wrong. Comparison takes constant time, and a failed
     * attempt does not count as a use.
     */
    Optional<StoredSession> authenticate(SessionId id, SessionToken presented) throws ContextStoreException;

    /** Marks the session as used; {@code false} if it is not live. Cheaper than {@link #get} for busy streams. */
    boolean touch(SessionId id) throws ContextStoreException;

    /** Removes the session, telling listeners {@link RemovalCause#REMOVED}; {@code false} if it was not live. */
    boolean remove(SessionId id) throws ContextStoreException;

    /** Removes every expired session, telling listeners {@link RemovalCause#EXPIRED}; returns how many. */
    int purgeExpired() throws ContextStoreException;

    /** Adds a listener for sessions leaving this store from now on. */
    void addEvictionListener(EvictionListener listener);

    /**
     * Adds a listener for the sessions this store creates from now on: told after each successful
     * {@link #create} or {@link #createProposed}, on the creating thread. Sessions other nodes create in a
     * shared store are not announced here.
     */
    void addCreationListener(CreationListener listener);

    /**
     * Stops serving sessions: listeners hear {@link RemovalCause#CLOSED} for each session this node held, and
     * {@link #create} fails from now on. Idempotent.
     */
    @Override
    void close();
}
