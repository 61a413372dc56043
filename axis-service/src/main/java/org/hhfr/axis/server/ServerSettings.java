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
import org.hhfr.negotiation.server.StreamEndpoints;

/**
 * How an {@link HhfrServer} runs: its port, the HTTP worker pool and request limits, the POJO services it
 * deploys (and which of them run without HHFR), the context store's limits and where streams are served.
 * Immutable; start from {@link #defaults()} and change with the {@code with...} methods.
 */
public final class ServerSettings {
    /** Serves no stream transport: every offer is declined with a reason and clients stay on SOAP. */
    public static final StreamEndpoints NO_STREAMS = transportUri -> null;

    private final int port;
    private final int requestThreads;
    private final int queuedConnections;
    private final long maxRequestBytes;
    private final int requestTimeoutMillis;
    private final List<Class<?>> services;
    private final Set<Class<?>> plainSoapServices;
    private final StoreLimits storeLimits;
    private final long purgeIntervalMillis;
    private final StreamEndpoints streamEndpoints;

    private ServerSettings(int port, int requestThreads, int queuedConnections, long maxRequestBytes,
                           int requestTimeoutMillis, List<Class<?>> services, Set<Class<?>> plainSoapServices,
                           StoreLimits storeLimits, long purgeIntervalMillis, StreamEndpoints streamEndpoints) {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
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
        this.streamEndpoints = Objects.requireNonNull(streamEndpoints, "streamEndpoints");
    }

    /**
     * Port 8080; 8 request threads and 64 queued connections; requests up to 4 MiB; an idle connection is
     * dropped after 20 s; StringConcat, FloatSum and PointsOfInterest with HHFR; the store's default limits,
     * purged every 30 s; no stream transport.
     */
    public static ServerSettings defaults() {
        return new ServerSettings(8080, 8, 64, 4L << 20, 20_000,
                Arrays.<Class<?>>asList(StringConcat.class, FloatSum.class, PointsOfInterest.class),
                Collections.<Class<?>>emptySet(), StoreLimits.defaults(), 30_000, NO_STREAMS);
    }

    /** 0 binds a free port; {@link HhfrServer#port()} tells which. */
    public ServerSettings withPort(int value) {
        return new ServerSettings(value, requestThreads, queuedConnections, maxRequestBytes, requestTimeoutMillis,
                services, plainSoapServices, storeLimits, purgeIntervalMillis, streamEndpoints);
    }

    /** Each open connection holds one thread until it closes or idles out. */
    public ServerSettings withRequestThreads(int value) {
        return new ServerSettings(port, value, queuedConnections, maxRequestBytes, requestTimeoutMillis,
                services, plainSoapServices, storeLimits, purgeIntervalMillis, streamEndpoints);
    }

    /** Connections waiting for a request thread; one more is answered 503 and closed. */
    public ServerSettings withQueuedConnections(int value) {
        return new ServerSettings(port, requestThreads, value, maxRequestBytes, requestTimeoutMillis,
                services, plainSoapServices, storeLimits, purgeIntervalMillis, streamEndpoints);
    }

    public ServerSettings withMaxRequestBytes(long value) {
        return new ServerSettings(port, requestThreads, queuedConnections, value, requestTimeoutMillis,
                services, plainSoapServices, storeLimits, purgeIntervalMillis, streamEndpoints);
    }

    public ServerSettings withRequestTimeoutMillis(int value) {
        return new ServerSettings(port, requestThreads, queuedConnections, maxRequestBytes, value,
                services, plainSoapServices, storeLimits, purgeIntervalMillis, streamEndpoints);
    }

    /** Deploys these POJO classes (public no-argument constructor; service named after the simple class name). */
    public ServerSettings withServices(List<Class<?>> value) {
        return new ServerSettings(port, requestThreads, queuedConnections, maxRequestBytes, requestTimeoutMillis,
                value, plainSoapServices, storeLimits, purgeIntervalMillis, streamEndpoints);
    }

    /** These services run without the HHFR module: plain SOAP only, as any Axis2 service. */
    public ServerSettings withPlainSoap(Set<Class<?>> value) {
        return new ServerSettings(port, requestThreads, queuedConnections, maxRequestBytes, requestTimeoutMillis,
                services, value, storeLimits, purgeIntervalMillis, streamEndpoints);
    }

    public ServerSettings withStoreLimits(StoreLimits value) {
        return new ServerSettings(port, requestThreads, queuedConnections, maxRequestBytes, requestTimeoutMillis,
                services, plainSoapServices, value, purgeIntervalMillis, streamEndpoints);
    }

    /** Where streams are served; the transports with an endpoint are the ones negotiation can choose. */
    public ServerSettings withStreamEndpoints(StreamEndpoints value) {
        return new ServerSettings(port, requestThreads, queuedConnections, maxRequestBytes, requestTimeoutMillis,
                services, plainSoapServices, storeLimits, purgeIntervalMillis, value);
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

    public StreamEndpoints streamEndpoints() {
        return streamEndpoints;
    }
}
