package org.hhfr.axis.server;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.description.AxisModule;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.engine.AxisConfiguration;
import org.hhfr.axis.module.AxisSchemaSource;
import org.hhfr.axis.module.HhfrModule;
import org.hhfr.axis.module.HhfrNegotiation;
import org.hhfr.axis.module.ServedStreams;
import org.hhfr.axis.stream.ServiceStreamDispatcher;
import org.hhfr.axis.stream.AxisStreamDispatcher;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.streamer.Representations;

/**
 * Apache Axis2 2.0.0, embedded and started from code with no repository on disk, serving the configured POJO
 * services over SOAP 1.1 and 1.2 at {@code http://HOST:PORT/axis2/services/NAME}, with the HHFR module
 * engaged on each service not configured as plain SOAP, and the Netty TCP and UDP stream endpoints started
 * once over the same context store, their messages dispatched to the same service methods. REST is off (a
 * request without SOAPAction is still SOAP), faults never carry stack traces, requests are bounded in size
 * and served by a fixed thread pool. {@link #close()} stops everything it started.
 */
public final class HhfrServer implements AutoCloseable {
    /** Serves no stream: offers are declined ("no common transport") and clients stay on SOAP. */
    private static final ServedStreams NO_STREAMS = reachedAddress -> transportUri -> null;

    private final ConfigurationContext context;
    private final HttpListener listener;
    private final HhfrNegotiation negotiation;
    private final RunningStreams streams;
    private final List<String> serviceNames;
    private final ServiceStreamDispatcher streamDispatcher;

    private HhfrServer(ConfigurationContext context, HttpListener listener, HhfrNegotiation negotiation,
                       RunningStreams streams, List<String> serviceNames, ServiceStreamDispatcher streamDispatcher) {
        this.context = context;
        this.listener = listener;
        this.negotiation = negotiation;
        this.streams = streams;
        this.serviceNames = Collections.unmodifiableList(serviceNames);
        this.streamDispatcher = streamDispatcher;
    }

    /**
     * Deploys the services, starts the stream endpoints and starts listening for SOAP.
     *
     * @throws IOException if Axis2 cannot be configured or a port cannot be bound
     */
    public static HhfrServer start(ServerSettings settings) throws IOException {
        ConfigurationContext context = ConfigurationContextFactory.createConfigurationContext(
                new RepositoryFreeConfigurator());
        ContextStore store = new InMemoryContextStore(settings.storeLimits(), MonotonicClock.SYSTEM,
                TokenGenerator.secure());
        ServiceStreamDispatcher streamDispatcher = new ServiceStreamDispatcher(context);
        RunningStreams streams = null;
        HhfrNegotiation negotiation = null;
        try {
            AxisConfiguration configuration = context.getAxisConfiguration();
            configuration.addParameter(new Parameter("disableREST", "true"));
            configuration.addParameter(new Parameter("sendStacktraceDetailsWithFaults", "false"));
            if (settings.servesStreams()) {
                streams = RunningStreams.start(settings, store,
                        new AxisStreamDispatcher(streamDispatcher, Representations.standard()));
            }
            negotiation = new HhfrNegotiation(store, settings.purgeIntervalMillis(),
                    streams == null ? NO_STREAMS : streams, new AxisSchemaSource(configuration));
            AxisModule module = HhfrModule.register(configuration, negotiation);
            List<String> names = new ArrayList<>();
            for (Class<?> pojo : settings.services()) {
                AxisService service = AxisService.createService(pojo.getName(), configuration);
                configuration.addService(service);
                if (settings.hhfrEnabled(pojo)) {
                    HhfrModule.engage(service, module);
                }
                names.add(service.getName());
            }
            HttpListener listener = new HttpListener(context, new GuardedHttpFactory(context, settings));
            listener.start();
            return new HhfrServer(context, listener, negotiation, streams, names, streamDispatcher);
        } catch (IOException | RuntimeException e) {
            if (streams != null) {
                streams.close();
            }
            if (negotiation != null) {
                negotiation.close();
            } else {
                store.close();
            }
            context.terminate();
            throw e;
        }
    }

    /** The port accepting SOAP requests. */
    public int port() {
        try {
            return listener.port();
        } catch (AxisFault e) {
            throw new IllegalStateException("the server is stopped", e);
        }
    }

    /** The names of the deployed services, in deployment order. */
    public List<String> serviceNames() {
        return serviceNames;
    }

    /** The SOAP endpoint of a service, addressed by {@code host} (e.g. {@code localhost}). */
    public String serviceUrl(String host, String serviceName) {
        return "http://" + host + ":" + port() + "/axis2/services/" + serviceName;
    }

    /** The bound port of a stream transport, or -1 when it is not served. */
    public int streamPort(String transportUri) {
        return streams == null ? -1 : streams.port(transportUri);
    }

    /** The negotiation state: the context store of sessions, and stream admission. */
    public HhfrNegotiation negotiation() {
        return negotiation;
    }

    /**
     * Where the stream endpoints hand an admitted session's decoded requests: they reach the same service
     * methods as SOAP calls (see {@link ServiceStreamDispatcher}).
     */
    public ServiceStreamDispatcher streamDispatcher() {
        return streamDispatcher;
    }

    /** Axis2's context, for deploying more services or calling the engine directly. */
    public ConfigurationContext axisContext() {
        return context;
    }

    /** What a person starting the server needs to know: service and WSDL URLs, stream endpoints. */
    public List<String> describe(String host) {
        List<String> lines = new ArrayList<>();
        for (String name : serviceNames) {
            lines.add(String.format("%-17s %s   (WSDL: %s?wsdl)", name, serviceUrl(host, name),
                    serviceUrl(host, name)));
        }
        for (String transport : new String[] {HhfrUris.TRANSPORT_TCP, HhfrUris.TRANSPORT_UDP}) {
            int streamPort = streamPort(transport);
            lines.add(String.format("%-17s %s", "stream " + transport.substring(transport.lastIndexOf(':') + 1),
                    streamPort < 0 ? "not served (clients stay on SOAP)" : "port " + streamPort));
        }
        return lines;
    }

    /** Stops accepting, ends the streams, closes the sessions, and shuts Axis2 down. Safe to call twice. */
    @Override
    public synchronized void close() {
        listener.stop();
        if (streams != null) {
            streams.close();
        }
        negotiation.close();
        try {
            context.terminate();
        } catch (AxisFault | RuntimeException e) {
            // already terminated
        }
    }

    /** {@code java org.hhfr.axis.server.HhfrServer [--port N]}: serves until interrupted (Ctrl-C). */
    public static void main(String[] args) throws IOException, InterruptedException {
        ConsoleLogging.quiet();
        int port = 8080;
        for (int i = 0; i < args.length; i++) {
            if ("--port".equals(args[i]) && i + 1 < args.length) {
                port = Integer.parseInt(args[++i]);
            } else {
                System.err.println("usage: HhfrServer [--port N]");
                System.exit(2);
            }
        }
        HhfrServer server = start(ServerSettings.builder().port(port).build());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "hhfr-shutdown"));
        System.out.println("HHFR server on port " + server.port());
        for (String line : server.describe("localhost")) {
            System.out.println("  " + line);
        }
        stopped.await();
    }
}
