package org.hhfr.transports.netty;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.hhfr.transports.ErrorCode;

/**
 * Counters of what a {@link StreamServer} accepted and refused, so an operator (and a test) can see attacks and
 * broken peers without reading logs. Every refusal is counted once, under the reason it was refused for.
 * Thread-safe; cheap to update from every event loop.
 */
public final class TransportMetrics {
    /** What is counted. */
    public enum Counter {
        /** TCP connections accepted by the socket, before any handshake. */
        CONNECTIONS_ACCEPTED,
        /** TCP handshakes (HELLO or RESUME) accepted. */
        HANDSHAKES_ACCEPTED,
        /** TCP connections refused before or at the handshake (by reason: {@link #tcpRefusals(ErrorCode)}). */
        HANDSHAKES_REFUSED,
        /** TCP connections that resumed a session after an earlier connection broke. */
        RESUMES,
        /** Times a TCP connection stopped being read: outbound buffer full or too many messages in dispatch. */
        READS_PAUSED,
        /** TCP connections closed after a frame that does not decode (by reason: {@link #tcpRefusals}). */
        FRAMES_REFUSED,
        /** Datagrams received on the UDP endpoint. */
        DATAGRAMS_RECEIVED,
        /** Datagrams dropped because their tag does not verify with the session's keys. */
        DATAGRAMS_DROPPED_BAD_TAG,
        /** Datagrams dropped because they name no live session (or a session streaming over TCP). */
        DATAGRAMS_DROPPED_UNKNOWN_SESSION,
        /** Datagrams dropped because their bytes do not parse. */
        DATAGRAMS_DROPPED_MALFORMED,
        /** Datagrams dropped because they are larger than the configured datagram size. */
        DATAGRAMS_DROPPED_OVERSIZED,
        /** Datagrams dropped because their packet number was seen before (replays and network duplicates). */
        DATAGRAMS_DROPPED_REPLAYED,
        /** A session's datagrams came from a new source address (NAT rebinding); counted after the tag verified. */
        ADDRESS_CHANGES,
        /** Sessions whose first connection or datagram was authenticated. */
        SESSIONS_OPENED,
        /** Sessions that ended with both sequences closed and terminated. */
        SESSIONS_FINISHED,
        /** Sessions that ended in failure: protocol violation, peer gone, evicted from the store, server closed. */
        SESSIONS_FAILED,
        /** Frames of an authenticated peer that broke the sequence rules (the session then fails). */
        PROTOCOL_VIOLATIONS,
        /** Messages handed to the dispatcher. */
        MESSAGES_DISPATCHED,
        /** Dispatches that threw or completed exceptionally (the session then fails). */
        DISPATCH_FAILURES,
        /** Requests the client cancelled before their dispatch started: skipped, answered with nothing. */
        MESSAGES_CANCELLED
    }

    private final EnumMap<Counter, LongAdder> counters = new EnumMap<>(Counter.class);
    private final EnumMap<ErrorCode, LongAdder> tcpRefusals = new EnumMap<>(ErrorCode.class);

    TransportMetrics() {
        for (Counter counter : Counter.values()) {
            counters.put(counter, new LongAdder());
        }
        for (ErrorCode code : ErrorCode.values()) {
            tcpRefusals.put(code, new LongAdder());
        }
    }

    public long get(Counter counter) {
        return counters.get(counter).sum();
    }

    /** TCP connections closed with an ERROR frame of {@code code} before or during the handshake or decoding. */
    public long tcpRefusals(ErrorCode code) {
        return tcpRefusals.get(code).sum();
    }

    void increment(Counter counter) {
        counters.get(counter).increment();
    }

    void tcpRefused(Counter counter, ErrorCode code) {
        counters.get(counter).increment();
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
        counters.forEach((counter, value) -> {
            if (value.sum() != 0) {
                shown.put(counter, value.sum());
            }
        });
        return "TransportMetrics" + shown;
    }
}
