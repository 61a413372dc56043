package org.hhfr.axis.module;

import java.io.IOException;

import org.apache.axis2.context.ConfigurationContext;
import org.hhfr.axis.stream.AxisStreamDispatcher;
import org.hhfr.axis.stream.ServiceStreamDispatcher;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.streamer.Representations;

/**
 * What the HHFR module runs for one Axis2 {@link ConfigurationContext}: the context store and negotiation
 * shared by every service the module is engaged on, the TCP and UDP stream listeners over the same store,
 * and the dispatcher that hands streamed calls to the same services. Started by {@link HhfrModule#init},
 * closed by {@link HhfrModule#shutdown}.
 */
public final class ModuleRuntime implements AutoCloseable {
    /** Serves no stream: offers are declined ("no common transport") and clients stay on SOAP. */
    private static final ServedStreams NO_STREAMS = reachedAddress -> transportUri -> null;

    private final HhfrNegotiation negotiation;
    private final RunningStreams streams;
    private final ServiceStreamDispatcher streamDispatcher;

    private ModuleRuntime(HhfrNegotiation negotiation, RunningStreams streams,
                          ServiceStreamDispatcher streamDispatcher) {
        this.negotiation = negotiation;
        this.streams = streams;
        this.streamDispatcher = streamDispatcher;
    }

    /** @throws IOException when a stream port cannot be bound */
    static ModuleRuntime start(ConfigurationContext context, ModuleSettings settings) throws IOException {
        ContextStore store = new InMemoryContextStore(settings.storeLimits(), MonotonicClock.SYSTEM,
                TokenGenerator.secure());
        ServiceStreamDispatcher streamDispatcher = new ServiceStreamDispatcher(context);
        RunningStreams streams = null;
        try {
            if (settings.servesStreams()) {
                streams = RunningStreams.start(settings, store,
                        new AxisStreamDispatcher(streamDispatcher, Representations.standard()));
            }
            HhfrNegotiation negotiation = new HhfrNegotiation(store, settings.purgeIntervalMillis(),
                    streams == null ? NO_STREAMS : streams, new AxisSchemaSource(context.getAxisConfiguration()),
                    settings.maxMessageBytes());
            return new ModuleRuntime(negotiation, streams, streamDispatcher);
        } catch (IOException | RuntimeException e) {
            if (streams != null) {
                streams.close();
            }
            store.close();
            throw e;
        }
    }

    /** The negotiation state: the context store of sessions, and stream admission. */
    public HhfrNegotiation negotiation() {
        return negotiation;
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

    /** Ends the streams and closes the sessions. */
    @Override
    public void close() {
        if (streams != null) {
            streams.close();
        }
        negotiation.close();
    }
}
