package org.hhfr.axis.server;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import org.hhfr.axis.services.FloatSum;
import org.hhfr.axis.services.PointsOfInterest;
import org.hhfr.axis.services.StringConcat;
import org.hhfr.contextstore.StoreLimits;

/**
 * How an {@link HhfrServer} runs: its HTTP port, the HTTP worker pool and request limits, the POJO services it
 * deploys (and which of them run without HHFR), the context store's limits, and the stream endpoints (where
 * they bind, which host clients are told to use). Immutable; start from {@link #defaults()} and change with the
 * {@code with...} methods.
 */
public final class ServerSettings {
    /** A stream port that is not served. */
    public static final int NOT_SERVED = -1;

    private final int port;
    private final int requestThreads;
    private final int queuedConnections;
    private final long maxRequestBytes;
    private final int requestTimeoutMillis;
    private final List<Class<?>> services;
    private final Set<Class<?>> plainSoapServices;
    private final StoreLimits storeLimits;
    private final long purgeIntervalMillis;
    private final String streamBindHost;
    private final String advertisedHost;
    private final int tcpPort;
    private final int udpPort;

    private ServerSettings(int port, int requestThreads, int queuedConnections, long maxRequestBytes,
                           int requestTimeoutMillis, List<Class<?>> services, Set<Class<?>> plainSoapServices,
                           StoreLimits storeLimits, long purgeIntervalMillis, String streamBindHost,
                           String advertisedHost, int tcpPort, int udpPort) {
        requirePort(port, "HTTP port", false);
        requirePort(tcpPort, "TCP stream port", true);
        requirePort(udpPort, "UDP stream port", true);
        if (requestThreads < 1 || queuedConnections < 1 || maxRequestBytes < 1 || requestTimeoutMillis < 1
                || purgeIntervalMillis < 1) {
            throw new IllegalArgumentException("threads, queue, request size, timeout and purge interval must be "
                    + "positive");
        }
        this.port = port;
        this.requestThreads = requestThreads;
        this.queuedConnections = queuedConnections;
        this.maxRequestBytes = maxRequestBytes;
        this.requestTimeoutMillis = requestTimeoutMillis;
        this.services = Collections.unmodifiableList(new ArrayList<>(services));
        this.plainSoapServices = Collections.unmodifiableSet(new HashSet<>(plainSoapServices));
        this.storeLimits = Objects.requireNonNull(storeLimits, "storeLimits");
        this.purgeIntervalMillis = purgeIntervalMillis;
        this.streamBindHost = Objects.requireNonNull(streamBindHost, "streamBindHost");
        this.advertisedHost = advertisedHost;
        this.tcpPort = tcpPort;
        this.udpPort = udpPort;
    }

    private static void requirePort(int value, String name, boolean mayBeOff) {
        if (value > 65_535 || value < (mayBeOff ? NOT_SERVED : 0)) {
            throw new IllegalArgumentException(name + " out of range: " + value);
        }
    }

    /**
     * HTTP port 8080; 8 request threads and 64 queued connections; requests up to 4 MiB; an idle connection
     * is dropped after 20 s; StringConcat, FloatSum and PointsOfInterest with HHFR; the store's default limits,
     * purged every 30 s; TCP and UDP streams on free ports of every interface, handed out under the address
     * each client reached the server at.
     */
    public static ServerSettings defaults() {
        return new ServerSettings(8080, 8, 64, 4L << 20, 20_000,
                Arrays.<Class<?>>asList(StringConcat.class, FloatSum.class, PointsOfInterest.class),
                Collections.<Class<?>>emptySet(), StoreLimits.defaults(), 30_000, "0.0.0.0", null, 0, 0);
    }

    /** 0 binds a free port; {@link HhfrServer#port()} tells which. */
    public ServerSettings withPort(int value) {
        return new ServerSettings(value, requestThreads, queuedConnections, maxRequestBytes, requestTimeoutMillis,
                services, plainSoapServices, storeLimits, purgeIntervalMillis, streamBindHost, advertisedHost,
                tcpPort, udpPort);
    }

    /** Each open connection holds one thread until it closes or idles out; streamed calls use as many. */
    public ServerSettings withRequestThreads(int value) {
        return new ServerSettings(port, value, queuedConnections, maxRequestBytes, requestTimeoutMillis,
                services, plainSoapServices, storeLimits, purgeIntervalMillis, streamBindHost, advertisedHost,
                tcpPort, udpPort);
    }

    /** Connections waiting for a request thread; one more is answered 503 and closed. */
    public ServerSettings withQueuedConnections(int value) {
        return new ServerSettings(port, requestThreads, value, maxRequestBytes, requestTimeoutMillis,
                services, plainSoapServices, storeLimits, purgeIntervalMillis, streamBindHost, advertisedHost,
                tcpPort, udpPort);
    }

    public ServerSettings withMaxRequestBytes(long value) {
        return new ServerSettings(port, requestThreads, queuedConnections, value, requestTimeoutMillis,
                services, plainSoapServices, storeLimits, purgeIntervalMillis, streamBindHost, advertisedHost,
                tcpPort, udpPort);
    }

    public ServerSettings withRequestTimeoutMillis(int value) {
        return new ServerSettings(port, requestThreads, queuedConnections, maxRequestBytes, value,
                services, plainSoapServices, storeLimits, purgeIntervalMillis, streamBindHost, advertisedHost,
                tcpPort, udpPort);
    }

    /** Deploys these POJO classes (public no-argument constructor; service named after the simple class name). */
    public ServerSettings withServices(List<Class<?>> value) {
        return new ServerSettings(port, requestThreads, queuedConnections, maxRequestBytes, requestTimeoutMillis,
                value, plainSoapServices, storeLimits, purgeIntervalMillis, streamBindHost, advertisedHost,
                tcpPort, udpPort);
    }

    /** These services run without the HHFR module: plain SOAP only, as any Axis2 service. */
    public ServerSettings withPlainSoap(Set<Class<?>> value) {
        return new ServerSettings(port, requestThreads, queuedConnections, maxRequestBytes, requestTimeoutMillis,
                services, value, storeLimits, purgeIntervalMillis, streamBindHost, advertisedHost, tcpPort, udpPort);
    }

    public ServerSettings withStoreLimits(StoreLimits value) {
        return new ServerSettings(port, requestThreads, queuedConnections, maxRequestBytes, requestTimeoutMillis,
                services, plainSoapServices, value, purgeIntervalMillis, streamBindHost, advertisedHost,
                tcpPort, udpPort);
    }

    /**
     * Where streams are served: the address to bind ({@code 0.0.0.0} for every interface), the host name or
     * address negotiation answers hand to clients ({@code null}: the address each client reached the server
     * at, right unless a proxy or NAT is in between), and the TCP and UDP ports (0: a free port,
     * {@link #NOT_SERVED}: that transport is off, so offers for it are declined).
     */
    public ServerSettings withStreams(String bindHost, String clientsUse, int tcp, int udp) {
        return new ServerSettings(port, requestThreads, queuedConnections, maxRequestBytes, requestTimeoutMillis,
                services, plainSoapServices, storeLimits, purgeIntervalMillis, bindHost, clientsUse, tcp, udp);
    }

    /** No stream endpoints: every offer is declined with that reason and clients stay on SOAP. */
    public ServerSettings withoutStreams() {
        return withStreams(streamBindHost, advertisedHost, NOT_SERVED, NOT_SERVED);
    }

    public int port() {
        return port;
    }

    public int requestThreads() {
        return requestThreads;
    }

    public int queuedConnections() {
        return queuedConnections;
    }

    public long maxRequestBytes() {
        return maxRequestBytes;
    }

    public int requestTimeoutMillis() {
        return requestTimeoutMillis;
    }

    public List<Class<?>> services() {
        return services;
    }

    public boolean hhfrEnabled(Class<?> service) {
        return !plainSoapServices.contains(service);
    }

    public StoreLimits storeLimits() {
        return storeLimits;
    }

    public long purgeIntervalMillis() {
        return purgeIntervalMillis;
    }

    public String streamBindHost() {
        return streamBindHost;
    }

    /** The host clients are told to open streams to; {@code null}: the address each client reached. */
    public String advertisedHost() {
        return advertisedHost;
    }

    public int tcpPort() {
        return tcpPort;
    }

    public int udpPort() {
        return udpPort;
    }

    public boolean servesStreams() {
        return tcpPort != NOT_SERVED || udpPort != NOT_SERVED;
    }
}
