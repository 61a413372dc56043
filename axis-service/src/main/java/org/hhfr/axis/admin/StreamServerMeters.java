package org.hhfr.axis.admin;

import java.util.Locale;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.netty.StreamServer;
import org.hhfr.transports.netty.TransportMetrics;
import org.hhfr.transports.netty.TransportMetrics.Counter;
import org.hhfr.transports.reliability.LinkType;

/**
 * A stream server's {@link TransportMetrics} as Micrometer meters, read when they are scraped: the event loops
 * only add to their counters. Each stream meter carries the tag {@code transport} (tcp, udp); the names and tags
 * are listed in the axis-service README.
 */
public final class StreamServerMeters implements MeterBinder {
    private final StreamServer server;

    public StreamServerMeters(StreamServer server) {
        this.server = server;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        TransportMetrics metrics = server.metrics();
        for (LinkType link : LinkType.values()) {
            Tags transport = Tags.of("transport", tag(link));
            Gauge.builder("hhfr.streams.open", server, s -> s.openStreams(link))
                    .description("Streams open on this node").tags(transport).register(registry);
            count(registry, "hhfr.streams.opened", "Streams started (first authenticated contact)", transport,
                    metrics, Counter.SESSIONS_OPENED, link);
            count(registry, "hhfr.streams.ended", "Streams ended: finished (closed by both sides) or failed",
                    transport.and("outcome", "finished"), metrics, Counter.SESSIONS_FINISHED, link);
            count(registry, "hhfr.streams.ended", "Streams ended: finished (closed by both sides) or failed",
                    transport.and("outcome", "failed"), metrics, Counter.SESSIONS_FAILED, link);
            count(registry, "hhfr.stream.messages", "Streamed messages: requests in, responses and faults out",
                    transport.and("direction", "in"), metrics, Counter.MESSAGES_DISPATCHED, link);
            count(registry, "hhfr.stream.messages", "Streamed messages: requests in, responses and faults out",
                    transport.and("direction", "out"), metrics, Counter.MESSAGES_SENT, link);
            count(registry, "hhfr.stream.retransmissions", "Message fragments sent again", transport, metrics,
                    Counter.RETRANSMISSIONS, link);
            count(registry, "hhfr.stream.calls.failed", "Streamed calls answered with a fault", transport, metrics,
                    Counter.DISPATCH_FAILURES, link);
            count(registry, "hhfr.stream.calls.cancelled", "Streamed calls the client cancelled before they ran",
                    transport, metrics, Counter.MESSAGES_CANCELLED, link);
            count(registry, "hhfr.stream.protocol.violations", "Authenticated peers that broke the sequence rules",
                    transport, metrics, Counter.PROTOCOL_VIOLATIONS, link);
        }
        Tags tcp = Tags.of("transport", tag(LinkType.STREAM));
        count(registry, "hhfr.tcp.connections", "TCP connections accepted", tcp, metrics,
                Counter.CONNECTIONS_ACCEPTED, LinkType.STREAM);
        count(registry, "hhfr.tcp.connections.refused",
                "TCP connections closed at once: their address or the server held its most in their handshake", tcp,
                metrics, Counter.CONNECTIONS_REFUSED, LinkType.STREAM);
        count(registry, "hhfr.tcp.handshakes", "TCP handshakes (HELLO or RESUME) accepted", tcp, metrics,
                Counter.HANDSHAKES_ACCEPTED, LinkType.STREAM);
        count(registry, "hhfr.tcp.resumes", "TCP connections that resumed a stream", tcp, metrics, Counter.RESUMES,
                LinkType.STREAM);
        count(registry, "hhfr.tcp.reads.paused", "Times a TCP connection stopped being read (backpressure)", tcp,
                metrics, Counter.READS_PAUSED, LinkType.STREAM);
        count(registry, "hhfr.tcp.writes", "Turns that wrote frames to a TCP connection (answers leave together)",
                tcp, metrics, Counter.TCP_WRITES, LinkType.STREAM);
        count(registry, "hhfr.tcp.early.parked", "HELLOs that waited for the negotiation of their session", tcp,
                metrics, Counter.EARLY_HANDSHAKES_PARKED, LinkType.STREAM);
        count(registry, "hhfr.tcp.early.refused", "Early HELLOs refused beyond the limits or after waiting in vain",
                tcp, metrics, Counter.EARLY_HANDSHAKES_REFUSED, LinkType.STREAM);
        count(registry, "hhfr.tcp.early.lookups", "Store lookups for sessions of early HELLOs another node may store",
                tcp, metrics, Counter.EARLY_SESSION_LOOKUPS, LinkType.STREAM);
        for (ErrorCode code : ErrorCode.values()) {
            FunctionCounter.builder("hhfr.stream.refused", metrics, m -> m.tcpRefusals(code))
                    .description("Connections and datagrams refused before or at the handshake, by reason")
                    .tags(tcp.and("reason", code.name().toLowerCase(Locale.ROOT))).register(registry);
        }
        Tags udp = Tags.of("transport", tag(LinkType.DATAGRAM));
        refusedDatagrams(registry, metrics, udp, "authentication_failed", Counter.DATAGRAMS_DROPPED_BAD_TAG);
        refusedDatagrams(registry, metrics, udp, "unknown_session", Counter.DATAGRAMS_DROPPED_UNKNOWN_SESSION);
        refusedDatagrams(registry, metrics, udp, "malformed", Counter.DATAGRAMS_DROPPED_MALFORMED);
        refusedDatagrams(registry, metrics, udp, "too_large", Counter.DATAGRAMS_DROPPED_OVERSIZED);
        refusedDatagrams(registry, metrics, udp, "replayed", Counter.DATAGRAMS_DROPPED_REPLAYED);
        count(registry, "hhfr.udp.datagrams", "Datagrams received", udp, metrics, Counter.DATAGRAMS_RECEIVED,
                LinkType.DATAGRAM);
        count(registry, "hhfr.udp.early.parked", "UDP streams whose first datagrams waited for their session's"
                + " negotiation", udp, metrics, Counter.EARLY_DATAGRAM_STREAMS_PARKED, LinkType.DATAGRAM);
        count(registry, "hhfr.udp.early.dropped", "Early UDP streams dropped beyond the limits or after waiting"
                + " in vain", udp, metrics, Counter.EARLY_DATAGRAM_STREAMS_DROPPED, LinkType.DATAGRAM);
        count(registry, "hhfr.udp.address.changes", "Streams whose client moved to a new address (NAT rebinding)",
                udp, metrics, Counter.ADDRESS_CHANGES, LinkType.DATAGRAM);
        count(registry, "hhfr.udp.address.tokens.honoured", "Streams whose client proved its address with the token an"
                + " earlier stream gave it there", udp, metrics, Counter.ADDRESS_TOKENS_HONOURED, LinkType.DATAGRAM);
        count(registry, "hhfr.udp.paths.resumed", "Streams that started from the path their session's previous"
                + " stream learned", udp, metrics, Counter.PATHS_RESUMED, LinkType.DATAGRAM);
    }

    private static void refusedDatagrams(MeterRegistry registry, TransportMetrics metrics, Tags udp, String reason,
                                         Counter counter) {
        count(registry, "hhfr.stream.refused",
                "Connections and datagrams refused before or at the handshake, by reason", udp.and("reason", reason),
                metrics, counter, LinkType.DATAGRAM);
    }

    private static void count(MeterRegistry registry, String name, String description, Tags tags,
                              TransportMetrics metrics, Counter counter, LinkType link) {
        FunctionCounter.builder(name, metrics, m -> m.get(counter, link))
                .description(description).tags(tags).register(registry);
    }

    /** The {@code transport} tag of a link type. */
    static String tag(LinkType link) {
        return link == LinkType.STREAM ? "tcp" : "udp";
    }
}
