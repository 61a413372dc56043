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
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.reliability.LinkType;

/**
 * The UDP streams opened before their session was granted (WIRE-FORMAT 5.2), on one UDP endpoint: the first
 * datagrams of such a stream are long form datagrams flagged EARLY, naming a session its negotiation may still be
 * storing. They are held, unread, until the session is found, then handed to it in the order they came, as if
 * they had just arrived; nothing in them is processed before. They are found as the early TCP handshakes are,
 * by the negotiation on this node at once or by the paced lookups, but they hold places of their own
 * ({@link SessionRegistry#parkedDatagramStreams}, within {@link StreamServerConfig#earlyDatagrams}): a UDP source
 * address is not proven, so spoofed datagrams may fill these places, never the HELLOs'. One place per stream
 * (not per datagram), per client address and in all; at most {@code maxBytes} of datagrams each, every datagram
 * charged {@value #DATAGRAM_OVERHEAD} bytes beyond its length for what holding it costs (later ones are dropped,
 * and the client sends them again). A stream whose session is not found within the wait, or that finds no
 * place, has its datagrams dropped, never answered: a UDP endpoint answers no unauthenticated datagram.
 *
 * <p>Confined to the endpoint channel's event loop: the finds of other threads come back to it through
 * {@link ParkedHandshake}.
 */
final class ParkedDatagrams {
    /** What holding a datagram costs beyond its bytes: its array and list slots, its sender's address. */
    static final int DATAGRAM_OVERHEAD = 128;

    private final SessionRegistry registry;
    private final ParkedHandshakes places;
    private final EventLoop loop;
    private final Map<SessionId, Parked> bySession = new HashMap<>();

    ParkedDatagrams(SessionRegistry registry, EventLoop loop) {
        this.registry = registry;
        this.places = registry.parkedDatagramStreams;
        this.loop = loop;
    }

    /**
     * The live session an early datagram goes to, or {@code null} when it was parked for its session (or
     * dropped beyond a limit, and counted).
     *
     * @throws WireException for a datagram that can go to no session (its caller drops and counts it)
     */
    ServerSession findOrPark(SessionId id, long epoch, byte[] datagram, InetSocketAddress sender, Channel channel)
            throws WireException {
        Parked waiting = bySession.get(id);
        if (waiting != null) {
            waiting.add(epoch, datagram, sender);
            return null;
        }
        Parked parked = new Parked(id, epoch, channel);
        // Watched before the lookup, so that a session stored in between is not missed.
        places.watch(parked.handshake);
        boolean parking = false;
        try {
            return registry.find(id, epoch, LinkType.DATAGRAM, loop);
        } catch (WireException e) {
            if (e.code() != ErrorCode.UNKNOWN_SESSION) {
                throw e;
            }
            parking = park(parked, datagram, sender);
            return null;
        } finally {
            if (!parking) {
                parked.stopWatching();
            }
        }
    }

    /**
     * Takes a place for {@code parked} and holds its first datagram; {@code false} when no place is left (the
     * datagram is dropped; the stream's next datagram tries again).
     */
    private boolean park(Parked parked, byte[] datagram, InetSocketAddress sender) {
        InetAddress address = sender.getAddress();
        if (!places.park(address, parked.handshake)) {
            registry.metrics.increment(TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_DROPPED);
            registry.metrics.datagramDropped(ErrorCode.UNKNOWN_SESSION);
            return false;
        }
        parked.from = address;
        bySession.put(parked.id, parked);
        registry.metrics.increment(TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_PARKED);
        parked.add(parked.epoch, datagram, sender);
        long waitMillis = places.limits().waitMillis();
        parked.timeout = loop.schedule(() -> giveUp(parked), waitMillis, TimeUnit.MILLISECONDS);
        return true;
    }

    /** The session of {@code parked} was stored: its datagrams go to it, in order, and it runs a turn. */
    private void resume(Parked parked, StoredSession stored) {
        if (bySession.get(parked.id) != parked) {
            return;
        }
        end(parked);
        ServerSession session;
        try {
            session = registry.find(stored, parked.epoch, LinkType.DATAGRAM, loop);
        } catch (WireException e) {
            registry.metrics.increment(TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_DROPPED);
            dropAll(parked, e.code());
            return;
        }
        for (Held held : parked.held) {
            session.execute(() -> session.receiveDatagram(held.datagram(), held.sender(), parked.channel));
        }
        session.execute(session::run);
    }

    /** The session of {@code parked} did not come in time: its datagrams are dropped. */
    private void giveUp(Parked parked) {
        if (bySession.get(parked.id) == parked) {
            end(parked);
            registry.metrics.increment(TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_DROPPED);
            dropAll(parked, ErrorCode.UNKNOWN_SESSION);
        }
    }

    /** Drops every parked stream's datagrams, uncounted: the endpoint is closing. */
    void clear() {
        for (Parked parked : new ArrayList<>(bySession.values())) {
            end(parked);
        }
    }

    private void end(Parked parked) {
        bySession.remove(parked.id);
        parked.stopWatching();
        places.release(parked.from);
        if (parked.timeout != null) {
            parked.timeout.cancel(false);
        }
    }

    private void dropAll(Parked parked, ErrorCode reason) {
        for (int i = 0; i < parked.held.size(); i++) {
            registry.metrics.datagramDropped(reason);
        }
    }

    /** A datagram held for its stream, and where it came from. */
    private record Held(byte[] datagram, InetSocketAddress sender) {
    }

    /** One early stream's datagrams, while its session is looked for. */
    private final class Parked {
        final SessionId id;
        final long epoch;
        final Channel channel;
        final ParkedHandshake handshake;
        final List<Held> held = new ArrayList<>();
        /** The client address whose place it holds; set once parked. */
        InetAddress from;
        ScheduledFuture<?> timeout;
        long bytes;

        Parked(SessionId id, long epoch, Channel channel) {
            this.id = id;
            this.epoch = epoch;
            this.channel = channel;
            this.handshake = new ParkedHandshake(id, loop, stored -> resume(this, stored));
        }

        /** Holds one more datagram of the stream, within its byte limit; drops it (counted) otherwise. */
        void add(long datagramEpoch, byte[] datagram, InetSocketAddress sender) {
            long cost = (long) datagram.length + DATAGRAM_OVERHEAD;
            if (datagramEpoch != epoch || bytes + cost > places.limits().maxBytes()) {
                registry.metrics.datagramDropped(ErrorCode.UNKNOWN_SESSION);
                return;
            }
            bytes += cost;
            held.add(new Held(datagram, sender));
        }

        void stopWatching() {
            handshake.stopWaiting();
            places.unwatch(handshake);
        }
    }
}
