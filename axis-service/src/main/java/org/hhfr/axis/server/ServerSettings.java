package org.hhfr.axis.server;

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
 * endpoints (where they bind, which host clients are told to use). Made by {@link #builder()}, which starts
 * from the defaults.
 *
 * @param port                 the HTTP port; 0 binds a free port ({@link HhfrServer#port()} tells which)
 * @param requestThreads       each open connection holds one thread until it closes or idles out; streamed
 *                             calls use as many
 * @param queuedConnections    connections waiting for a request thread; one more is answered 503 and closed
 * @param maxRequestBytes      the largest request body
 * @param requestTimeoutMillis how long reading one request may stall
 * @param keepAliveMillis      how long a connection may idle between requests (it holds a request thread)
 * @param services             the POJO classes deployed (public no-argument constructor; each service is named
 *                             after its simple class name)
 * @param plainSoapServices    the services that run without the HHFR module: plain SOAP only
 * @param storeLimits          the context store's limits
 * @param purgeIntervalMillis  how often expired sessions are purged
 * @param streamBindHost       the address streams bind ({@code 0.0.0.0}: every interface)
 * @param advertisedHost       the host negotiation answers hand to clients; {@code null}: the address each
 *                             client reached the server at, right unless a proxy or NAT is in between
 * @param tcpPort              the TCP stream port: 0 a free port, {@link #NOT_SERVED} off
 * @param udpPort              the UDP stream port: 0 a free port, {@link #NOT_SERVED} off
 */
public record ServerSettings(int port, int requestThreads, int queuedConnections, long maxRequestBytes,
        int requestTimeoutMillis, int keepAliveMillis, List<Class<?>> services, Set<Class<?>> plainSoapServices,
        StoreLimits storeLimits, long purgeIntervalMillis, String streamBindHost, String advertisedHost,
        int tcpPort, int udpPort) {
    /** A stream port that is not served: offers for that transport are declined. */
    public static final int NOT_SERVED = -1;

    public ServerSettings {
        requirePort(port, "HTTP port", false);
        requirePort(tcpPort, "TCP stream port", true);
        requirePort(udpPort, "UDP stream port", true);
        if (requestThreads < 1 || queuedConnections < 1 || maxRequestBytes < 1 || requestTimeoutMillis < 1
                || keepAliveMillis < 1 || purgeIntervalMillis < 1) {
            throw new IllegalArgumentException("threads, queue, request size, timeouts and purge interval must be "
                    + "positive");
        }
        services = List.copyOf(services);
        plainSoapServices = Set.copyOf(plainSoapServices);
        Objects.requireNonNull(storeLimits, "storeLimits");
        Objects.requireNonNull(streamBindHost, "streamBindHost");
    }

    private static void requirePort(int value, String name, boolean mayBeOff) {
        if (value > 65_535 || value < (mayBeOff ? NOT_SERVED : 0)) {
            throw new IllegalArgumentException(name + " out of range: " + value);
        }
    }

    /**
     * Settings starting from the defaults: HTTP port 8080; 16 request threads and 64 queued connections;
     * requests up to 4 MiB, each read within 20 s; connections kept alive for 5 s between requests, closed at
     * once when others wait for a thread; StringConcat, FloatSum and PointsOfInterest with HHFR; the store's
     * default limits, purged every 30 s; TCP and UDP streams on free ports of every interface, handed out
     * under the address each client reached the server at.
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Whether the HHFR module is engaged on {@code service}. */
    public boolean hhfrEnabled(Class<?> service) {
        return !plainSoapServices.contains(service);
    }

    public boolean servesStreams() {
        return tcpPort != NOT_SERVED || udpPort != NOT_SERVED;
    }

    /** Collects {@link ServerSettings}; checked by {@link #build()}. The parameters are the record's. */
    public static final class Builder {
        private int port = 8080;
        private int requestThreads = 16;
        private int queuedConnections = 64;
        private long maxRequestBytes = 4L << 20;
        private final int requestTimeoutMillis = 20_000;
        private int keepAliveMillis = 5_000;
        private final List<Class<?>> services = List.of(StringConcat.class, FloatSum.class, PointsOfInterest.class);
        private Set<Class<?>> plainSoapServices = Set.of();
        private final StoreLimits storeLimits = StoreLimits.defaults();
        private final long purgeIntervalMillis = 30_000;
        private String streamBindHost = "0.0.0.0";
        private String advertisedHost;
        private int tcpPort;
        private int udpPort;

        private Builder() {
        }

        public Builder port(int value) {
            port = value;
            return this;
        }

        public Builder requestThreads(int value) {
            requestThreads = value;
            return this;
        }

        public Builder queuedConnections(int value) {
            queuedConnections = value;
            return this;
        }

        public Builder maxRequestBytes(long value) {
            maxRequestBytes = value;
            return this;
        }

        public Builder keepAliveMillis(int value) {
            keepAliveMillis = value;
            return this;
        }

        public Builder plainSoapServices(Set<Class<?>> value) {
            plainSoapServices = value;
            return this;
        }

        /** Where streams are served and under which host clients are told to reach them. */
        public Builder streams(String bindHost, String clientsUse, int tcp, int udp) {
            streamBindHost = bindHost;
            advertisedHost = clientsUse;
            tcpPort = tcp;
            udpPort = udp;
            return this;
        }

        public ServerSettings build() {
            return new ServerSettings(port, requestThreads, queuedConnections, maxRequestBytes, requestTimeoutMillis,
                    keepAliveMillis, services, plainSoapServices, storeLimits, purgeIntervalMillis, streamBindHost,
                    advertisedHost, tcpPort, udpPort);
        }
    }
}
