package org.hhfr.contextstore;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.hhfr.transports.auth.SessionId;

/**
 * The client's memory of sessions it may resume, so that coming back within a session's expiry skips the
 * negotiation. Bounded: beyond its capacity the least recently used ticket is dropped. An expired ticket is
 * never returned. Thread-safe; every operation is O(1) under one lock.
 *
 * <p>Expiry is measured on this cache's own clock from the duration the server granted, because the two
 * sides' clocks cannot be compared. The server may still have dropped the session earlier (a restart, its own
 * limit): a client that is told so {@link #remove}s the ticket and negotiates again.
 *
 * <p>Besides the tickets it keeps, per SOAP endpoint, an {@link EndpointHint}: where the latest ticket put for
 * that endpoint streams. A hint outlives its ticket (expired, removed, pushed out), so a client that talked to
 * the service before can start the stream's connection while it negotiates again. Hints are bounded by the same
 * capacity, least recently used first out.
 *
 * <p>A ticket names one server session, and a server session streams to one client session at a time: a newer
 * stream of it supersedes the older. So the open client sessions {@linkplain #hold hold} the server sessions
 * they stream on, and a session that opens {@linkplain #take takes} a ticket only if no other holds it (two
 * sessions of one operation on one client each get a server session of their own).
 */
public final class ResumptionTicketCache {
    /** Tickets kept by default: a client seldom talks to more operations than this at once. */
    public static final int DEFAULT_CAPACITY = 32;

    private final MonotonicClock clock;
    private final Map<TicketKey, Held> tickets;
    private final Map<String, EndpointHint> hints;
    /** The server sessions open client sessions stream on now. */
    private final Set<SessionId> held = new HashSet<>();

    /** {@link #DEFAULT_CAPACITY} tickets on the system clock. */
    public ResumptionTicketCache() {
        this(DEFAULT_CAPACITY, MonotonicClock.SYSTEM);
    }

    public ResumptionTicketCache(final int capacity, MonotonicClock clock) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.clock = Objects.requireNonNull(clock, "clock");
        this.tickets = new LinkedHashMap<TicketKey, Held>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<TicketKey, Held> eldest) {
                return size() > capacity;
            }
        };
        this.hints = new LinkedHashMap<String, EndpointHint>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, EndpointHint> eldest) {
                return size() > capacity;
            }
        };
    }

    /**
     * Keeps {@code ticket} for {@code key} for {@code validForMillis} from now, replacing any older one. Call it
     * again after each use of the session to follow the server's idle expiry; pass a little less than the
     * server granted to allow for the time the answer took to arrive. A duration that is not positive just
     * forgets the key. Either way the ticket's endpoint becomes the {@linkplain #endpointHint hint} for the key's
     * SOAP endpoint.
     */
    public synchronized void put(TicketKey key, ResumptionTicket ticket, long validForMillis) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(ticket, "ticket");
        hints.put(key.serviceEndpoint(), EndpointHint.of(ticket));
        if (validForMillis <= 0) {
            tickets.remove(key);
            return;
        }
        long now = clock.millis();
        long expiresAt = now + validForMillis < now ? Long.MAX_VALUE : now + validForMillis;
        tickets.put(key, new Held(ticket, expiresAt));
    }

    /** The unexpired ticket for {@code key}, now the most recently used; empty if none. */
    public synchronized Optional<ResumptionTicket> get(TicketKey key) {
        Held held = tickets.get(Objects.requireNonNull(key, "key"));
        if (held == null) {
            return Optional.empty();
        }
        if (clock.millis() >= held.expiresAtMillis) {
            tickets.remove(key);
            return Optional.empty();
        }
        return Optional.of(held.ticket);
    }

    /**
     * For a client session that opens: the unexpired ticket for {@code key}, unless another open session holds
     * its server session or it names no caller ({@link ResumptionTicket#callerHeaders} empty: whose session it
     * is, is not known); the caller then holds it until it {@linkplain #release releases} it.
     */
    public synchronized Optional<ResumptionTicket> take(TicketKey key) {
        Optional<ResumptionTicket> ticket = get(key);
        return ticket.isPresent() && !ticket.get().callerHeaders().isEmpty() && held.add(ticket.get().sessionId())
                ? ticket : Optional.empty();
    }

    /** A client session streams on the server session {@code id} (it negotiated it): no other takes its ticket. */
    public synchronized void hold(SessionId id) {
        held.add(Objects.requireNonNull(id, "id"));
    }

    /** The client session that held the server session {@code id} closed or left it. */
    public synchronized void release(SessionId id) {
        held.remove(Objects.requireNonNull(id, "id"));
    }

    /** Forgets the ticket for {@code key}, e.g. after the server said its session is unknown. */
    public synchronized boolean remove(TicketKey key) {
        return tickets.remove(Objects.requireNonNull(key, "key")) != null;
    }

    /**
     * Remembers where the service at {@code serviceEndpoint} (a SOAP endpoint address) streams, as a ticket put
     * for it would: for a client that knows it from elsewhere (its configuration, an earlier run).
     */
    public synchronized void putEndpointHint(String serviceEndpoint, EndpointHint hint) {
        hints.put(Objects.requireNonNull(serviceEndpoint, "serviceEndpoint"), Objects.requireNonNull(hint, "hint"));
    }

    /** Where the service at {@code serviceEndpoint} streamed last, also after its ticket expired or was removed. */
    public synchronized Optional<EndpointHint> endpointHint(String serviceEndpoint) {
        return Optional.ofNullable(hints.get(Objects.requireNonNull(serviceEndpoint, "serviceEndpoint")));
    }

    /** Tickets held, expired ones included until they are asked for or pushed out. */
    public synchronized int size() {
        return tickets.size();
    }

    private static final class Held {
        final ResumptionTicket ticket;
        final long expiresAtMillis;

        Held(ResumptionTicket ticket, long expiresAtMillis) {
            this.ticket = ticket;
            this.expiresAtMillis = expiresAtMillis;
        }
    }
}
