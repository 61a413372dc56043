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
import org.hhfr.axis.stream.ServiceStreamDispatcher;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.HhfrUris;

/**
 * Apache Axis2 2.0.0, embedded and started from code with no repository on disk, serving the configured POJO
 * services over SOAP 1.1 and 1.2 at {@code http://HOST:PORT/axis2/services/NAME}, with the HHFR module
 * engaged on each service not configured as plain SOAP. REST is off (a request without SOAPAction is still
 * SOAP), faults never carry stack traces, requests are bounded in size and served by a fixed thread pool.
 * {@link #close()} stops everything it started.
 */
public final class HhfrServer implements AutoCloseable {
    private final ConfigurationContext context;
    private final HttpListener listener;
    private final HhfrNegotiation negotiation;
    private final ServerSettings settings;
    private final List<String> serviceNames;
    private final ServiceStreamDispatcher streamDispatcher;

    private HhfrServer(ConfigurationContext context, HttpListener listener, HhfrNegotiation negotiation,
                       ServerSettings settings, List<String> serviceNames) {
        this.context = context;
        this.listener = listener;
        this.negotiation = negotiation;
        this.settings = settings;
        this.serviceNames = Collections.unmodifiableList(serviceNames);
        this.streamDispatcher = new ServiceStreamDispatcher(context);
    }

    /**
     * Deploys the services and starts listening.
     *
     * @throws IOException if Axis2 cannot be configured or the port cannot be bound
     */
    public static HhfrServer start(ServerSettings settings) throws IOException {
        ConfigurationContext context = ConfigurationContextFactory.createConfigurationContext(
                new RepositoryFreeConfigurator());
        HhfrNegotiation negotiation = null;
        try {
            AxisConfiguration configuration = context.getAxisConfiguration();
            configuration.addParameter(new Parameter("disableREST", "true"));
            configuration.addParameter(new Parameter("sendStacktraceDetailsWithFaults", "false"));
            negotiation = new HhfrNegotiation(settings.storeLimits(), settings.purgeIntervalMillis(),
                    settings.streamEndpoints(), new AxisSchemaSource(configuration));
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
            return new HhfrServer(context, listener, negotiation, settings, names);
        } catch (AxisFault | RuntimeException e) {
            if (negotiation != null) {
                negotiation.close();
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

    /** The negotiation state: the context store of sessions, and stream admission for transports. */
    public HhfrNegotiation negotiation() {
        return negotiation;
    }

    /**
     * Where a stream transport hands an admitted session's decoded requests: they reach the same service
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
            StreamEndpoint endpoint = settings.streamEndpoints().endpointFor(transport);
            lines.add(String.format("%-17s %s", "stream " + transport.substring(transport.lastIndexOf(':') + 1),
                    endpoint == null ? "not served (clients fall back to SOAP)" : endpoint.toString()));
        }
        return lines;
    }

    /** Stops accepting, closes the sessions, and shuts Axis2 down. Safe to call more than once. */
    @Override
    public synchronized void close() {
        listener.stop();
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
        HhfrServer server = start(ServerSettings.defaults().withPort(port));
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
