package org.hhfr.transports.netty;

import io.netty.channel.WriteBufferWaterMark;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.reliability.ReliabilityConfig;

/**
 * How a {@link StreamServer} listens and what it bounds. Immutable; each {@code with...} returns a changed
 * copy. Defaults: TCP and UDP on ephemeral ports, one I/O thread per core, dispatch on the common fork-join
 * pool, 256 messages in dispatch per session, 1,200-byte datagrams, a 32/64 KiB outbound water mark, 5 s to
 * authenticate, expired sessions purged every 30 s, the core's reliability defaults. The reliability settings
 * are the server's own part of each stream's engine (buffers, keep-alive and idle timeout, the retransmission
 * timeout's floor and ceiling, the largest message): every negotiated term (assurance, windows and initial
 * credit, acknowledgement delay, initial retransmission timeout, message size limits, lifetime) comes from the
 * session's agreed policy ({@code ReliabilityPolicy.applyTo}), never from here.
 */
public final class StreamServerConfig {
    /** Bytes of the session ids the context store issues; the wire's datagram header carries them. */
    static final int SESSION_ID_LENGTH = 16;

    private final String host;
    private int tcpPort;
    private int udpPort;
    private int ioThreads = Runtime.getRuntime().availableProcessors();
    private Executor dispatchExecutor = ForkJoinPool.commonPool();
    private int maxPendingDispatches = 256;
    private int maxDatagramSize = DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE;
    private WriteBufferWaterMark waterMark = new WriteBufferWaterMark(32 << 10, 64 << 10);
    private long handshakeTimeoutMillis = 5_000;
    private long purgeIntervalMillis = 30_000;
    private ReliabilityConfig streamReliability = ReliabilityConfig.forStream();
    private ReliabilityConfig datagramReliability;

    private StreamServerConfig(String host) {
        this.host = host;
        this.datagramReliability = ReliabilityConfig.forDatagrams(frameBudget(maxDatagramSize));
    }

    private StreamServerConfig(StreamServerConfig other) {
        host = other.host;
        tcpPort = other.tcpPort;
        udpPort = other.udpPort;
        ioThreads = other.ioThreads;
        dispatchExecutor = other.dispatchExecutor;
        maxPendingDispatches = other.maxPendingDispatches;
        maxDatagramSize = other.maxDatagramSize;
        waterMark = other.waterMark;
        handshakeTimeoutMillis = other.handshakeTimeoutMillis;
        purgeIntervalMillis = other.purgeIntervalMillis;
        streamReliability = other.streamReliability;
        datagramReliability = other.datagramReliability;
    }

    /** Listens on {@code host} (an address literal or name; "0.0.0.0" for every interface). */
    public static StreamServerConfig on(String host) {
        return new StreamServerConfig(host);
    }

    static int frameBudget(int maxDatagramSize) {
        return DatagramWriter.frameBudget(maxDatagramSize, SESSION_ID_LENGTH);
    }

    public String host() {
        return host;
    }

    /** 0 for an ephemeral port, -1 for no TCP endpoint. */
    public int tcpPort() {
        return tcpPort;
    }

    /** 0 for an ephemeral port, -1 for no UDP endpoint. */
    public int udpPort() {
        return udpPort;
    }

    public int ioThreads() {
        return ioThreads;
    }

    public Executor dispatchExecutor() {
        return dispatchExecutor;
    }

    public int maxPendingDispatches() {
        return maxPendingDispatches;
    }

    public int maxDatagramSize() {
        return maxDatagramSize;
    }

    public WriteBufferWaterMark waterMark() {
        return waterMark;
    }

    public long handshakeTimeoutMillis() {
        return handshakeTimeoutMillis;
    }

    public long purgeIntervalMillis() {
        return purgeIntervalMillis;
    }

    public ReliabilityConfig streamReliability() {
        return streamReliability;
    }

    public ReliabilityConfig datagramReliability() {
        return datagramReliability;
    }

    public StreamServerConfig withPorts(int tcp, int udp) {
        StreamServerConfig c = new StreamServerConfig(this);
        c.tcpPort = port(tcp, "TCP");
        c.udpPort = port(udp, "UDP");
        return c;
    }

    public StreamServerConfig withIoThreads(int threads) {
        StreamServerConfig c = new StreamServerConfig(this);
        c.ioThreads = atLeast(threads, 1, "ioThreads");
        return c;
    }

    /**
     * Where dispatchers run. A direct executor ({@code Runnable::run}) runs them on the event loop: fastest
     * for functions that only compute, and wrong for anything that blocks.
     */
    public StreamServerConfig withDispatchExecutor(Executor executor) {
        if (executor == null) {
            throw new IllegalArgumentException("dispatch executor is required");
        }
        StreamServerConfig c = new StreamServerConfig(this);
        c.dispatchExecutor = executor;
        return c;
    }

    /**
     * Messages of one session handed to the dispatcher and not yet answered (or answered but not yet taken by
     * the engine). At the bound the session stops taking messages from its engine, which stops granting the
     * client credit, and a TCP connection stops being read.
     */
    public StreamServerConfig withMaxPendingDispatches(int value) {
        StreamServerConfig c = new StreamServerConfig(this);
        c.maxPendingDispatches = atLeast(value, 1, "maxPendingDispatches");
        return c;
    }

    /** Largest datagram sent or accepted; also sets the datagram reliability defaults to its frame budget. */
    public StreamServerConfig withMaxDatagramSize(int bytes) {
        StreamServerConfig c = new StreamServerConfig(this);
        c.maxDatagramSize = atLeast(bytes, frameBudgetFloor(), "maxDatagramSize");
        c.datagramReliability = ReliabilityConfig.forDatagrams(frameBudget(c.maxDatagramSize));
        return c;
    }

    /** Outbound bytes buffered per TCP connection above which the server stops writing and reading. */
    public StreamServerConfig withWaterMark(int lowBytes, int highBytes) {
        StreamServerConfig c = new StreamServerConfig(this);
        c.waterMark = new WriteBufferWaterMark(lowBytes, highBytes);
        return c;
    }

    /** How long a new TCP connection may take to authenticate before it is closed. */
    public StreamServerConfig withHandshakeTimeoutMillis(long millis) {
        StreamServerConfig c = new StreamServerConfig(this);
        c.handshakeTimeoutMillis = atLeast(millis, 1, "handshakeTimeoutMillis");
        return c;
    }

    /** How often the context store is told to purge expired sessions (their streams close then). */
    public StreamServerConfig withPurgeIntervalMillis(long millis) {
        StreamServerConfig c = new StreamServerConfig(this);
        c.purgeIntervalMillis = atLeast(millis, 1, "purgeIntervalMillis");
        return c;
    }

    /**
     * The server's own engine settings for TCP sessions, under each session's agreed policy; its idle timeout is
     * how long a session waits for a silent peer or a broken connection to resume (less if the agreed lifetime
     * is shorter).
     */
    public StreamServerConfig withStreamReliability(ReliabilityConfig config) {
        StreamServerConfig c = new StreamServerConfig(this);
        c.streamReliability = config;
        return c;
    }

    /**
     * The server's own engine settings for UDP sessions, under each session's agreed policy; their fragment size
     * must fit {@link #maxDatagramSize()}.
     */
    public StreamServerConfig withDatagramReliability(ReliabilityConfig config) {
        StreamServerConfig c = new StreamServerConfig(this);
        c.datagramReliability = config;
        return c;
    }

    /** The smallest datagram size that leaves the minimum frame budget (a datagram's overhead is fixed). */
    private static int frameBudgetFloor() {
        int size = DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE;
        return DatagramWriter.MIN_FRAME_BUDGET + size - frameBudget(size);
    }

    private static int port(int port, String name) {
        if (port < -1 || port > 65535) {
            throw new IllegalArgumentException(name + " port must be -1 (none), 0 (any) or 1..65535: " + port);
        }
        return port;
    }

    private static int atLeast(int value, int min, String name) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ": " + value);
        }
        return value;
    }

    private static long atLeast(long value, long min, String name) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ": " + value);
        }
        return value;
    }
}
