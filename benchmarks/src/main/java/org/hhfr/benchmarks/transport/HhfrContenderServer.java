package org.hhfr.benchmarks.transport;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Base64;
import org.hhfr.axis.module.StreamSecurity;
import org.hhfr.axis.server.DevelopmentCertificate;
import org.hhfr.axis.server.HttpsKeyStore;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StreamCharacteristics;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.schemas.DataStructure;
import org.hhfr.streamer.BinaryRepresentation;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.testing.Samples;
import org.hhfr.transports.netty.InboundMessage;
import org.hhfr.transports.netty.StreamDispatcher;
import org.hhfr.transports.netty.StreamServer;
import org.hhfr.transports.netty.StreamServerConfig;
import org.hhfr.transports.netty.TransportMetrics;

/**
 * HHFR's contender server: the transports/netty {@link StreamServer} (TCP and UDP endpoints) over an in-memory
 * context store, dispatching to a plain function that decodes the binary float-sum body with the streamer,
 * sums it and encodes the response. The function runs on the event loop (a direct dispatch executor, as for
 * gRPC's best). Each ticket is a freshly negotiated session, as negotiation would store it; an encrypted
 * contender's sessions are those of an https service (TLS with a development certificate, AES-GCM datagrams).
 */
final class HhfrContenderServer implements ServerSide {
    private static final String TCP = "urn:hhfr:transport:tcp";
    private static final String UDP = "urn:hhfr:transport:udp";

    private final BinaryRepresentation binary = new BinaryRepresentation();
    private final DataStructure request = Samples.floatSumRequest();
    private final DataStructure response = Samples.floatSumResponse();
    private final InMemoryContextStore store = new InMemoryContextStore();
    /**
     * Where the encrypted contenders' development certificate is kept: made by the server once, its PEM read by
     * the client (both run on this machine).
     */
    static final Path TLS_DIRECTORY = Path.of(System.getProperty("java.io.tmpdir"), "hhfr-shootout-tls");

    private final boolean udp;
    private final boolean encrypted;
    private final StreamServer server;

    HhfrContenderServer(String host, boolean udp, boolean encrypted) throws IOException {
        this.udp = udp;
        this.encrypted = encrypted;
        HttpsKeyStore keyStore = encrypted ? DevelopmentCertificate.in(TLS_DIRECTORY) : null;
        server = StreamServer.start(store, StreamDispatcher.ofFunction((session, message) -> sum(message)),
                StreamServerConfig.on(host).ports(udp ? -1 : 0, udp ? 0 : -1)
                        .tls(keyStore == null ? null
                                : StreamSecurity.serverTls(keyStore.file(), keyStore.password().toCharArray()))
                        .dispatchExecutor(Runnable::run).build());
    }

    private byte[] sum(InboundMessage message) {
        byte[] body = message.payload();
        float[] values;
        try {
            values = binary.decode(request, body, 0, body.length).record().floats("values");
        } catch (MalformedMessageException e) {
            throw new IllegalArgumentException("not a float-sum request: " + e.getMessage(), e);
        }
        float sum = 0;
        for (float value : values) {
            sum += value;
        }
        return binary.encode(Message.of(response).set("return", sum).build());
    }

    @Override
    public int port() {
        return udp ? server.udpPort() : server.tcpPort();
    }

    @Override
    public String newTicket() throws ContextStoreException {
        SessionGrant grant = store.create(StreamContext.builder()
                .schemeUri("urn:hhfr:1")
                .representationUri(BinaryRepresentation.URI)
                .transportUri(udp ? UDP : TCP)
                .operation(ServiceOperation.of("FloatSum", "sum", SoapVersion.SOAP_11, "urn:sum"))
                .request(request)
                .response(response)
                .characteristics(StreamCharacteristics.of(ReliabilityPolicy.defaults(), 1 << 20, 1 << 20))
                .encryptedStreams(encrypted)
                .build());
        Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
        return base64.encodeToString(grant.id().toBytes()) + "." + base64.encodeToString(grant.token().toBytes());
    }

    @Override
    public long received() {
        return server.metrics().get(TransportMetrics.Counter.MESSAGES_DISPATCHED);
    }

    @Override
    public void close() {
        server.close();
        store.close();
    }
}
