package org.hhfr.benchmarks.session;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocketFactory;

import org.hhfr.axis.server.HhfrServer;
import org.hhfr.benchmarks.session.network.LinkShape;
import org.hhfr.benchmarks.session.network.ShapedTcpRelay;
import org.hhfr.benchmarks.session.network.ShapedUdpRelay;
import org.hhfr.benchmarks.session.network.ToxiproxyServer;
import org.hhfr.benchmarks.session.network.Traffic;
import org.hhfr.benchmarks.session.rival.GrpcRivalServer;
import org.hhfr.benchmarks.session.rival.RestJsonServer;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.HhfrException;
import org.hhfr.client.Mode;
import org.hhfr.client.Operation;
import org.hhfr.client.WsdlOperations;

/**
 * The embedded HHFR server behind an emulated link, all on loopback. Clients only ever reach the server
 * through relays on 127.0.0.1: the stream endpoints are bound on 127.0.0.2 at the same port numbers as their
 * relays on 127.0.0.1 (the server hands out its own port, and 127.0.0.1 as the host), and each session gets a
 * fresh relay in front of the HTTP port, so no kept-alive connection outlives its session. TCP paths are
 * shaped by the relays themselves, or, when a Toxiproxy server is given, by a Toxiproxy proxy behind each
 * relay (which then only counts and delays connection set-up). UDP is always shaped by the relay. The rivals'
 * servers (gRPC-java and REST JSON, with the same service classes) listen on 127.0.0.2 and are reached the same
 * way as the HTTP port: through a fresh relay per session.
 */
public final class Testbed implements ServerPaths, AutoCloseable {
    private static final String CLIENT_HOST = "127.0.0.1";
    private static final String STREAM_SERVER_HOST = "127.0.0.2";

    private final LinkShape shape;
    private final ShapedTcpRelay tcpStreams;
    private final ShapedUdpRelay udpStreams;
    private final ToxiproxyServer toxiproxy;
    private final HhfrServer server;
    private final GrpcRivalServer grpc;
    private final RestJsonServer rest;
    private final Map<SessionWorkload, Operation> operations = new EnumMap<>(SessionWorkload.class);
    /** The encrypted modes' HTTPS server, started at their first session. Guarded by {@code this}. */
    private HttpsTestbed https;

    private Testbed(LinkShape shape, ShapedTcpRelay tcpStreams, ShapedUdpRelay udpStreams,
            ToxiproxyServer toxiproxy, HhfrServer server, GrpcRivalServer grpc, RestJsonServer rest) {
        this.shape = shape;
        this.tcpStreams = tcpStreams;
        this.udpStreams = udpStreams;
        this.toxiproxy = toxiproxy;
        this.server = server;
        this.grpc = grpc;
        this.rest = rest;
    }

    /**
     * @param toxiproxy shapes the TCP paths when not null (and the profile is shaped); the caller stops it
     * @throws IOException a port could not be bound or the server did not start
     */
    public static Testbed start(NetworkProfile profile, long seed, ToxiproxyServer toxiproxy) throws IOException {
        LinkShape shape = new LinkShape(TimeUnit.MICROSECONDS.toNanos(Math.round(profile.rttMillis() * 500)),
                profile.upBitsPerSecond(), profile.downBitsPerSecond(), 0, seed);
        ToxiproxyServer shaper = profile.isShaped() ? toxiproxy : null;
        ShapedTcpRelay tcp = tcpPath(port -> new InetSocketAddress(STREAM_SERVER_HOST, port), shape, shaper);
        ShapedUdpRelay udp = null;
        HhfrServer server = null;
        GrpcRivalServer grpc = null;
        try {
            udp = ShapedUdpRelay.mirroring(CLIENT_HOST, STREAM_SERVER_HOST, shape);
            server = HhfrServer.start(BenchServerSettings.builder()
                    .streams(STREAM_SERVER_HOST, CLIENT_HOST, tcp.port(), udp.port()).build());
            grpc = GrpcRivalServer.start(STREAM_SERVER_HOST);
            RestJsonServer rest = RestJsonServer.start(STREAM_SERVER_HOST);
            return new Testbed(shape, tcp, udp, shaper, server, grpc, rest);
        } catch (IOException | RuntimeException | Error e) {
            // Errors too: a class missing from the class path once left the HHFR server's threads keeping the
            // JVM alive after the command had failed.
            tcp.close();
            if (udp != null) {
                udp.close();
            }
            if (server != null) {
                server.close();
            }
            if (grpc != null) {
                grpc.close();
            }
            throw e;
        }
    }

    /** A fresh shaped path to the HTTP port, for one session (or one priming session). */
    @Override
    public SessionLink openLink() throws IOException {
        return linkTo(new InetSocketAddress(CLIENT_HOST, server.port()));
    }

    /** As {@link #openLink()}, to the HTTPS server of the encrypted modes (started at the first call). */
    @Override
    public SessionLink openHttpsLink() throws IOException {
        HttpsTestbed secure = https();
        return new RelayLink(tcpPath(port -> new InetSocketAddress(CLIENT_HOST, secure.server.port()), shape,
                toxiproxy), "https", secure.trust());
    }

    private synchronized HttpsTestbed https() throws IOException {
        if (https == null) {
            ShapedTcpRelay tcp = tcpPath(port -> new InetSocketAddress(STREAM_SERVER_HOST, port), shape, toxiproxy);
            ShapedUdpRelay udp;
            try {
                udp = ShapedUdpRelay.mirroring(CLIENT_HOST, STREAM_SERVER_HOST, shape);
            } catch (IOException | RuntimeException e) {
                tcp.close();
                throw e;
            }
            try {
                https = HttpsTestbed.start(STREAM_SERVER_HOST, CLIENT_HOST, tcp, udp);
            } catch (IOException | RuntimeException e) {
                tcp.close();
                udp.close();
                throw e;
            }
        }
        return https;
    }

    /** A fresh shaped path to the gRPC rival's server, for one session. */
    @Override
    public SessionLink openGrpcLink() throws IOException {
        return linkTo(new InetSocketAddress(STREAM_SERVER_HOST, grpc.port()));
    }

    /** A fresh shaped path to the REST rival's server, for one session. */
    @Override
    public SessionLink openRestLink() throws IOException {
        return linkTo(new InetSocketAddress(STREAM_SERVER_HOST, rest.port()));
    }

    private SessionLink linkTo(InetSocketAddress target) throws IOException {
        return new RelayLink(tcpPath(port -> target, shape, toxiproxy), "http", null);
    }

    /** A counting relay on 127.0.0.1 that shapes the path itself, or hands it to a Toxiproxy proxy. */
    private static ShapedTcpRelay tcpPath(ShapedTcpRelay.Upstream upstream, LinkShape shape,
            ToxiproxyServer toxiproxy) throws IOException {
        if (toxiproxy == null) {
            return ShapedTcpRelay.open(CLIENT_HOST, upstream, shape);
        }
        return ShapedTcpRelay.open(CLIENT_HOST, port -> toxiproxy.proxy(upstream.forPort(port), shape),
                LinkShape.setUpOnly(shape.setUpNanos()));
    }

    /** The operation as the service's WSDL describes it, fetched once over loopback without shaping. */
    @Override
    public synchronized Operation operation(SessionWorkload workload) throws HhfrException {
        Operation known = operations.get(workload);
        if (known == null) {
            try (HhfrClient client = HhfrClient.builder(serviceUrl(server.port(), workload))
                    .preferredModes(Mode.SOAP).build()) {
                known = WsdlOperations.fetch(client).operation(workload.operation());
            }
            operations.put(workload, known);
        }
        return known;
    }

    static String serviceUrl(int port, SessionWorkload workload) {
        return serviceUrl("http", port, workload);
    }

    private static String serviceUrl(String scheme, int port, SessionWorkload workload) {
        return scheme + "://" + CLIENT_HOST + ":" + port + "/axis2/services/" + workload.service();
    }

    /** Everything the stream relays (the HTTPS server's too) carried so far. */
    @Override
    public synchronized Traffic.Counts streamTraffic() {
        Traffic.Counts counts = tcpStreams.traffic().counts().plus(udpStreams.traffic().counts());
        return https == null ? counts
                : counts.plus(https.tcpStreams.traffic().counts()).plus(https.udpStreams.traffic().counts());
    }

    @Override
    public synchronized int streamConnections() {
        return tcpStreams.connections() + (https == null ? 0 : https.tcpStreams.connections());
    }

    @Override
    public void close() {
        synchronized (this) {
            if (https != null) {
                https.close();
            }
        }
        server.close();
        grpc.close();
        rest.close();
        tcpStreams.close();
        udpStreams.close();
    }

    /** One session's own relay in front of a server's port. */
    private static final class RelayLink implements SessionLink {
        private final ShapedTcpRelay relay;
        private final String scheme;
        private final SSLSocketFactory trust;

        private RelayLink(ShapedTcpRelay relay, String scheme, SSLSocketFactory trust) {
            this.relay = relay;
            this.scheme = scheme;
            this.trust = trust;
        }

        @Override
        public SSLSocketFactory trust() {
            return trust;
        }

        @Override
        public String serviceUrl(SessionWorkload workload) {
            return Testbed.serviceUrl(scheme, relay.port(), workload);
        }

        /** The relay on 127.0.0.1. */
        @Override
        public InetSocketAddress address() {
            return new InetSocketAddress(CLIENT_HOST, relay.port());
        }

        @Override
        public Traffic.Counts traffic() {
            return relay.traffic().counts();
        }

        @Override
        public int connections() {
            return relay.connections();
        }

        @Override
        public void close() {
            relay.close();
        }
    }
}
