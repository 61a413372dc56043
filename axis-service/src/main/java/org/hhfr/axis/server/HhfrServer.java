package org.hhfr.axis.server;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.deployment.util.Utils;
import org.apache.axis2.description.AxisModule;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.Parameter;
import org.apache.axis2.engine.AxisConfiguration;
import org.hhfr.axis.module.HhfrModule;
import org.hhfr.axis.module.HhfrNegotiation;
import org.hhfr.axis.module.ModuleRuntime;
import org.hhfr.axis.stream.ServiceStreamDispatcher;
import org.hhfr.negotiation.HhfrUris;

/**
 * Apache Axis2 2.0.0, embedded and started from code, serving SOAP 1.1 and 1.2 at
 * {@code http://HOST:PORT/axis2/services/NAME} (https with a key store) with the HHFR module: either the configured
 * POJO services with no repository on disk (the module engaged on each service not configured as plain SOAP), or an
 * Axis2 repository's services (engaged as its axis2.xml and services.xml say). The module is Axis2's own road: its
 * {@code module.xml}, and its init starting the Netty TCP and UDP stream endpoints over the negotiation's context
 * store, their messages dispatched to the same services. REST is off (a request without SOAPAction is still SOAP) and
 * faults never carry stack traces, unless a repository's own axis2.xml says otherwise; requests are bounded in size
 * and served by a fixed thread pool. {@link #close()} stops everything it started.
 */
public final class HhfrServer implements AutoCloseable {
    private final ConfigurationContext context;
    private final HttpListener listener;
    private final List<String> serviceNames;

    private HhfrServer(ConfigurationContext context, HttpListener listener, List<String> serviceNames) {
        this.context = context;
        this.listener = listener;
        this.serviceNames = Collections.unmodifiableList(serviceNames);
    }

    /**
     * Deploys the services, starts the HHFR module (the stream endpoints) and starts listening for SOAP. With
     * the sample services, a module that cannot start fails the server; with a repository, it leaves the
     * services on plain SOAP ({@link #moduleFailure()} says why), as in any Axis2.
     *
     * @throws IOException if Axis2 cannot be configured or a port cannot be bound
     */
    public static HhfrServer start(ServerSettings settings) throws IOException {
        ConfigurationContext context = ConfigurationContextFactory.createConfigurationContext(
                settings.repository() == null ? new RepositoryFreeConfigurator(settings.moduleParameters())
                        : RepositoryConfigurator.of(settings.repository(), settings.moduleParameters()));
        try {
            AxisConfiguration configuration = context.getAxisConfiguration();
            if (settings.repository() == null && HhfrModule.runtime(context) == null) {
                throw new IOException(HhfrModule.failure(context));
            }
            if (settings.repository() == null || RepositoryConfigurator.axis2Xml(settings.repository()) == null) {
                configuration.addParameter(new Parameter("disableREST", "true"));
                configuration.addParameter(new Parameter("sendStacktraceDetailsWithFaults", "false"));
            }
            HttpListener listener = new HttpListener(context, new GuardedHttpFactory(context, settings,
                    settings.https() == null ? null : settings.https().sslContext()));
            if (settings.https() != null) {
                // Served over HTTPS only (the factory has read the http receiver's settings): no address is
                // published for a plain http receiver that never starts, and the services' WSDL ports and
                // bindings are made for https, the one receiver.
                configuration.getTransportsIn().remove(Constants.TRANSPORT_HTTP);
                configuration.addTransportIn(listener.description());
            }
            List<String> names;
            if (settings.repository() == null) {
                names = deploy(settings, configuration);
            } else {
                names = new ArrayList<>(configuration.getServices().keySet());
                Collections.sort(names);
                if (settings.https() != null) {
                    republishOverHttps(configuration);
                }
            }
            listener.start();
            return new HhfrServer(context, listener, names);
        } catch (IOException | RuntimeException e) {
            context.terminate();
            throw e;
        }
    }

    /**
     * The repository's services were deployed with the receivers of its axis2.xml, so their WSDL has ports and
     * bindings for http only, which is not served: each gets its https ones (and the stream endpoints' policy on
     * them, where the HHFR module is engaged).
     */
    private static void republishOverHttps(AxisConfiguration configuration) throws AxisFault {
        for (AxisService service : configuration.getServices().values()) {
            if (service.isClientSide() || service.getEndpoints().isEmpty()) {
                continue;
            }
            Utils.addEndpointsToService(service, configuration);
            HhfrModule.advertiseStreamEndpointsOn(service);
        }
    }

    /** Deploys the POJO services, engaging the module on each that is not plain SOAP. */
    private static List<String> deploy(ServerSettings settings, AxisConfiguration configuration) throws AxisFault {
        AxisModule module = configuration.getModule(HhfrModule.NAME);
        List<String> names = new ArrayList<>();
        for (Class<?> pojo : settings.services()) {
            AxisService service = AxisService.createService(pojo.getName(), configuration);
            configuration.addService(service);
            if (settings.hhfrEnabled(pojo)) {
                service.engageModule(module);
            }
            names.add(service.getName());
        }
        return names;
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
        return listener.scheme() + "://" + host + ":" + port() + "/axis2/services/" + serviceName;
    }

    /** The bound port of a stream transport, or -1 when it is not served. */
    public int streamPort(String transportUri) {
        ModuleRuntime runtime = HhfrModule.runtime(context);
        return runtime == null ? -1 : runtime.streamPort(transportUri);
    }

    /** The bound port of the admin endpoint (metrics and health), or -1 when it is not served. */
    public int adminPort() {
        ModuleRuntime runtime = HhfrModule.runtime(context);
        return runtime == null ? -1 : runtime.adminPort();
    }

    /**
     * Bytes the TCP stream connections hold in partial frames now; never more than the module's
     * {@code maxBufferedFrameBytes}.
     */
    public long bufferedFrameBytes() {
        return running().bufferedFrameBytes();
    }

    /** Why the HHFR module is not running, or {@code null} when it is. */
    public String moduleFailure() {
        return HhfrModule.failure(context);
    }

    /** The negotiation state: the context store of sessions, and stream admission. */
    public HhfrNegotiation negotiation() {
        return running().negotiation();
    }

    /**
     * Where the stream endpoints hand an admitted session's decoded requests: they reach the same service
     * methods as SOAP calls (see {@link ServiceStreamDispatcher}).
     */
    public ServiceStreamDispatcher streamDispatcher() {
        return running().streamDispatcher();
    }

    private ModuleRuntime running() {
        ModuleRuntime runtime = HhfrModule.runtime(context);
        if (runtime == null) {
            throw new IllegalStateException(moduleFailure() == null ? "the server is stopped" : moduleFailure());
        }
        return runtime;
    }

    /**
     * Whether a session negotiated over this server's SOAP endpoint may stream over {@code transport}: over HTTPS
     * always (the TCP stream has the HTTPS key), over plain HTTP when the module advertises it there.
     */
    private boolean granted(String transport) {
        ModuleRuntime runtime = HhfrModule.runtime(context);
        return listener.scheme().equals(Constants.TRANSPORT_HTTPS) || runtime == null
                || runtime.advertisedEndpoints().stream()
                        .anyMatch(endpoint -> endpoint.transportUri().equals(transport));
    }

    /** Axis2's context, for deploying more services or calling the engine directly. */
    public ConfigurationContext axisContext() {
        return context;
    }

    /**
     * What a person starting the server needs to know: service and WSDL URLs (and, for a service without the
     * HHFR module, that it is plain SOAP), stream endpoints, the admin endpoint, and why the module is not
     * running if it is not.
     */
    public List<String> describe(String host) {
        List<String> lines = new ArrayList<>();
        for (String name : serviceNames) {
            lines.add(String.format("%-17s %s   (WSDL: %s?wsdl)%s", name, serviceUrl(host, name),
                    serviceUrl(host, name), engaged(name) ? "" : "   plain SOAP (hhfr not engaged)"));
        }
        if (moduleFailure() != null) {
            lines.add(moduleFailure());
        }
        ModuleRuntime runtime = HhfrModule.runtime(context);
        String storeProblem = runtime == null ? null : runtime.storeProblem();
        if (storeProblem != null) {
            lines.add(String.format("%-17s %s: negotiations are declined (clients stay on SOAP) until it answers",
                    "warning", storeProblem));
        }
        for (String transport : new String[] {HhfrUris.TRANSPORT_TCP, HhfrUris.TRANSPORT_UDP}) {
            int streamPort = streamPort(transport);
            lines.add(String.format("%-17s %s", "stream " + transport.substring(transport.lastIndexOf(':') + 1),
                    streamPort < 0 ? "not served" : "port " + streamPort
                            + (granted(transport) ? "" : ", granted to no session: sessions over plain HTTP"
                                    + " stream encrypted, and TCP streams have no TLS key (streamKeystore)")));
        }
        if (adminPort() >= 0) {
            lines.add(String.format("%-17s port %d: /metrics, /health/ready, /health/live", "admin", adminPort()));
        }
        return lines;
    }

    private boolean engaged(String serviceName) {
        try {
            AxisConfiguration configuration = context.getAxisConfiguration();
            AxisService service = configuration.getService(serviceName);
            AxisModule module = configuration.getModule(HhfrModule.NAME);
            return service != null && module != null && service.isEngaged(module);
        } catch (AxisFault stopped) {
            return false;
        }
    }

    /**
     * Stops accepting and shuts Axis2 down, which shuts the module down (streams ended, sessions closed).
     * Safe to call twice.
     */
    @Override
    public synchronized void close() {
        listener.stop();
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
