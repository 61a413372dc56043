package org.hhfr.transports.netty;

import java.net.InetAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.hhfr.contextstore.ClientAddressBlock;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.CreationListener;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.transports.auth.SessionId;

/**
 * The early handshakes parked on the server: counted per client address (per {@link ClientAddressBlock}: an
 * IPv4 address, an IPv6 /64) and in all, within their {@link EarlyHandshakeLimits}, and found by the session
 * they wait for. As the store's {@link CreationListener} it resumes the handshakes waiting for a session a
 * negotiation on this node just stored, at once; the sessions other nodes store are found by its
 * {@link ParkedSessionLookups}. Thread-safe: every event loop parks and releases here, and negotiations announce
 * their sessions from their own threads.
 */
final class ParkedHandshakes implements CreationListener, AutoCloseable {
    private final EarlyHandshakeLimits limits;
    private final ClientPlaces places;
    /** The handshakes watching for each session; a set is added to and dropped only inside {@code compute}. */
    private final ConcurrentMap<SessionId, Set<ParkedHandshake>> bySession = new ConcurrentHashMap<>();
    private final ParkedSessionLookups lookups;

    ParkedHandshakes(EarlyHandshakeLimits limits, ContextStore store, TransportMetrics metrics) {
        this.limits = limits;
        this.places = new ClientPlaces(limits.maxPerAddress(), limits.maxParked());
        this.lookups = new ParkedSessionLookups(store, limits, metrics);
    }

    EarlyHandshakeLimits limits() {
        return limits;
    }

    /**
     * Resumes {@code handshake} when its session is created on this node from now on. Called before the store is
     * first asked for the session, so that one stored meanwhile is not missed; {@link #unwatch} when done.
     */
    void watch(ParkedHandshake handshake) {
        bySession.compute(handshake.session(), (id, watching) -> {
            Set<ParkedHandshake> set = watching != null ? watching : ConcurrentHashMap.newKeySet();
            set.add(handshake);
            return set;
        });
    }

    void unwatch(ParkedHandshake handshake) {
        bySession.computeIfPresent(handshake.session(), (id, watching) -> {
            watching.remove(handshake);
            return watching.isEmpty() ? null : watching;
        });
    }

    /**
     * Takes a place for {@code handshake} from {@code address} (counted in its {@link ClientAddressBlock}) and
     * has its session looked for in the store (for one another node stores); {@code false} when a limit is
     * reached.
     */
    boolean park(InetAddress address, ParkedHandshake handshake) {
        if (!takePlace(address)) {
            return false;
        }
        lookFor(handshake);
        return true;
    }

    /**
     * Takes a place from {@code address} (counted in its {@link ClientAddressBlock}), {@link #release}d when done;
     * {@code false} when a limit is reached.
     */
    boolean takePlace(InetAddress address) {
        return places.take(address);
    }

    /** Has the session of {@code handshake}, which holds a place, looked for in the store until it is found. */
    void lookFor(ParkedHandshake handshake) {
        lookups.lookFor(handshake);
    }

    /** Gives back the place of a handshake from {@code address} that {@link #park} took. */
    void release(InetAddress address) {
        places.release(address);
    }

    /** A negotiation on this node stored {@code session}: its waiting handshakes go on. On the creating thread. */
    @Override
    public void onCreation(StoredSession session) {
        Set<ParkedHandshake> watching = bySession.get(session.id());
        if (watching != null) {
            for (ParkedHandshake handshake : watching) {
                handshake.found(session);
            }
        }
    }

    /** Stops the lookups' thread; the server is closing. */
    @Override
    public void close() {
        lookups.close();
    }
}
