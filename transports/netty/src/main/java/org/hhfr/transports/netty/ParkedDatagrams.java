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
 * they had just arrived; nothing in them is processed before. The server's early handshakes and these streams
 * share the {@link ParkedHandshakes} and their {@link EarlyHandshakeLimits}: one place per stream (not per
 * datagram), per client address and in all, at most {@code maxBytes} of datagrams each (later ones are dropped,
 * and the client sends them again), found by the negotiation on this node at once or by the paced lookups. A
 * stream whose session is not found within the wait, or that finds no place, has its datagrams dropped, never
 * answered: a UDP endpoint answers no unauthenticated datagram.
 *
 * <p>Confined to the endpoint channel's event loop: the finds of other threads come back to it through
 * {@link ParkedHandshake}.
 */
final class ParkedDatagrams {
    private final SessionRegistry registry;
    private final EventLoop loop;
    private final Map<SessionId, Parked> bySession = new HashMap<>();

    ParkedDatagrams(SessionRegistry registry, EventLoop loop) {
        this.registry = registry;
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
        registry.parkedHandshakes.watch(parked.handshake);
        ServerSession session;
        try {
            session = registry.find(id, epoch, LinkType.DATAGRAM, loop);
        } catch (WireException e) {
            if (e.code() != ErrorCode.UNKNOWN_SESSION) {
                parked.stopWatching();
                throw e;
            }
            park(parked, datagram, sender);
            return null;
        }
        parked.stopWatching();
        return session;
    }

    private void park(Parked parked, byte[] datagram, InetSocketAddress sender) {
        InetAddress address = sender.getAddress();
        if (!registry.parkedHandshakes.park(address, parked.handshake)) {
            parked.stopWatching();
            registry.metrics.increment(TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_DROPPED);
            registry.metrics.datagramDropped(ErrorCode.UNKNOWN_SESSION);
            return;
        }
        parked.from = address;
        bySession.put(parked.id, parked);
        registry.metrics.increment(TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_PARKED);
        parked.add(parked.epoch, datagram, sender);
        long waitMillis = registry.parkedHandshakes.limits().waitMillis();
        parked.timeout = loop.schedule(() -> giveUp(parked), waitMillis, TimeUnit.MILLISECONDS);
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
            dropAll(parked);
            return;
        }
        for (int i = 0; i < parked.datagrams.size(); i++) {
            byte[] datagram = parked.datagrams.get(i);
            InetSocketAddress sender = parked.senders.get(i);
            session.execute(() -> session.receiveDatagram(datagram, sender, parked.channel));
        }
        session.execute(session::run);
    }

    /** The session of {@code parked} did not come in time: its datagrams are dropped. */
    private void giveUp(Parked parked) {
        if (bySession.get(parked.id) == parked) {
            end(parked);
            registry.metrics.increment(TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_DROPPED);
            dropAll(parked);
        }
    }

    /** Drops every parked stream's datagrams: the endpoint is closing. */
    void clear() {
        for (Parked parked : new ArrayList<>(bySession.values())) {
            end(parked);
        }
    }

    private void end(Parked parked) {
        bySession.remove(parked.id);
        parked.stopWatching();
        registry.parkedHandshakes.release(parked.from);
        if (parked.timeout != null) {
            parked.timeout.cancel(false);
        }
    }

    private void dropAll(Parked parked) {
        for (int i = 0; i < parked.datagrams.size(); i++) {
            registry.metrics.datagramDropped(ErrorCode.UNKNOWN_SESSION);
        }
    }

    /** One early stream's datagrams, while its session is looked for. */
    private final class Parked {
        final SessionId id;
        final long epoch;
        final Channel channel;
        final ParkedHandshake handshake;
        final List<byte[]> datagrams = new ArrayList<>();
        final List<InetSocketAddress> senders = new ArrayList<>();
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
            if (datagramEpoch != epoch
                    || bytes + datagram.length > registry.parkedHandshakes.limits().maxBytes()) {
                registry.metrics.datagramDropped(ErrorCode.UNKNOWN_SESSION);
                return;
            }
            bytes += datagram.length;
            datagrams.add(datagram);
            senders.add(sender);
        }

        void stopWatching() {
            handshake.stopWaiting();
            registry.parkedHandshakes.unwatch(handshake);
        }
    }
}
