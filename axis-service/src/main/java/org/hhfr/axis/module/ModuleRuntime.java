package org.hhfr.axis.module;

import java.io.IOException;
import java.util.Collections;
import java.util.List;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.apache.axis2.context.ConfigurationContext;
import org.hhfr.axis.admin.AdminServer;
import org.hhfr.axis.admin.AdminSettings;
import org.hhfr.axis.admin.MeteredContextStore;
import org.hhfr.axis.admin.NegotiationMeters;
import org.hhfr.axis.admin.NodeMeters;
import org.hhfr.axis.admin.Readiness;
import org.hhfr.axis.admin.StreamServerMeters;
import org.hhfr.axis.stream.AxisStreamDispatcher;
import org.hhfr.axis.stream.ServiceStreamDispatcher;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.negotiation.description.AdvertisedEndpoint;
import org.hhfr.contextstore.redis.RedisContextStore;
import org.hhfr.streamer.Representations;

/**
 * What the HHFR module runs for one Axis2 {@link ConfigurationContext}: the context store and negotiation
 * shared by every service the module is engaged on, the TCP and UDP stream listeners over the same store,
 * the dispatcher that hands streamed calls to the same services, the meters of all of them and, when
 * configured, the admin endpoint (metrics and health). Started by {@link HhfrModule#init},
 * closed by {@link HhfrModule#shutdown}.
 */
public final class ModuleRuntime implements AutoCloseable {
    /** Serves no stream: offers are declined ("no common transport") and clients stay on SOAP. */
    private static final ServedStreams NO_STREAMS = reached -> transportUri -> null;
    /** How long a readiness check waits for the context store. */
    private static final long READY_STORE_TIMEOUT_MILLIS = 1_000;

    private final HhfrNegotiation negotiation;
    private final RunningStreams streams;
    private final ServiceStreamDispatcher streamDispatcher;
    private final AdminServer admin;
    private final NodeMeters meters;

    private ModuleRuntime(HhfrNegotiation negotiation, RunningStreams streams,
                          ServiceStreamDispatcher streamDispatcher, AdminServer admin,
                          NodeMeters meters) {
        this.negotiation = negotiation;
        this.streams = streams;
        this.streamDispatcher = streamDispatcher;
        this.admin = admin;
        this.meters = meters;
    }

    /** @throws IOException when a stream port or the admin port cannot be bound */
    static ModuleRuntime start(ConfigurationContext context, ModuleSettings settings, AdminSettings adminSettings)
            throws IOException {
        ContextStore store = openStore(settings);
        NodeMeters meters = new NodeMeters();
        store = new MeteredContextStore(store, meters.registry());
        ServiceStreamDispatcher streamDispatcher = new ServiceStreamDispatcher(context);
        RunningStreams streams = null;
        AdminServer admin = null;
        try {
            if (settings.servesStreams()) {
                streams = RunningStreams.start(settings, store,
                        new AxisStreamDispatcher(streamDispatcher, Representations.standard()));
                new StreamServerMeters(streams.server()).bindTo(meters.registry());
            }
            if (adminSettings.serves()) {
                admin = AdminServer.start(adminSettings, meters.registry(), new Readiness(
                        streams == null ? null : streams.server(), store, READY_STORE_TIMEOUT_MILLIS));
            }
            HhfrNegotiation negotiation = new HhfrNegotiation(store, settings.purgeIntervalMillis(),
                    streams == null ? NO_STREAMS : streams, new AxisSchemaSource(context.getAxisConfiguration()),
                    settings.maxMessageBytes(), new NegotiationMeters(meters.registry()));
            return new ModuleRuntime(negotiation, streams, streamDispatcher, admin, meters);
        } catch (IOException | RuntimeException e) {
            if (admin != null) {
                admin.close();
            }
            if (streams != null) {
                streams.close();
            }
            store.close();
            meters.close();
            throw e;
        }
    }

    /**
     * The context store the settings name: this server's memory, or a Redis shared with other servers (its
     * client connects lazily, so a Redis that is down now only declines negotiations until it answers).
     */
    private static ContextStore openStore(ModuleSettings settings) {
        if (settings.redisStore() == null) {
            return new InMemoryContextStore(settings.storeLimits(), MonotonicClock.SYSTEM, TokenGenerator.secure());
        }
        return RedisContextStore.connect(settings.redisStore(), settings.storeLimits());
    }

    /** The negotiation state: the context store of sessions, and stream admission. */
    public HhfrNegotiation negotiation() {
        return negotiation;
    }

    /**
     * Why the context store cannot serve sessions now, in one line (it was asked within a second); {@code null}
     * when it answers.
     */
    public String storeProblem() {
        try (Readiness probe = new Readiness(null, negotiation.store(), READY_STORE_TIMEOUT_MILLIS)) {
            return probe.problem();
        }
    }

    /** The stream endpoints the services' WSDL advertises (none when no stream is served). */
    public List<AdvertisedEndpoint> advertisedEndpoints() {
        return streams == null ? Collections.<AdvertisedEndpoint>emptyList() : streams.advertised();
    }

    /** The bound port of a stream transport, or -1 when it is not served. */
    public int streamPort(String transportUri) {
        return streams == null ? -1 : streams.port(transportUri);
    }

    /**
     * Where the stream endpoints hand an admitted session's decoded requests: they reach the same service
     * methods as SOAP calls (see {@link ServiceStreamDispatcher}).
     */
    public ServiceStreamDispatcher streamDispatcher() {
        return streamDispatcher;
    }

    /** Bytes the TCP stream connections hold in partial frames now (at most {@code maxBufferedFrameBytes}). */
    public long bufferedFrameBytes() {
        return streams == null ? 0 : streams.server().bufferedFrameBytes();
    }

    /** The bound port of the admin endpoint (metrics and health), or -1 when it is not served. */
    public int adminPort() {
        return admin == null ? AdminSettings.NOT_SERVED : admin.port();
    }

    /** The module's meters: what the admin endpoint's {@code /metrics} shows. */
    public PrometheusMeterRegistry meters() {
        return meters.registry();
    }

    /** Stops the admin endpoint, ends the streams and closes the sessions. */
    @Override
    public void close() {
        if (admin != null) {
            admin.close();
        }
        if (streams != null) {
            streams.close();
        }
        negotiation.close();
        meters.close();
    }
}
