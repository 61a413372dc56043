package org.hhfr.transports.netty;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.reliability.LinkType;

/**
 * The first datagrams of the UDP streams one endpoint does not know yet: long form datagrams naming a session by
 * id and epoch, for which the registry holds no stream. They are held, unread, while the session is looked up in
 * the store on a lookup thread ({@link SessionRegistry#datagramLookups}), never on the endpoint's event loop,
 * which carries every UDP stream of the endpoint; then handed to the session's stream in the order they came, as
 * if they had just arrived. Nothing in them is processed before. Datagrams flagged EARLY (WIRE-FORMAT 5.2) name a session its
 * negotiation may still be storing: when the store does not hold it yet, they go on waiting for it, found as the
 * early TCP handshakes are, by the negotiation on this node at once or by the paced lookups.
 *
 * <p>Bounds: one place per stream (not per datagram), per client address and in all, in places of their own
 * ({@link SessionRegistry#parkedDatagramStreams}, within {@link StreamServerConfig#earlyDatagrams}): a UDP source
 * address is not proven, so spoofed datagrams may fill these places, never the HELLOs'. At most {@code maxBytes}
 * of datagrams each, every datagram charged {@value #DATAGRAM_OVERHEAD} bytes beyond its length for what holding
 * it costs; at most the wait, from the stream's first datagram; lookups within the bounded queue of the
 * datagrams' lookup threads. A datagram beyond a bound, or whose session is not found, is dropped and counted,
 * never answered (a UDP endpoint answers no unauthenticated datagram), and its client sends it again.
 *
 * <p>Confined to the endpoint channel's event loop: the answers of other threads come back to it through
 * {@link ParkedHandshake}.
 */
final class ParkedDatagrams {
    /** What holding a datagram costs beyond its bytes: its array and list slots, its sender's address. */
    static final int DATAGRAM_OVERHEAD = 128;

    private final SessionRegistry registry;
    private final ParkedHandshakes places;
    private final EventLoop loop;
    /**
     * By session and epoch: a datagram naming the session at another epoch (a forger's, who saw the id) waits
     * apart, and holds up no datagram of the client's stream.
     */
    private final Map<Stream, Parked> byStream = new HashMap<>();

    ParkedDatagrams(SessionRegistry registry, EventLoop loop) {
        this.registry = registry;
        this.places = registry.parkedDatagramStreams;
        this.loop = loop;
    }

    /**
     * Holds a long form datagram of a stream the registry does not know, and has its session looked up when it is
     * the stream's first.
     */
    void hold(SessionId id, long epoch, boolean early, byte[] datagram, InetSocketAddress sender, Channel channel) {
        Parked waiting = byStream.get(new Stream(id, epoch));
        if (waiting != null) {
            waiting.add(datagram, sender);
            return;
        }
        InetAddress address = sender.getAddress();
        Parked parked = new Parked(id, epoch, early, address, channel);
        if (!places.takePlace(address)) {
            drop(parked, 1, ErrorCode.UNKNOWN_SESSION);
            return;
        }
        byStream.put(parked.stream, parked);
        parked.add(datagram, sender);
        if (early) {
            // Watched before the lookup, so that a session stored in between is not missed.
            places.watch(parked.handshake);
        }
        long waitMillis = places.limits().waitMillis();
        parked.timeout = loop.schedule(() -> giveUp(parked), waitMillis, TimeUnit.MILLISECONDS);
        try {
            registry.datagramLookups().execute(() -> lookUp(parked));
        } catch (RejectedExecutionException busy) {
            end(parked);
            drop(parked, parked.held.size(), ErrorCode.UNKNOWN_SESSION);
        }
    }

    /** On a lookup thread: the store's answer goes back to the event loop, once (a negotiation may be first). */
    private void lookUp(Parked parked) {
        StoredSession stored;
        try {
            stored = registry.lookUp(parked.stream.id());
        } catch (WireException e) {
            try {
                loop.execute(() -> notFound(parked, e));
            } catch (RejectedExecutionException serverClosing) {
                // The endpoint is closing with the server: its held datagrams go with it.
            }
            return;
        }
        parked.handshake.found(stored);
    }

    /**
     * The store does not hold the session, or could not be reached: an early stream's datagrams go on waiting for
     * it (its negotiation may still be storing it, here or on another node); others are dropped.
     */
    private void notFound(Parked parked, WireException refusal) {
        if (byStream.get(parked.stream) != parked || !parked.handshake.isWaiting()) {
            return;
        }
        if (parked.early && refusal.code() == ErrorCode.UNKNOWN_SESSION) {
            registry.metrics.increment(TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_PARKED);
            places.lookFor(parked.handshake);
            return;
        }
        end(parked);
        drop(parked, parked.held.size(), refusal.code());
    }

    /** The session of {@code parked} was found: its datagrams go to its stream, in order, and it runs a turn. */
    private void resume(Parked parked, StoredSession stored) {
        if (byStream.get(parked.stream) != parked) {
            return;
        }
        end(parked);
        ServerSession session = registry.find(stored, parked.stream.epoch(), LinkType.DATAGRAM, loop);
        // On the stream's own loop: another endpoint's may have made it (its datagrams came to two sockets).
        session.execute(() -> {
            for (Held held : parked.held) {
                session.receiveDatagram(held.datagram(), held.sender(), parked.channel);
            }
            session.run();
        });
    }

    /** The session of {@code parked} did not come in time: its datagrams are dropped. */
    private void giveUp(Parked parked) {
        if (byStream.get(parked.stream) == parked) {
            end(parked);
            drop(parked, parked.held.size(), ErrorCode.UNKNOWN_SESSION);
        }
    }

    /** Drops every held stream's datagrams, uncounted: the endpoint is closing. */
    void clear() {
        for (Parked parked : new ArrayList<>(byStream.values())) {
            end(parked);
        }
    }

    private void end(Parked parked) {
        byStream.remove(parked.stream);
        parked.handshake.stopWaiting();
        if (parked.early) {
            places.unwatch(parked.handshake);
        }
        places.release(parked.from);
        if (parked.timeout != null) {
            parked.timeout.cancel(false);
        }
    }

    /** Counts {@code datagrams} of {@code parked} dropped for {@code reason}, and an early stream's loss. */
    private void drop(Parked parked, int datagrams, ErrorCode reason) {
        if (parked.early) {
            registry.metrics.increment(TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_DROPPED);
        }
        for (int i = 0; i < datagrams; i++) {
            registry.metrics.datagramDropped(reason);
        }
    }

    /** A datagram held for its stream, and where it came from. */
    private record Held(byte[] datagram, InetSocketAddress sender) {
    }

    /** The stream a long form datagram names: its session, and its epoch. */
    private record Stream(SessionId id, long epoch) {
    }

    /** One stream's datagrams, while its session is looked for. */
    private final class Parked {
        final Stream stream;
        /** Flagged EARLY: waits on for a session the store does not hold yet. */
        final boolean early;
        /** The client address whose place it holds. */
        final InetAddress from;
        final Channel channel;
        final ParkedHandshake handshake;
        final List<Held> held = new ArrayList<>();
        ScheduledFuture<?> timeout;
        long bytes;

        Parked(SessionId id, long epoch, boolean early, InetAddress from, Channel channel) {
            this.stream = new Stream(id, epoch);
            this.early = early;
            this.from = from;
            this.channel = channel;
            this.handshake = new ParkedHandshake(id, loop, stored -> resume(this, stored));
        }

        /** Holds one more datagram of the stream, within its byte limit; drops it (counted) otherwise. */
        void add(byte[] datagram, InetSocketAddress sender) {
            long cost = (long) datagram.length + DATAGRAM_OVERHEAD;
            if (bytes + cost > places.limits().maxBytes()) {
                registry.metrics.datagramDropped(ErrorCode.UNKNOWN_SESSION);
                return;
            }
            bytes += cost;
            held.add(new Held(datagram, sender));
        }
    }
}
