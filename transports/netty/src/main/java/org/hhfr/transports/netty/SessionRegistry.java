package org.hhfr.transports.netty;

import io.netty.channel.EventLoop;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.EvictionListener;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.RemovalCause;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.frame.ConnectionId;
import org.hhfr.transports.frame.FrameBufferBudget;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.reliability.LinkType;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sessions this server streams, found by the id and epoch a handshake or datagram names: admitted only if
 * the context store knows the id and has not expired it, and confirmed by the store off the event loops (see
 * {@link #admit}). Holds each session's latest stream, also after it ended, because its epoch is the floor for the
 * next one, and apart the candidate being confirmed (or, its connection gone, awaiting its client). Listens to the
 * store, so a session that expires or is removed there has its streams closed and is forgotten here. Also holds
 * what every session of the server shares, and the threads that ask the store.
 */
final class SessionRegistry implements EvictionListener {
    private static final Logger LOG = LoggerFactory.getLogger(SessionRegistry.class);
    /** Distinct agreed policies whose engine settings are shared. */
    private static final int MAX_SHARED_CONFIGS = 64;
    /**
     * Threads that ask the store for the sessions new TCP connections name, confirm verified streams and purge,
     * and the tasks that may wait.
     */
    private static final int LOOKUP_THREADS = 4;
    private static final int MAX_WAITING_LOOKUPS = 1_024;
    /**
     * The same for the first datagrams of UDP streams, apart: a UDP source address is not proven, so datagrams
     * anyone can spoof may fill these, never the others (whose clients completed a TCP handshake or a proof).
     */
    private static final int DATAGRAM_LOOKUP_THREADS = 2;
    private static final int MAX_WAITING_DATAGRAM_LOOKUPS = 64;

    final ContextStore store;
    final StreamDispatcher dispatcher;
    final StreamServerConfig config;
    final TransportMetrics metrics;
    /** The unexpected dispatch errors whose trace this server logged. */
    final ErrorTraces errorTraces = new ErrorTraces();
    final FrameLimits streamLimits;
    final FrameLimits datagramLimits;
    /** What the TCP connections together may hold in partial frames. */
    final FrameBufferBudget frameBuffers;
    /** The places of TCP connections that have not completed their handshake, per client address and in all. */
    final ClientPlaces handshakes;
    /** The early handshakes waiting for their sessions; the store's creation listener. */
    final ParkedHandshakes parkedHandshakes;
    /** The places, limits and lookups of early UDP streams: apart from the HELLOs', which spoofing cannot take. */
    final ParkedHandshakes parkedDatagramStreams;
    private final ConcurrentMap<SessionId, ServerSession> sessions = new ConcurrentHashMap<>();
    /**
     * The verified candidates the store is confirming, or confirmed when their client's connection had left (they
     * await its next one), one a session (the highest epoch): the session's latest stream in {@link #sessions} runs
     * on, and resumes, until one opens.
     */
    private final ConcurrentMap<SessionId, ServerSession> confirming = new ConcurrentHashMap<>();
    /** UDP sessions whose last turn stopped sending because their socket was not writable. */
    private final Set<ServerSession> awaitingWritable = ConcurrentHashMap.newKeySet();
    /** The open UDP streams by the connection id issued to each. */
    private final ConcurrentMap<ConnectionId, ServerSession> connections = new ConcurrentHashMap<>();
    private final SecureRandom connectionIds = new SecureRandom();
    /**
     * This server's secret for the address tokens it gives UDP clients ({@link AddressTokens}): random, never sent,
     * so that no client can make a token for an address the server never sent to.
     */
    final byte[] addressTokenSecret = AddressTokens.newSecret();
    /** The engine settings of each agreed policy met so far, one instance shared by its sessions; bounded. */
    private final ConcurrentMap<ReliabilityPolicy, ReliabilityConfig> streamConfigs = new ConcurrentHashMap<>();
    private final ConcurrentMap<ReliabilityPolicy, ReliabilityConfig> datagramConfigs = new ConcurrentHashMap<>();
    private volatile boolean closed;
    /**
     * Where the store is asked for a new TCP connection's session, a verified stream confirmed ({@link #confirm})
     * and the store purged, never on an event loop: a shared store blocks (a Redis that is slow held every stream
     * of the loop). Refuses beyond its bounded queue.
     */
    private final ExecutorService lookups =
            lookupExecutor(LOOKUP_THREADS, MAX_WAITING_LOOKUPS, "hhfr-server-session-lookup");
    /** Where the store is asked for the session of a UDP stream's first datagrams, which anyone can forge. */
    private final ExecutorService datagramLookups = lookupExecutor(DATAGRAM_LOOKUP_THREADS,
            MAX_WAITING_DATAGRAM_LOOKUPS, "hhfr-server-datagram-session-lookup");

    SessionRegistry(ContextStore store, StreamDispatcher dispatcher, StreamServerConfig config,
                    TransportMetrics metrics) {
        this.store = store;
        this.dispatcher = dispatcher;
        this.config = config;
        this.metrics = metrics;
        this.streamLimits = FrameLimits.forMaxMessageSize(config.streamReliability().maxMessageSize());
        this.datagramLimits = FrameLimits.defaults().withMaxFrameLength(config.maxDatagramSize());
        this.frameBuffers = FrameBufferBudget.of(config.maxBufferedFrameBytes());
        this.handshakes = new ClientPlaces(config.maxHandshakesPerAddress(), config.maxHandshakes());
        this.parkedHandshakes = new ParkedHandshakes(config.earlyHandshakes(), store, metrics);
        this.parkedDatagramStreams = new ParkedHandshakes(config.earlyDatagrams(), store, metrics);
    }

    /** {@code threads} threads at most, none while nothing is being looked up; refuses beyond {@code queue}. */
    private static ExecutorService lookupExecutor(int threads, int queue, String name) {
        ThreadPoolExecutor executor = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(queue), task -> {
                    Thread thread = new Thread(task, name);
                    thread.setDaemon(true);
                    return thread;
                });
        executor.allowCoreThreadTimeOut(true);
        return executor;
    }

    /**
     * The threads for {@link #lookUp}s of new TCP connections, {@link #confirm}s and purges. Their
     * {@code execute} throws {@link java.util.concurrent.RejectedExecutionException} when too many wait (or the
     * server closed): the caller refuses, as for a store it cannot reach.
     */
    ExecutorService lookups() {
        return lookups;
    }

    /** The threads for {@link #lookUp}s of UDP streams' first datagrams; refusing as {@link #lookups()} does. */
    ExecutorService datagramLookups() {
        return datagramLookups;
    }

    /**
     * The open stream a client names, without asking the store: the session's latest stream when it is open and
     * has that epoch and transport; null otherwise (then the store is asked, off the event loop: {@link #lookUp}).
     */
    @Nullable ServerSession liveStream(SessionId id, long epoch, LinkType linkType) {
        ServerSession latest = sessions.get(id);
        return isOpen(latest, epoch, linkType) ? latest : null;
    }

    private static boolean isOpen(@Nullable ServerSession stream, long epoch, LinkType linkType) {
        return stream != null && stream.epoch() == epoch && !stream.isEnded() && stream.linkType() == linkType;
    }

    /**
     * The stream a client names by session id and epoch, for a session the store just gave: the session's latest
     * stream when it is open and has that epoch and transport, or the candidate of that epoch and transport (a UDP
     * client's datagrams wait in it while the store confirms it; a TCP client whose connection broke meanwhile
     * connects to it again), otherwise a new candidate (on {@code loop}). Nothing is authenticated yet: the caller
     * checks the proof or tag with the stream's keys, then has a candidate {@link #admit}ted. So a refusal that
     * depends on the epoch or the transport (REPLAYED, HANDSHAKE_MISMATCH) is only told to a token holder, and only
     * a token holder keeps a session alive.
     */
    ServerSession find(StoredSession stored, long epoch, LinkType linkType, EventLoop loop) {
        ServerSession named = named(stored.id(), epoch, linkType);
        if (named != null) {
            return named;
        }
        ServerSession latest = sessions.get(stored.id());
        return new ServerSession(latest != null ? latest.stored() : stored, stored.id(), epoch, linkType, loop, this);
    }

    /**
     * As {@link #find(StoredSession, long, LinkType, EventLoop)}, without the store, for a session whose stream this
     * registry holds or is confirming; {@code null} when only the store can tell ({@link #lookUp}, off the event
     * loop).
     */
    @Nullable ServerSession findKnown(SessionId id, long epoch, LinkType linkType, EventLoop loop) {
        ServerSession known = sessions.get(id);
        if (known == null) {
            known = confirming.get(id);
        }
        return known == null ? null : find(known.stored(), epoch, linkType, loop);
    }

    /** The open stream, or the candidate, of that epoch and transport; null for none. */
    private @Nullable ServerSession named(SessionId id, long epoch, LinkType linkType) {
        ServerSession latest = sessions.get(id);
        if (isOpen(latest, epoch, linkType)) {
            return latest;
        }
        ServerSession opening = confirming.get(id);
        return isOpen(opening, epoch, linkType) ? opening : null;
    }

    /**
     * What an engine of a stream over {@code linkType} runs: the agreed {@code policy} within the server's
     * settings. Sessions agree on few distinct policies, so each is made once and shared (an engine only reads
     * its settings); past {@value #MAX_SHARED_CONFIGS} distinct ones, the rest are made per stream.
     */
    ReliabilityConfig engineConfig(ReliabilityPolicy policy, LinkType linkType) {
        boolean stream = linkType == LinkType.STREAM;
        ConcurrentMap<ReliabilityPolicy, ReliabilityConfig> shared = stream ? streamConfigs : datagramConfigs;
        ReliabilityConfig config = shared.get(policy);
        if (config == null) {
            config = policy.applyTo(stream ? this.config.streamReliability() : this.config.datagramReliability(),
                    Role.SERVER);
            if (shared.size() < MAX_SHARED_CONFIGS) {
                ReliabilityConfig earlier = shared.putIfAbsent(policy, config);
                config = earlier != null ? earlier : config;
            }
        }
        return config;
    }

    /** The open UDP stream a short datagram names by connection id; null for an id issued to none. */
    ServerSession find(ConnectionId id) {
        return connections.get(id);
    }

    /** A new connection id for {@code session}'s UDP stream: random, and unique among the open streams. */
    ConnectionId issueConnectionId(ServerSession session) {
        while (true) {
            ConnectionId id = ConnectionId.random(connectionIds);
            if (connections.putIfAbsent(id, session) == null) {
                return id;
            }
        }
    }

    /** The stream {@code id} was issued to ended: datagrams naming it are dropped from now on. */
    void releaseConnectionId(ConnectionId id, ServerSession session) {
        connections.remove(id, session);
    }

    /**
     * Takes a candidate whose first handshake or datagram verified for the store to confirm, if its epoch is above
     * the session's latest stream's and any other candidate's being confirmed (which, when it is confirmed, is
     * refused as superseded). Asks no store, so it runs on the candidate's event loop; then the store
     * {@link #confirm}s the candidate, off it, and the candidate is {@link #confirmed} or {@link #refused}. The
     * session's latest stream runs on meanwhile.
     *
     * @throws WireException REPLAYED for an epoch not above those, HANDSHAKE_MISMATCH for the epoch of a stream
     *                       running over the other transport
     */
    void admit(ServerSession candidate) throws WireException {
        ServerSession running = sessions.get(candidate.id());
        if (running != null && !running.isEnded() && running.epoch() == candidate.epoch()
                && running.linkType() != candidate.linkType()) {
            throw new WireException(ErrorCode.HANDSHAKE_MISMATCH,
                    "the stream runs over " + (running.linkType() == LinkType.STREAM ? "TCP" : "UDP"));
        }
        if (running != null && running.epoch() >= candidate.epoch()) {
            throw notAbove(candidate, running);
        }
        ServerSession opening = confirming.compute(candidate.id(),
                (id, current) -> current != null && current.epoch() >= candidate.epoch() ? current : candidate);
        if (opening != candidate) {
            throw notAbove(candidate, opening);
        }
    }

    private static WireException notAbove(ServerSession candidate, ServerSession latest) {
        return new WireException(ErrorCode.REPLAYED, "stream epoch " + candidate.epoch()
                + " is not above the session's latest stream epoch " + latest.epoch());
    }

    /**
     * What the store says of an admitted candidate before it streams: the session is still stored (read without a
     * use), and the candidate's epoch is now the session's latest on every node sharing it; then the use is
     * counted. A refusal before the raise leaves the epoch free for the client's next attempt; none comes after
     * it (the use is best-effort: a stream's touches count later ones), so a raised epoch always streams (a TCP
     * stream whose connection left meanwhile, with its client's next connection), and a replayed proof, refused by
     * the raise, never counts as a use. May block, so on a thread of {@link #lookups()}, never on an event loop.
     *
     * @throws WireException UNKNOWN_SESSION when the store no longer holds the session or cannot be reached,
     *                       REPLAYED when a stream of that epoch or a later one ran on a node sharing the session
     */
    void confirm(ServerSession candidate) throws WireException {
        lookUp(candidate.id());
        raiseSharedEpoch(candidate);
        try {
            storedSession(candidate.id());
        } catch (WireException e) {
            LOG.debug("session {}: stream {} opens without its use counted: {}", candidate.id(), candidate.epoch(),
                    e.getMessage());
        }
    }

    /**
     * The store confirmed {@code candidate}: it becomes the session's latest stream, and the stream it supersedes
     * (its client lost it, e.g. a new process), if any, is aborted.
     *
     * @return the stream superseded, or {@code null}
     * @throws WireException REPLAYED when a newer candidate or stream took its place meanwhile
     */
    @Nullable ServerSession confirmed(ServerSession candidate) throws WireException {
        ServerSession[] superseded = new ServerSession[1];
        ServerSession[] latest = new ServerSession[1];
        // Within the session's entry of confirming, as onEviction's removal: a session evicted meanwhile either
        // took the candidate out first or finds it among its streams.
        confirming.computeIfPresent(candidate.id(), (id, opening) -> {
            if (opening != candidate) {
                return opening;
            }
            latest[0] = sessions.compute(id, (key, current) -> {
                if (current != null && current.epoch() >= candidate.epoch()) {
                    return current;
                }
                superseded[0] = current;
                return candidate;
            });
            return null;
        });
        if (latest[0] == null) {
            throw new WireException(ErrorCode.REPLAYED, "a newer stream of the session opened meanwhile");
        }
        if (latest[0] != candidate) {
            throw notAbove(candidate, latest[0]);
        }
        if (superseded[0] != null) {
            LOG.debug("session {}: stream {} superseded by stream {}", candidate.id(), superseded[0].epoch(),
                    candidate.epoch());
            superseded[0].evict("a newer stream of the session opened");
        }
        return superseded[0];
    }

    /** The store refused {@code candidate} (or could not be reached), or its client left: it is forgotten. */
    void refused(ServerSession candidate) {
        confirming.remove(candidate.id(), candidate);
    }

    /**
     * Makes the candidate's epoch the session's latest on every node sharing it: a stream that already ran
     * somewhere (on this node before a restart, say) is never taken up again without its sequences.
     */
    private void raiseSharedEpoch(ServerSession candidate) throws WireException {
        boolean raised;
        try {
            raised = config.sharing().epochs().advance(candidate.id(), candidate.epoch());
        } catch (ContextStoreException e) {
            LOG.debug("stream epochs unavailable: {}", e.getMessage());
            throw new WireException(ErrorCode.UNKNOWN_SESSION, "session store unavailable");
        }
        if (!raised) {
            throw new WireException(ErrorCode.REPLAYED, "stream epoch " + candidate.epoch()
                    + " is not above the latest stream epoch of the session");
        }
    }

    /** The store's session, a use of it: once what its client presented verified. */
    private StoredSession storedSession(SessionId id) throws WireException {
        return session(id, true);
    }

    /**
     * The store's session, not a use of it: what a client presents is checked with it, and anyone who knows the
     * id can present something. May block, so on a lookup thread, never on an event loop.
     *
     * @throws WireException UNKNOWN_SESSION for an id the store does not hold, or when it cannot be reached
     */
    StoredSession lookUp(SessionId id) throws WireException {
        return session(id, false);
    }

    private StoredSession session(SessionId id, boolean use) throws WireException {
        Optional<StoredSession> stored;
        try {
            stored = use ? store.get(id) : store.peek(id);
        } catch (ContextStoreException e) {
            LOG.debug("context store unavailable: {}", e.getMessage());
            throw new WireException(ErrorCode.UNKNOWN_SESSION, "session store unavailable");
        }
        if (!stored.isPresent()) {
            throw new WireException(ErrorCode.UNKNOWN_SESSION, "unknown or expired session");
        }
        return stored.get();
    }

    /** The session is over everywhere (expired or removed): its replies and epochs are of no more use. */
    private void forgetShared(SessionId id) {
        try {
            config.sharing().replies().removeSession(id);
            config.sharing().epochs().removeSession(id);
        } catch (ContextStoreException e) {
            LOG.debug("shared state of session {} not dropped: {}", id, e.getMessage());
        }
    }

    /** Sessions whose latest stream is open. */
    int liveCount() {
        int live = 0;
        for (ServerSession session : sessions.values()) {
            if (!session.isEnded()) {
                live++;
            }
        }
        return live;
    }

    /** Sessions whose latest stream is open over {@code transport}. */
    int liveCount(LinkType transport) {
        int live = 0;
        for (ServerSession session : sessions.values()) {
            if (!session.isEnded() && session.linkType() == transport) {
                live++;
            }
        }
        return live;
    }

    List<ServerSession> sessions() {
        return new ArrayList<>(sessions.values());
    }

    /** The candidates being confirmed or awaiting their clients: the server's close aborts them with the streams. */
    List<ServerSession> opening() {
        return new ArrayList<>(confirming.values());
    }

    /** A UDP session waits for its socket to become writable again: {@link #takeAwaitingWritable} turns it then. */
    void awaitWritable(ServerSession session) {
        awaitingWritable.add(session);
    }

    /** The UDP sessions waiting for writability, now no longer waiting. */
    List<ServerSession> takeAwaitingWritable() {
        List<ServerSession> waiting = new ArrayList<>(awaitingWritable.size());
        for (ServerSession session : awaitingWritable) {
            if (awaitingWritable.remove(session)) {
                waiting.add(session);
            }
        }
        return waiting;
    }

    /** The server stopped: sessions were aborted already; later evictions need no action, nor parked handshakes. */
    void close() {
        closed = true;
        lookups.shutdownNow();
        datagramLookups.shutdownNow();
        parkedHandshakes.close();
        parkedDatagramStreams.close();
    }

    @Override
    public void onEviction(StoredSession stored, RemovalCause cause) {
        if (cause != RemovalCause.CLOSED) {
            forgetShared(stored.id());
        }
        if (closed) {
            return;
        }
        ServerSession[] evicted = new ServerSession[2];
        // Within the session's entry of confirming, as confirmed's move: see there.
        confirming.compute(stored.id(), (id, opening) -> {
            evicted[0] = opening;
            evicted[1] = sessions.remove(id);
            return null;
        });
        for (ServerSession session : evicted) {
            if (session != null) {
                LOG.debug("closing stream {} of session {}: {}", session.epoch(), stored.id(), cause);
                session.evict(ServerSession.describe(cause));
            }
        }
    }
}
