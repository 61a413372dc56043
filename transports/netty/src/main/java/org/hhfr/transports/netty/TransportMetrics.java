package org.hhfr.transports.netty;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.reliability.LinkType;

/**
 * Counters of what a {@link StreamServer} accepted, carried and refused, so an operator (and a test) can see
 * load, attacks and broken peers without reading logs. Every refusal is counted once, under the reason it was
 * refused for; a stream's counters are kept per transport. Thread-safe; cheap to update from every event loop
 * (a {@link LongAdder} each, nothing allocated). The server's Micrometer meters read them when scraped.
 */
public final class TransportMetrics {
    /** What is counted. */
    public enum Counter {
        /** TCP connections accepted by the socket, before any handshake. */
        CONNECTIONS_ACCEPTED(LinkType.STREAM),
        /**
         * TCP connections closed at once, unread, because their client address or the server held its maximum of
         * connections in their handshake ({@link StreamServerConfig#maxHandshakesPerAddress()},
         * {@link StreamServerConfig#maxHandshakes()}); also counted in {@link #CONNECTIONS_ACCEPTED}.
         */
        CONNECTIONS_REFUSED(LinkType.STREAM),
        /** TCP handshakes (HELLO or RESUME) accepted. */
        HANDSHAKES_ACCEPTED(LinkType.STREAM),
        /** TCP connections refused before or at the handshake (by reason: {@link #tcpRefusals(ErrorCode)}). */
        HANDSHAKES_REFUSED(LinkType.STREAM),
        /** HELLOs flagged EARLY that waited for the negotiation storing their session. */
        EARLY_HANDSHAKES_PARKED(LinkType.STREAM),
        /**
         * HELLOs flagged EARLY refused without waiting (a limit of {@link EarlyHandshakeLimits} reached) or after
         * waiting in vain; also counted in {@link #HANDSHAKES_REFUSED} as UNKNOWN_SESSION.
         */
        EARLY_HANDSHAKES_REFUSED(LinkType.STREAM),
        /**
         * Store lookups for the sessions of parked early handshakes: the fallback for sessions another node stored,
         * at most {@link EarlyHandshakeLimits#maxLookupsPerSecond()} a second (a session negotiated on this node
         * releases its handshakes without one).
         */
        EARLY_SESSION_LOOKUPS(LinkType.STREAM),
        /** TCP connections that resumed a session after an earlier connection broke. */
        RESUMES(LinkType.STREAM),
        /**
         * Turns that wrote frames to a TCP connection and flushed them: with {@link #MESSAGES_SENT}, how many answers
         * leave together.
         */
        TCP_WRITES(LinkType.STREAM),
        /** Times a TCP connection stopped being read: outbound buffer full or too many messages in dispatch. */
        READS_PAUSED(LinkType.STREAM),
        /** TCP connections closed after a frame that does not decode (by reason: {@link #tcpRefusals}). */
        FRAMES_REFUSED(LinkType.STREAM),
        /** Datagrams received on the UDP endpoint. */
        DATAGRAMS_RECEIVED(LinkType.DATAGRAM),
        /** Datagrams dropped because their tag does not verify with the session's keys. */
        DATAGRAMS_DROPPED_BAD_TAG(LinkType.DATAGRAM),
        /**
         * Datagrams dropped because they name no live session (or a session streaming over TCP), or a connection id
         * issued to no open stream.
         */
        DATAGRAMS_DROPPED_UNKNOWN_SESSION(LinkType.DATAGRAM),
        /** Datagrams dropped because their bytes do not parse. */
        DATAGRAMS_DROPPED_MALFORMED(LinkType.DATAGRAM),
        /** Datagrams dropped because they are larger than the configured datagram size. */
        DATAGRAMS_DROPPED_OVERSIZED(LinkType.DATAGRAM),
        /** Datagrams dropped because their packet number was seen before (replays and network duplicates). */
        DATAGRAMS_DROPPED_REPLAYED(LinkType.DATAGRAM),
        /**
         * UDP streams whose first datagrams, flagged EARLY, waited for the negotiation storing their session
         * (WIRE-FORMAT 5.2).
         */
        EARLY_DATAGRAM_STREAMS_PARKED(LinkType.DATAGRAM),
        /**
         * Early UDP streams whose datagrams were dropped without waiting (a limit of {@link EarlyHandshakeLimits}
         * reached) or after waiting in vain; each datagram also counted in {@link #DATAGRAMS_DROPPED_UNKNOWN_SESSION}.
         */
        EARLY_DATAGRAM_STREAMS_DROPPED(LinkType.DATAGRAM),
        /** A session moved to its client's new address (NAT rebinding, another network) once it was validated. */
        ADDRESS_CHANGES(LinkType.DATAGRAM),
        /**
         * UDP streams whose first address the client proved with the ADDRESS_TOKEN an earlier stream of the session
         * gave it there, so that the stream was sent to at once, without a PATH_CHALLENGE or the limit of an
         * address not validated yet.
         */
        ADDRESS_TOKENS_HONOURED(LinkType.DATAGRAM),
        /**
         * UDP streams that started sending from the path estimate the session's previous stream left (it finished
         * gracefully, minutes ago, with the client at the same address) instead of from the initial window.
         */
        PATHS_RESUMED(LinkType.DATAGRAM),
        /** Sessions whose first connection or datagram was authenticated. */
        SESSIONS_OPENED(null),
        /** Sessions that ended with both sequences closed and terminated. */
        SESSIONS_FINISHED(null),
        /** Sessions that ended in failure: protocol violation, peer gone, evicted from the store, server closed. */
        SESSIONS_FAILED(null),
        /** Frames of an authenticated peer that broke the sequence rules (the session then fails). */
        PROTOCOL_VIOLATIONS(null),
        /** Messages handed to the dispatcher. */
        MESSAGES_DISPATCHED(null),
        /** Dispatches that threw or completed exceptionally (the session then fails). */
        DISPATCH_FAILURES(null),
        /** Requests the client cancelled before their dispatch started: skipped, answered with nothing. */
        MESSAGES_CANCELLED(null),
        /** Responses and per-message faults handed to the stream's engine to send. */
        MESSAGES_SENT(null),
        /** Message fragments sent again: on a timeout over UDP, after a resume over TCP. */
        RETRANSMISSIONS(null);

        private final LinkType transport;

        Counter(LinkType transport) {
            this.transport = transport;
        }

        /**
         * The one transport this counter counts for; {@code null} for the counters of a stream, which are
         * counted under each stream's own transport.
         */
        public LinkType transport() {
            return transport;
        }
    }

    /** Each counter's value per transport, indexed by {@link LinkType#ordinal()}. */
    private final EnumMap<Counter, LongAdder[]> counters = new EnumMap<>(Counter.class);
    private final EnumMap<ErrorCode, LongAdder> tcpRefusals = new EnumMap<>(ErrorCode.class);

    TransportMetrics() {
        for (Counter counter : Counter.values()) {
            LongAdder[] perTransport = new LongAdder[LinkType.values().length];
            for (int i = 0; i < perTransport.length; i++) {
                perTransport[i] = new LongAdder();
            }
            counters.put(counter, perTransport);
        }
        for (ErrorCode code : ErrorCode.values()) {
            tcpRefusals.put(code, new LongAdder());
        }
    }

    /** The counter over both transports. */
    public long get(Counter counter) {
        long sum = 0;
        for (LongAdder value : counters.get(counter)) {
            sum += value.sum();
        }
        return sum;
    }

    /** The counter for one transport (0 for a counter of the other transport). */
    public long get(Counter counter, LinkType transport) {
        return counters.get(counter)[transport.ordinal()].sum();
    }

    /** TCP connections closed with an ERROR frame of {@code code} before or during the handshake or decoding. */
    public long tcpRefusals(ErrorCode code) {
        return tcpRefusals.get(code).sum();
    }

    /** Counts one for a counter of one transport. */
    void increment(Counter counter) {
        if (counter.transport == null) {
            throw new IllegalArgumentException(counter + " is counted per stream: name the stream's transport");
        }
        add(counter, counter.transport, 1);
    }

    /** Counts one for a stream over {@code transport}. */
    void increment(Counter counter, LinkType transport) {
        add(counter, transport, 1);
    }

    void add(Counter counter, LinkType transport, long amount) {
        counters.get(counter)[transport.ordinal()].add(amount);
    }

    void tcpRefused(Counter counter, ErrorCode code) {
        increment(counter);
        tcpRefusals.get(code).increment();
    }

    /** The datagram counter for a datagram refused with {@code code}. */
    void datagramDropped(ErrorCode code) {
        switch (code) {
            case AUTHENTICATION_FAILED:
                increment(Counter.DATAGRAMS_DROPPED_BAD_TAG);
                break;
            case UNKNOWN_SESSION:
            case HANDSHAKE_MISMATCH:
                increment(Counter.DATAGRAMS_DROPPED_UNKNOWN_SESSION);
                break;
            case REPLAYED:
                increment(Counter.DATAGRAMS_DROPPED_REPLAYED);
                break;
            case TOO_LARGE:
                increment(Counter.DATAGRAMS_DROPPED_OVERSIZED);
                break;
            default:
                increment(Counter.DATAGRAMS_DROPPED_MALFORMED);
        }
    }

    /** Every counter with a non-zero value, for logs. */
    @Override
    public String toString() {
        Map<Counter, Long> shown = new EnumMap<>(Counter.class);
        for (Counter counter : Counter.values()) {
            long value = get(counter);
            if (value != 0) {
                shown.put(counter, value);
            }
        }
        return "TransportMetrics" + shown;
    }
}
