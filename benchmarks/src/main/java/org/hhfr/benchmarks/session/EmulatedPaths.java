package org.hhfr.benchmarks.session;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.EnumMap;
import java.util.Map;
import javax.net.ssl.SSLSocketFactory;

import org.hhfr.benchmarks.session.network.Traffic;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.HhfrException;
import org.hhfr.client.Mode;
import org.hhfr.client.Operation;
import org.hhfr.client.WsdlOperations;

/**
 * The servers as a client behind {@code hhfr-link} reaches them: straight across the link, at the host's address
 * on the link's far side and the ports the servers listen on (the stream ports come in the answers). A session's
 * link counts what the namespace's device carried from its opening (see {@link NamespaceCounters}); the streams
 * cross the same device, so nothing is counted apart. Each time the link is found quiet, it is asked to start its
 * traces again at its next packet ({@link LinkControl}): a session, which starts on a quiet link, meets a
 * trace-driven link's traces from their start, as its lower bound reckons ({@link NetworkProfile#lowerBoundMillis}).
 */
final class EmulatedPaths implements ServerPaths {
    private final String host;
    private final int httpPort;
    private final int grpcPort;
    private final int restPort;
    private final NamespaceCounters counters;
    private final LinkControl control;
    private final Map<SessionWorkload, Operation> operations = new EnumMap<>(SessionWorkload.class);

    EmulatedPaths(String host, int httpPort, int grpcPort, int restPort, NamespaceCounters counters,
            LinkControl control) {
        this.host = host;
        this.httpPort = httpPort;
        this.grpcPort = grpcPort;
        this.restPort = restPort;
        this.counters = counters;
        this.control = control;
    }

    /** Fetched across the link once per service, outside any measured session. */
    @Override
    public synchronized Operation operation(SessionWorkload workload) throws HhfrException {
        Operation known = operations.get(workload);
        if (known == null) {
            InetSocketAddress http = new InetSocketAddress(host, httpPort);
            try (HhfrClient client = HhfrClient.builder(serviceUrl(http, workload)).preferredModes(Mode.SOAP).build()) {
                known = WsdlOperations.fetch(client).operation(workload.operation());
            }
            IdleHttpConnections.close(http);
            operations.put(workload, known);
        }
        return known;
    }

    @Override
    public SessionLink openLink() throws IOException {
        return new CountedLink(new InetSocketAddress(host, httpPort));
    }

    @Override
    public SessionLink openHttpsLink() throws IOException {
        throw new IOException("the encrypted modes run over the relays only, not across an emulated link");
    }

    @Override
    public SessionLink openGrpcLink() throws IOException {
        return new CountedLink(new InetSocketAddress(host, grpcPort));
    }

    @Override
    public SessionLink openRestLink() throws IOException {
        return new CountedLink(new InetSocketAddress(host, restPort));
    }

    @Override
    public Traffic.Counts streamTraffic() {
        return new Traffic.Counts(0, 0);
    }

    @Override
    public int streamConnections() {
        return 0;
    }

    /** A quiet reading, after which the link's next packet, the start of what comes next, restarts its traces. */
    private NamespaceCounters.Reading quiet() throws IOException {
        NamespaceCounters.Reading reading = counters.quiet();
        control.restartTracesAtNextPacket();
        return reading;
    }

    private static String serviceUrl(InetSocketAddress server, SessionWorkload workload) {
        return "http://" + server.getHostString() + ":" + server.getPort() + "/axis2/services/" + workload.service();
    }

    /** The link from a quiet moment on; closing it closes the JDK's kept-alive connections to its server. */
    private final class CountedLink implements SessionLink {
        private final InetSocketAddress server;
        private final NamespaceCounters.Reading opened;

        CountedLink(InetSocketAddress server) throws IOException {
            this.server = server;
            this.opened = quiet();
        }

        @Override
        public SSLSocketFactory trust() {
            return null;
        }

        @Override
        public String serviceUrl(SessionWorkload workload) {
            return EmulatedPaths.serviceUrl(server, workload);
        }

        @Override
        public InetSocketAddress address() {
            return server;
        }

        /** Waits until the link is quiet, so a session's tail is counted with it. */
        @Override
        public Traffic.Counts traffic() {
            return since().bytes();
        }

        @Override
        public Traffic.Counts packets() {
            return since().packets();
        }

        @Override
        public int connections() {
            return (int) since().connections();
        }

        private NamespaceCounters.Reading since() {
            try {
                return quiet().minus(opened);
            } catch (IOException e) {
                throw new IllegalStateException("the link's counters cannot be read: " + e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            IdleHttpConnections.close(server);
        }
    }
}
