package org.hhfr.transports.netty;

import com.google.auto.value.AutoBuilder;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.handler.ssl.SslContext;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import org.hhfr.schemas.Bounds;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.FrameBufferBudget;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.jspecify.annotations.Nullable;

/**
 * How a {@link StreamServer} listens and what it bounds. Made by {@link #on(String)}, which starts from the
 * defaults: TCP and UDP on ephemeral ports, one I/O thread per core, dispatch on the common fork-join pool, 256
 * messages in dispatch per session, 1,200-byte datagrams, a 32/64 KiB outbound water mark, 64 MiB of partial
 * frames across the TCP connections, 5 s to authenticate, 64 TCP connections in their handshake per client
 * address and 4,096 in all, expired sessions purged every 30 s, the core's
 * reliability defaults. The reliability settings are the server's own part of each stream's engine (buffers,
 * keep-alive and idle timeout, the retransmission timeout's floor and ceiling, the largest message): every
 * negotiated term (assurance, windows and initial credit, acknowledgement delay, initial retransmission timeout,
 * message size limits, lifetime) comes from the session's agreed policy ({@code ReliabilityPolicy.applyTo}),
 * never from here.
 *
 * @param host                   an address literal or name to listen on; "0.0.0.0" for every interface
 * @param tcpPort                0 for an ephemeral port, -1 for no TCP endpoint
 * @param udpPort                0 for an ephemeral port, -1 for no UDP endpoint
 * @param ioThreads              the event loop's threads
 * @param dispatchExecutor       where dispatchers run; a direct executor ({@code Runnable::run}) runs them on
 *                               the event loop: fastest for functions that only compute, and wrong for
 *                               anything that blocks
 * @param maxPendingDispatches   messages of one session handed to the dispatcher and not yet answered (or
 *                               answered but not yet taken by the engine); at the bound the session stops
 *                               taking messages from its engine, which stops granting the client credit, and
 *                               a TCP connection stops being read
 * @param maxDatagramSize        the largest datagram sent or accepted
 * @param waterMark              outbound bytes buffered per TCP connection above which the server stops
 *                               writing and reading
 * @param maxBufferedFrameBytes  bytes all TCP connections together may hold in partial frames (each connection
 *                               at most one frame: before its handshake a handshake's size, after it the
 *                               session's agreed message size); a partial frame beyond it is refused with
 *                               TOO_LARGE and its connection closed
 * @param handshakeTimeoutMillis how long a new TCP connection may take to authenticate before it is closed
 * @param maxHandshakesPerAddress TCP connections of one client address (an IPv4 address, an IPv6 /64) that have
 *                               not completed their handshake yet; one more is closed at once, unread, so that
 *                               one host cannot take the server's sockets with connections it never authenticates
 * @param maxHandshakes          TCP connections that have not completed their handshake yet, of every address
 *                               together; one more is closed at once, unread
 * @param earlyHandshakes        how many HELLOs flagged EARLY, for sessions a negotiation may still be storing,
 *                               wait for their session, with how many bytes, how long, and how often the store
 *                               may be asked for sessions another node stores
 * @param earlyDatagrams         the same for UDP streams whose first datagrams, flagged EARLY, wait for their
 *                               session: counted apart from the HELLOs (a UDP source address is not proven, so
 *                               spoofed datagrams can fill these places but never the HELLOs'), and with far
 *                               fewer bytes each (a client sends one window of datagrams before an answer)
 * @param addressTokens          whether UDP streams give their clients' addresses ADDRESS_TOKENs and honour them
 *                               on the session's later streams, whose first addresses are then sent to at once
 *                               (WIRE-FORMAT 5.1). Only for a server that sees its clients' own addresses: behind
 *                               a proxy or load balancer that rewrites the source addresses of datagrams, every
 *                               client shares its address, and a token would let anyone holding a session have a
 *                               stream sent to whoever the proxy maps a forged source to. Off by default
 * @param answerGatheringMillis  how long, at most, an answer on a young TCP connection (within its first
 *                               flight: eight segments written) waits for the answers of the session's other
 *                               requests still in dispatch, so that a pipelined burst's answers leave in a few
 *                               segments, which a new connection's congestion window carries before the first
 *                               acknowledgement; one segment past it waits a whole round trip (5 ms, a small
 *                               part of a mobile round trip; 0 sends each at once)
 * @param purgeIntervalMillis    how often the context store is told to purge expired sessions (their streams
 *                               close then), on one of the server's lookup threads, never on an event loop; 0 when
 *                               the application purges the store itself (as the Axis2 module does)
 * @param streamReliability      the server's own engine settings for TCP sessions, under each session's agreed
 *                               policy; its idle timeout is how long a session waits for a silent peer or a
 *                               broken connection to resume (less if the agreed lifetime is shorter)
 * @param datagramReliability    the server's own engine settings for UDP sessions, under each session's agreed
 *                               policy; their fragment size must fit {@code maxDatagramSize}
 * @param sharing                what the node shares with the other nodes serving the same sessions: the
 *                               replies of numbered calls (a call sent again, on a newer stream, perhaps to
 *                               another node, is answered, not run again) and the latest stream epochs; by
 *                               default this node's memory
 * @param tls                    the server's TLS (its certificate and key) for the TCP streams of sessions whose
 *                               streams must be encrypted (negotiated over HTTPS); a TCP connection may start
 *                               with TLS or in cleartext, and a session decides which it accepts. {@code null}
 *                               (the default): no TLS, so such sessions can stream over UDP only
 */
public record StreamServerConfig(String host, int tcpPort, int udpPort, int ioThreads, Executor dispatchExecutor,
        int maxPendingDispatches, int maxDatagramSize, WriteBufferWaterMark waterMark, long maxBufferedFrameBytes,
        long handshakeTimeoutMillis, int maxHandshakesPerAddress, int maxHandshakes,
        EarlyHandshakeLimits earlyHandshakes, EarlyHandshakeLimits earlyDatagrams, boolean addressTokens,
        long answerGatheringMillis, long purgeIntervalMillis, ReliabilityConfig streamReliability, ReliabilityConfig datagramReliability,
        StreamSharing sharing, @Nullable SslContext tls) {
    /** How long a new TCP connection may take to authenticate, TLS included, by default. */
    public static final long DEFAULT_HANDSHAKE_TIMEOUT_MILLIS = 5_000;
    /** TCP connections of one client address in their handshake at once, by default. */
    public static final int DEFAULT_MAX_HANDSHAKES_PER_ADDRESS = 64;
    /** TCP connections of every address together in their handshake at once, by default. */
    public static final int DEFAULT_MAX_HANDSHAKES = 4_096;

    public StreamServerConfig {
        Objects.requireNonNull(host, "host");
        requirePort(tcpPort, "TCP");
        requirePort(udpPort, "UDP");
        Bounds.requirePositive(ioThreads, "ioThreads");
        Objects.requireNonNull(dispatchExecutor, "dispatch executor");
        Bounds.requirePositive(maxPendingDispatches, "maxPendingDispatches");
        Bounds.requireAtLeast(maxDatagramSize, frameBudgetFloor(), "maxDatagramSize");
        Objects.requireNonNull(waterMark, "water mark");
        Bounds.requirePositive(maxBufferedFrameBytes, "maxBufferedFrameBytes");
        Bounds.requirePositive(handshakeTimeoutMillis, "handshakeTimeoutMillis");
        Bounds.requirePositive(maxHandshakesPerAddress, "maxHandshakesPerAddress");
        Bounds.requirePositive(maxHandshakes, "maxHandshakes");
        Objects.requireNonNull(earlyHandshakes, "early handshakes");
        Objects.requireNonNull(earlyDatagrams, "early datagrams");
        Bounds.requireAtLeast(answerGatheringMillis, 0, "answerGatheringMillis");
        Bounds.requireAtLeast(purgeIntervalMillis, 0, "purgeIntervalMillis");
        Objects.requireNonNull(streamReliability, "stream reliability");
        Objects.requireNonNull(datagramReliability, "datagram reliability");
        Objects.requireNonNull(sharing, "sharing");
    }

    /** Settings that listen on {@code host} (an address literal or name; "0.0.0.0" for every interface). */
    public static Builder on(String host) {
        int datagramSize = DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE;
        return new AutoBuilder_StreamServerConfig_Builder()
                .host(host)
                .ports(0, 0)
                .ioThreads(Runtime.getRuntime().availableProcessors())
                .dispatchExecutor(ForkJoinPool.commonPool())
                .maxPendingDispatches(256)
                .maxDatagramSize(datagramSize)
                .waterMark(32 << 10, 64 << 10)
                .maxBufferedFrameBytes(FrameBufferBudget.DEFAULT_MAX_BYTES)
                .handshakeTimeoutMillis(DEFAULT_HANDSHAKE_TIMEOUT_MILLIS)
                .maxHandshakesPerAddress(DEFAULT_MAX_HANDSHAKES_PER_ADDRESS)
                .maxHandshakes(DEFAULT_MAX_HANDSHAKES)
                .earlyHandshakes(EarlyHandshakeLimits.DEFAULTS)
                .earlyDatagrams(EarlyHandshakeLimits.DATAGRAM_DEFAULTS)
                .addressTokens(false)
                .answerGatheringMillis(5)
                .purgeIntervalMillis(30_000)
                .streamReliability(ReliabilityConfig.forStream())
                .datagramReliability(ReliabilityConfig.forDatagrams(frameBudget(datagramSize)))
                .sharing(StreamSharing.local());
    }

    /** A builder holding these settings, to change some of them. */
    public Builder toBuilder() {
        return new AutoBuilder_StreamServerConfig_Builder(this);
    }

    static int frameBudget(int maxDatagramSize) {
        return DatagramWriter.frameBudget(maxDatagramSize, SessionId.ISSUED_LENGTH);
    }

    /** The smallest datagram size that leaves the minimum frame budget (a datagram's overhead is fixed). */
    private static int frameBudgetFloor() {
        int size = DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE;
        return DatagramWriter.MIN_FRAME_BUDGET + size - frameBudget(size);
    }

    private static void requirePort(int port, String name) {
        if (port < -1 || port > 65535) {
            throw new IllegalArgumentException(name + " port must be -1 (none), 0 (any) or 1..65535: " + port);
        }
    }

    /**
     * Collects {@link StreamServerConfig}; checked by {@link #build()}. The setters are the record's parameters;
     * the host is set by {@link #on(String)}, and the datagram size and its engine settings keep their defaults
     * (the record's constructor takes any).
     */
    @AutoBuilder
    public abstract static class Builder {
        abstract Builder host(String host);

        abstract Builder tcpPort(int port);

        abstract Builder udpPort(int port);

        public abstract Builder ioThreads(int threads);

        public abstract Builder dispatchExecutor(Executor executor);

        public abstract Builder maxPendingDispatches(int messages);

        abstract Builder maxDatagramSize(int bytes);

        abstract Builder waterMark(WriteBufferWaterMark waterMark);

        public abstract Builder maxBufferedFrameBytes(long bytes);

        public abstract Builder handshakeTimeoutMillis(long millis);

        public abstract Builder maxHandshakesPerAddress(int connections);

        public abstract Builder maxHandshakes(int connections);

        public abstract Builder earlyHandshakes(EarlyHandshakeLimits limits);

        public abstract Builder earlyDatagrams(EarlyHandshakeLimits limits);

        public abstract Builder addressTokens(boolean issueAndHonour);

        public abstract Builder answerGatheringMillis(long millis);

        public abstract Builder purgeIntervalMillis(long millis);

        public abstract Builder streamReliability(ReliabilityConfig config);

        abstract Builder datagramReliability(ReliabilityConfig config);

        public abstract Builder sharing(StreamSharing sharing);

        /** TLS for the TCP streams of sessions that must be encrypted; a server context ({@code forServer}). */
        public abstract Builder tls(@Nullable SslContext tls);

        public Builder ports(int tcp, int udp) {
            return tcpPort(tcp).udpPort(udp);
        }

        public Builder waterMark(int lowBytes, int highBytes) {
            return waterMark(new WriteBufferWaterMark(lowBytes, highBytes));
        }

        /** @throws IllegalArgumentException naming the first setting out of its range */
        public abstract StreamServerConfig build();
    }
}
