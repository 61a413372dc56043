package org.hhfr.transports.netty;

import io.netty.channel.EventLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.EvictionListener;
import org.hhfr.contextstore.RemovalCause;
import org.hhfr.contextstore.SessionId;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.reliability.LinkType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sessions this server streams, found by the id a handshake or datagram names: admitted only if the context
 * store knows the id and has not expired it. Listens to the store, so a session that expires or is removed
 * there has its stream closed here. Also holds what every session of the server shares.
 */
final class SessionRegistry implements EvictionListener {
    private static final Logger LOG = LoggerFactory.getLogger(SessionRegistry.class);

    final ContextStore store;
    final StreamDispatcher dispatcher;
    final StreamServerConfig config;
    final TransportMetrics metrics;
    final FrameLimits streamLimits;
    final FrameLimits datagramLimits;
    private final ConcurrentMap<SessionId, ServerSession> sessions = new ConcurrentHashMap<>();
    private volatile boolean closed;

    SessionRegistry(ContextStore store, StreamDispatcher dispatcher, StreamServerConfig config,
                    TransportMetrics metrics) {
        this.store = store;
        this.dispatcher = dispatcher;
        this.config = config;
        this.metrics = metrics;
        this.streamLimits = FrameLimits.forMaxMessageSize(config.streamReliability().maxMessageSize());
        this.datagramLimits = FrameLimits.defaults().withMaxFrameLength(config.maxDatagramSize());
    }

    /**
     * The session a client names, created (on {@code loop}) at its first contact over {@code linkType}. Nothing
     * is authenticated yet: the caller checks the proof or tag with the session's keys.
     *
     * @throws WireException UNKNOWN_SESSION for an id the store does not hold (never issued, expired, removed,
     *                       or its stream ended), HANDSHAKE_MISMATCH for a session already streaming over the other transport
     */
    ServerSession find(org.hhfr.transports.auth.SessionId wireId, LinkType linkType, EventLoop loop)
            throws WireException {
        SessionId id = storeId(wireId);
        ServerSession session = sessions.get(id);
        if (session != null && session.isEnded()) {
            throw new WireException(ErrorCode.UNKNOWN_SESSION, "the session's stream has ended");
        }
        if (session == null) {
            Optional<StoredSession> stored;
            try {
                stored = store.get(id);
            } catch (ContextStoreException e) {
                LOG.warn("context store unavailable: {}", e.getMessage());
                throw new WireException(ErrorCode.UNKNOWN_SESSION, "session store unavailable");
            }
            if (!stored.isPresent()) {
                throw new WireException(ErrorCode.UNKNOWN_SESSION, "unknown or expired session");
            }
            ServerSession created = new ServerSession(stored.get(), wireId, linkType, loop, this);
            session = sessions.putIfAbsent(id, created);
            if (session == null) {
                session = created;
            }
        }
        if (session.linkType() != linkType) {
            throw new WireException(ErrorCode.HANDSHAKE_MISMATCH,
                    "session streams over " + (session.linkType() == LinkType.STREAM ? "TCP" : "UDP"));
        }
        return session;
    }

    /**
     * Removes an ended session from the store (the listener then drops it here). If the store cannot be
     * reached it stays here, ended, and its id is refused all the same.
     */
    void forget(ServerSession session) {
        try {
            store.remove(session.id());
        } catch (ContextStoreException e) {
            LOG.warn("session {} ended but could not be removed from the store: {}", session.id(), e.getMessage());
        }
    }

    /** Sessions whose stream is open. */
    int liveCount() {
        int live = 0;
        for (ServerSession session : sessions.values()) {
            if (!session.isEnded()) {
                live++;
            }
        }
        return live;
    }

    List<ServerSession> sessions() {
        return new ArrayList<>(sessions.values());
    }

    /** The server stopped: sessions were aborted already; later evictions need no action. */
    void close() {
        closed = true;
    }

    @Override
    public void onEviction(StoredSession stored, RemovalCause cause) {
        if (closed) {
            return;
        }
        ServerSession session = sessions.remove(stored.id());
        if (session != null) {
            LOG.debug("closing stream of session {}: {}", stored.id(), cause);
            session.evict(ServerSession.describe(cause));
        }
    }

    private static SessionId storeId(org.hhfr.transports.auth.SessionId wireId) throws WireException {
        if (wireId.length() != StreamServerConfig.SESSION_ID_LENGTH) {
            throw new WireException(ErrorCode.UNKNOWN_SESSION, "unknown or expired session");
        }
        byte[] bytes = new byte[wireId.length()];
        wireId.writeTo(bytes, 0);
        try {
            return SessionId.fromBytes(bytes);
        } catch (ContextStoreException e) {
            throw new WireException(ErrorCode.UNKNOWN_SESSION, "unknown or expired session");
        }
    }
}
