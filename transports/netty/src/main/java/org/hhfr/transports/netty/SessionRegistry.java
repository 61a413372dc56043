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
 * the context store knows the id and has not expired it. Holds each session's latest stream, also after it
 * ended, because its epoch is the floor for the next one. Listens to the store, so a session that expires or is
 * removed there has its stream closed and is forgotten here. Also holds what every session of the server
 * shares.
 */
final class SessionRegistry implements EvictionListener {
    private static final Logger LOG = LoggerFactory.getLogger(SessionRegistry.class);
    /** Distinct agreed policies whose engine settings are shared. */
    private static final int MAX_SHARED_CONFIGS = 64;
    /** Threads that look up the sessions new TCP connections name, and the lookups that may wait for them. */
    private static final int LOOKUP_THREADS = 4;
    private static final int MAX_WAITING_LOOKUPS = 1_024;

    final ContextStore store;
    final StreamDispatcher dispatcher;
    final StreamServerConfig config;
    final TransportMetrics metrics;
    final FrameLimits streamLimits;
    final FrameLimits datagramLimits;
    /** What the TCP connections together may hold in partial frames. */
    final FrameBufferBudget frameBuffers;
    /** The early handshakes waiting for their sessions; the store's creation listener. */
    final ParkedHandshakes parkedHandshakes;
    /** The places, limits and lookups of early UDP streams: apart from the HELLOs', which spoofing cannot take. */
    final ParkedHandshakes parkedDatagramStreams;
    private final ConcurrentMap<SessionId, ServerSession> sessions = new ConcurrentHashMap<>();
    /** UDP sessions whose last turn stopped sending because their socket was not writable. */
    private final Set<ServerSession> awaitingWritable = ConcurrentHashMap.newKeySet();
    /** The open UDP streams by the connection id issued to each. */
    private final ConcurrentMap<ConnectionId, ServerSession> connections = new ConcurrentHashMap<>();
    private final SecureRandom connectionIds = new SecureRandom();
    /** The engine settings of each agreed policy met so far, one instance shared by its sessions; bounded. */
    private final ConcurrentMap<ReliabilityPolicy, ReliabilityConfig> streamConfigs = new ConcurrentHashMap<>();
    private final ConcurrentMap<ReliabilityPolicy, ReliabilityConfig> datagramConfigs = new ConcurrentHashMap<>();
    private volatile boolean closed;
    /**
     * Where a new TCP connection's session is looked up in the store, never on an event loop: a shared store
     * blocks (a Redis that is slow held every stream of the loop). Refuses beyond its bounded queue.
     */
    final ExecutorService lookups = lookupExecutor();

    SessionRegistry(ContextStore store, StreamDispatcher dispatcher, StreamServerConfig config,
                    TransportMetrics metrics) {
        this.store = store;
        this.dispatcher = dispatcher;
        this.config = config;
        this.metrics = metrics;
        this.streamLimits = FrameLimits.forMaxMessageSize(config.streamReliability().maxMessageSize());
        this.datagramLimits = FrameLimits.defaults().withMaxFrameLength(config.maxDatagramSize());
        this.frameBuffers = FrameBufferBudget.of(config.maxBufferedFrameBytes());
        this.parkedHandshakes = new ParkedHandshakes(config.earlyHandshakes(), store, metrics);
        this.parkedDatagramStreams = new ParkedHandshakes(config.earlyDatagrams(), store, metrics);
    }

    /**
     * The stream a client names by session id and epoch: the session's latest stream when it is open and has
     * that epoch and transport, otherwise a new candidate (on {@code loop}) for a session the store holds, read
     * without counting a use. Nothing is authenticated yet: the caller checks the proof or tag with the stream's
     * keys, then has a candidate {@link #admit}ted. So a refusal that depends on the epoch or the transport
     * (REPLAYED, HANDSHAKE_MISMATCH) is only told to a token holder, and only a token holder keeps a session
     * alive.
     *
     * @throws WireException UNKNOWN_SESSION for an id the store does not hold (never issued, expired, removed)
     */
    ServerSession find(SessionId id, long epoch, LinkType linkType, EventLoop loop) throws WireException {
        return find(id, null, epoch, linkType, loop);
    }

    /** {@link #LOOKUP_THREADS} threads at most, none while no connection is being looked up. */
    private static ExecutorService lookupExecutor() {
        ThreadPoolExecutor executor = new ThreadPoolExecutor(LOOKUP_THREADS, LOOKUP_THREADS, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(MAX_WAITING_LOOKUPS), task -> {
                    Thread thread = new Thread(task, "hhfr-server-session-lookup");
                    thread.setDaemon(true);
                    return thread;
                });
        executor.allowCoreThreadTimeOut(true);
        return executor;
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

    /** As {@link #find(SessionId, long, LinkType, EventLoop)} for a session the store just gave: not asked again. */
    ServerSession find(StoredSession stored, long epoch, LinkType linkType, EventLoop loop) throws WireException {
        return find(stored.id(), stored, epoch, linkType, loop);
    }

    private ServerSession find(SessionId id, @Nullable StoredSession given, long epoch, LinkType linkType,
                               EventLoop loop) throws WireException {
        ServerSession latest = sessions.get(id);
        if (isOpen(latest, epoch, linkType)) {
            return latest;
        }
        StoredSession stored = latest != null ? latest.stored() : given != null ? given : lookUp(id);
        return new ServerSession(stored, id, epoch, linkType, loop, this);
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
     * Makes a candidate whose first handshake or datagram verified the session's latest stream, if its epoch is
     * above the latest one's; a stream it supersedes (its client lost it, e.g. a new process) is aborted.
     *
     * @throws WireException REPLAYED for an epoch not above the latest stream's, HANDSHAKE_MISMATCH for the
     *                       epoch of a stream running over the other transport, UNKNOWN_SESSION when the store no
     *                       longer holds the session
     */
    ServerSession admit(ServerSession candidate) throws WireException {
        ServerSession running = sessions.get(candidate.id());
        if (running != null && !running.isEnded() && running.epoch() == candidate.epoch()
                && running.linkType() != candidate.linkType()) {
            throw new WireException(ErrorCode.HANDSHAKE_MISMATCH,
                    "the stream runs over " + (running.linkType() == LinkType.STREAM ? "TCP" : "UDP"));
        }
        storedSession(candidate.id());
        raiseSharedEpoch(candidate);
        ServerSession[] superseded = new ServerSession[1];
        ServerSession latest = sessions.compute(candidate.id(), (id, current) -> {
            if (current != null && current.epoch() >= candidate.epoch()) {
                return current;
            }
            superseded[0] = current;
            return candidate;
        });
        if (latest != candidate) {
            throw new WireException(ErrorCode.REPLAYED, "stream epoch " + candidate.epoch()
                    + " is not above the session's latest stream epoch " + latest.epoch());
        }
        if (superseded[0] != null) {
            LOG.debug("session {}: stream {} superseded by stream {}", candidate.id(), superseded[0].epoch(),
                    candidate.epoch());
            superseded[0].evict("a newer stream of the session opened");
        }
        return superseded[0];
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
     * id can present something. May block, so never on an event loop but where noted (see the README).
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
        ServerSession session = sessions.remove(stored.id());
        if (session != null) {
            LOG.debug("closing stream of session {}: {}", stored.id(), cause);
            session.evict(ServerSession.describe(cause));
        }
    }
}
