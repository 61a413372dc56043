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
 * How an {@link HhfrServer} runs: its HTTP port, the HTTP worker pool, request limits and timeouts, the POJO
 * services it deploys (and which of them run without HHFR), the context store's limits, and the stream
 * endpoints (where they bind, which host clients are told to use). Immutable; start from {@link #defaults()}
 * and change with the {@code with...} methods.
 */
public final class ServerSettings {
    /** A stream port that is not served. */
    public static final int NOT_SERVED = -1;

    private final int port;
    private final int requestThreads;
    private final int queuedConnections;
    private final long maxRequestBytes;
    private final int requestTimeoutMillis;
    private final int keepAliveMillis;
    private final List<Class<?>> services;
    private final Set<Class<?>> plainSoapServices;
    private final StoreLimits storeLimits;
    private final long purgeIntervalMillis;
    private final String streamBindHost;
    private final String advertisedHost;
    private final int tcpPort;
    private final int udpPort;

    private ServerSettings(Values values) {
        requirePort(values.port, "HTTP port", false);
        requirePort(values.tcpPort, "TCP stream port", true);
        requirePort(values.udpPort, "UDP stream port", true);
        if (values.requestThreads < 1 || values.queuedConnections < 1 || values.maxRequestBytes < 1
                || values.requestTimeoutMillis < 1 || values.keepAliveMillis < 1 || values.purgeIntervalMillis < 1) {
            throw new IllegalArgumentException("threads, queue, request size, timeouts and purge interval must be "
                    + "positive");
        }
        this.port = values.port;
        this.requestThreads = values.requestThreads;
        this.queuedConnections = values.queuedConnections;
        this.maxRequestBytes = values.maxRequestBytes;
        this.requestTimeoutMillis = values.requestTimeoutMillis;
        this.keepAliveMillis = values.keepAliveMillis;
        this.services = Collections.unmodifiableList(new ArrayList<>(values.services));
        this.plainSoapServices = Collections.unmodifiableSet(new HashSet<>(values.plainSoapServices));
        this.storeLimits = Objects.requireNonNull(values.storeLimits, "storeLimits");
        this.purgeIntervalMillis = values.purgeIntervalMillis;
        this.streamBindHost = Objects.requireNonNull(values.streamBindHost, "streamBindHost");
        this.advertisedHost = values.advertisedHost;
        this.tcpPort = values.tcpPort;
        this.udpPort = values.udpPort;
    }

    private static void requirePort(int value, String name, boolean mayBeOff) {
        if (value > 65_535 || value < (mayBeOff ? NOT_SERVED : 0)) {
            throw new IllegalArgumentException(name + " out of range: " + value);
        }
    }

    /**
     * HTTP port 8080; 16 request threads and 64 queued connections; requests up to 4 MiB, each read within
     * 20 s; connections kept alive for 5 s between requests, closed at once when others wait for a thread;
     * StringConcat, FloatSum and PointsOfInterest with HHFR; the store's default limits, purged every 30 s;
     * TCP and UDP streams on free ports of every interface, handed out under the address each client reached
     * the server at.
     */
    public static ServerSettings defaults() {
        Values values = new Values();
        values.port = 8080;
        values.requestThreads = 16;
        values.queuedConnections = 64;
        values.maxRequestBytes = 4L << 20;
        values.requestTimeoutMillis = 20_000;
        values.keepAliveMillis = 5_000;
        values.services = Arrays.<Class<?>>asList(StringConcat.class, FloatSum.class, PointsOfInterest.class);
        values.plainSoapServices = Collections.<Class<?>>emptySet();
        values.storeLimits = StoreLimits.defaults();
        values.purgeIntervalMillis = 30_000;
        values.streamBindHost = "0.0.0.0";
        values.advertisedHost = null;
        values.tcpPort = 0;
        values.udpPort = 0;
        return new ServerSettings(values);
    }

    /** 0 binds a free port; {@link HhfrServer#port()} tells which. */
    public ServerSettings withPort(int value) {
        Values values = values();
        values.port = value;
        return new ServerSettings(values);
    }

    /** Each open connection holds one thread until it closes or idles out; streamed calls use as many. */
    public ServerSettings withRequestThreads(int value) {
        Values values = values();
        values.requestThreads = value;
        return new ServerSettings(values);
    }

    /** Connections waiting for a request thread; one more is answered 503 and closed. */
    public ServerSettings withQueuedConnections(int value) {
        Values values = values();
        values.queuedConnections = value;
        return new ServerSettings(values);
    }

    public ServerSettings withMaxRequestBytes(long value) {
        Values values = values();
        values.maxRequestBytes = value;
        return new ServerSettings(values);
    }

    /** How long reading one request may stall. */
    public ServerSettings withRequestTimeoutMillis(int value) {
        Values values = values();
        values.requestTimeoutMillis = value;
        return new ServerSettings(values);
    }

    /** How long a connection may idle between requests (it holds a request thread meanwhile). */
    public ServerSettings withKeepAliveMillis(int value) {
        Values values = values();
        values.keepAliveMillis = value;
        return new ServerSettings(values);
    }

    /** Deploys these POJO classes (public no-argument constructor; service named after the simple class name). */
    public ServerSettings withServices(List<Class<?>> value) {
        Values values = values();
        values.services = value;
        return new ServerSettings(values);
    }

    /** These services run without the HHFR module: plain SOAP only, as any Axis2 service. */
    public ServerSettings withPlainSoap(Set<Class<?>> value) {
        Values values = values();
        values.plainSoapServices = value;
        return new ServerSettings(values);
    }

    public ServerSettings withStoreLimits(StoreLimits value) {
        Values values = values();
        values.storeLimits = value;
        return new ServerSettings(values);
    }

    /**
     * Where streams are served: the address to bind ({@code 0.0.0.0} for every interface), the host name or
     * address negotiation answers hand to clients ({@code null}: the address each client reached the server
     * at, right unless a proxy or NAT is in between), and the TCP and UDP ports (0: a free port,
     * {@link #NOT_SERVED}: that transport is off, so offers for it are declined).
     */
    public ServerSettings withStreams(String bindHost, String clientsUse, int tcp, int udp) {
        Values values = values();
        values.streamBindHost = bindHost;
        values.advertisedHost = clientsUse;
        values.tcpPort = tcp;
        values.udpPort = udp;
        return new ServerSettings(values);
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

    public int keepAliveMillis() {
        return keepAliveMillis;
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

    private Values values() {
        Values values = new Values();
        values.port = port;
        values.requestThreads = requestThreads;
        values.queuedConnections = queuedConnections;
        values.maxRequestBytes = maxRequestBytes;
        values.requestTimeoutMillis = requestTimeoutMillis;
        values.keepAliveMillis = keepAliveMillis;
        values.services = services;
        values.plainSoapServices = plainSoapServices;
        values.storeLimits = storeLimits;
        values.purgeIntervalMillis = purgeIntervalMillis;
        values.streamBindHost = streamBindHost;
        values.advertisedHost = advertisedHost;
        values.tcpPort = tcpPort;
        values.udpPort = udpPort;
        return values;
    }

    /** The settings while one is being changed; checked when made into {@link ServerSettings}. */
    private static final class Values {
        int port;
        int requestThreads;
        int queuedConnections;
        long maxRequestBytes;
        int requestTimeoutMillis;
        int keepAliveMillis;
        List<Class<?>> services;
        Set<Class<?>> plainSoapServices;
        StoreLimits storeLimits;
        long purgeIntervalMillis;
        String streamBindHost;
        String advertisedHost;
        int tcpPort;
        int udpPort;
    }
}
