package org.hhfr.axis.server;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.google.auto.value.AutoBuilder;
import org.hhfr.axis.module.ModuleSettings;
import org.hhfr.axis.module.StreamSecurity;
import org.hhfr.axis.services.FloatSum;
import org.hhfr.axis.services.PointsOfInterest;
import org.hhfr.axis.services.StringConcat;
import org.jspecify.annotations.Nullable;

/**
 * How an {@link HhfrServer} runs: its HTTP port, the HTTP worker pool, request limits and timeouts, what it
 * serves (the POJO sample services, and which of them run without HHFR; or an Axis2 repository), and the HHFR
 * module's parameters it sets (see {@link ModuleSettings}). Made by {@link #builder()}, which starts from the
 * defaults.
 *
 * @param port                 the HTTP port; 0 binds a free port ({@link HhfrServer#port()} tells which)
 * @param requestThreads       each open connection holds one thread until it closes or idles out (streamed
 *                             calls have their own threads, the module's {@code dispatchThreads})
 * @param queuedConnections    connections waiting for a request thread; one more is answered 503 and closed
 * @param maxConnectionsPerAddress connections one client address (its {@code ClientAddressBlock}: an IPv6
 *                             client is its /64) may hold open (holding threads or waiting for one); one more
 *                             is answered 429 and closed
 * @param maxRequestBytes      the largest request body
 * @param requestTimeoutMillis how long a request's whole body may take to arrive once its head is read
 * @param keepAliveMillis      how long a connection may idle between requests (it holds a request thread)
 * @param services             the POJO classes deployed when there is no repository (public no-argument
 *                             constructor; each service is named after its simple class name)
 * @param plainSoapServices    the POJO services that run without the HHFR module: plain SOAP only
 * @param repository           an Axis2 repository to serve instead of the POJO services ({@code services/},
 *                             {@code modules/}, optional {@code axis2.xml} or {@code conf/axis2.xml}), or
 *                             {@code null}
 * @param moduleParameters     HHFR module parameters set over module.xml and axis2.xml (e.g. the stream ports)
 * @param https                the key store to serve HTTPS with (then every stream is encrypted, TCP ones with
 *                             the same key), or {@code null} for plain HTTP
 */
public record ServerSettings(int port, int requestThreads, int queuedConnections, int maxConnectionsPerAddress,
        long maxRequestBytes,
        int requestTimeoutMillis, int keepAliveMillis, List<Class<?>> services, Set<Class<?>> plainSoapServices,
        @Nullable Path repository, Map<String, String> moduleParameters, @Nullable HttpsKeyStore https) {
    /** A stream port that is not served: offers for that transport are declined. */
    public static final int NOT_SERVED = ModuleSettings.NOT_SERVED;

    public ServerSettings {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("HTTP port out of range: " + port);
        }
        if (requestThreads < 1 || queuedConnections < 1 || maxConnectionsPerAddress < 1 || maxRequestBytes < 1
                || requestTimeoutMillis < 1 || keepAliveMillis < 1) {
            throw new IllegalArgumentException(
                    "threads, queue, connections per address, request size and timeouts must be positive");
        }
        services = List.copyOf(services);
        plainSoapServices = Set.copyOf(plainSoapServices);
        moduleParameters = Map.copyOf(moduleParameters);
    }

    /**
     * Settings starting from the defaults: HTTP port 8080; 64 request threads and 64 queued connections, at most
     * 16 connections per client address; requests up to 4 MiB, each body read within 20 s; connections kept
     * alive for 5 s between requests, closed at once when others wait for a thread; StringConcat, FloatSum and
     * PointsOfInterest with HHFR; module.xml's session limits; TCP and UDP streams on free ports of every
     * interface, handed out under the address each client reached the server at. With a
     * {@link Builder#repository repository}, the repository's services and its module parameters, unless set
     * here.
     */
    public static Builder builder() {
        return new AutoBuilder_ServerSettings_Builder()
                .port(8080)
                .requestThreads(64)
                .queuedConnections(64)
                .maxConnectionsPerAddress(16)
                .maxRequestBytes(4L << 20)
                .requestTimeoutMillis(20_000)
                .keepAliveMillis(5_000)
                .services(List.of(StringConcat.class, FloatSum.class, PointsOfInterest.class))
                .plainSoapServices(Set.of());
    }

    /** Whether the HHFR module is engaged on {@code service}. */
    public boolean hhfrEnabled(Class<?> service) {
        return !plainSoapServices.contains(service);
    }

    /**
     * Collects {@link ServerSettings}; checked by {@link #build()}. The setters are the record's parameters; the
     * module parameters add up.
     */
    @AutoBuilder
    public abstract static class Builder {
        private final Map<String, String> moduleParameters = new LinkedHashMap<>();

        public abstract Builder port(int port);

        public abstract Builder requestThreads(int threads);

        public abstract Builder queuedConnections(int connections);

        public abstract Builder maxConnectionsPerAddress(int connections);

        public abstract Builder maxRequestBytes(long bytes);

        public abstract Builder requestTimeoutMillis(int millis);

        public abstract Builder keepAliveMillis(int millis);

        abstract Builder services(List<Class<?>> services);

        public abstract Builder plainSoapServices(Set<Class<?>> services);

        /** Serves this Axis2 repository instead of the sample services. */
        public abstract Builder repository(@Nullable Path directory);

        abstract Builder moduleParameters(Map<String, String> parameters);

        abstract @Nullable Path repository();

        /**
         * Serves HTTPS instead of HTTP with this key store's key, and encrypts every stream (TLS on TCP with the
         * same key, AES-GCM datagrams on UDP).
         */
        public abstract Builder https(@Nullable HttpsKeyStore keyStore);

        abstract @Nullable HttpsKeyStore https();

        abstract ServerSettings autoBuild();

        /**
         * Where streams are served and under which host clients are told to reach them ({@code null}: the
         * address each client reached the server at); a port 0 is a free one, {@link #NOT_SERVED} none.
         */
        public Builder streams(String bindHost, @Nullable String clientsUse, int tcp, int udp) {
            moduleParameters.put(ModuleSettings.STREAM_BIND_HOST, bindHost);
            moduleParameters.put(ModuleSettings.ADVERTISED_HOST, clientsUse == null ? "" : clientsUse);
            moduleParameters.put(ModuleSettings.TCP_PORT, String.valueOf(tcp));
            moduleParameters.put(ModuleSettings.UDP_PORT, String.valueOf(udp));
            return this;
        }

        /**
         * Where negotiated sessions are kept: {@code memory} (the default) or {@code redis://host[:port][/db]},
         * shared by every server that names the same Redis (the module parameter {@code contextStore}).
         */
        public Builder contextStore(String store) {
            moduleParameters.put(ModuleSettings.CONTEXT_STORE, store);
            return this;
        }

        /** Sets one HHFR module parameter (a {@link ModuleSettings} name) over module.xml and axis2.xml. */
        public Builder moduleParameter(String name, String value) {
            moduleParameters.put(name, value);
            return this;
        }

        public ServerSettings build() {
            Map<String, String> parameters = new LinkedHashMap<>(moduleParameters);
            if (repository() == null) {
                parameters.putIfAbsent(ModuleSettings.TCP_PORT, "0");
                parameters.putIfAbsent(ModuleSettings.UDP_PORT, "0");
            }
            if (https() != null) {
                parameters.put(StreamSecurity.KEYSTORE, https().file().toString());
                parameters.put(StreamSecurity.KEYSTORE_PASSWORD, https().password());
                parameters.put(StreamSecurity.CLEARTEXT_STREAMS, "false");
            }
            return moduleParameters(parameters).autoBuild();
        }
    }
}
