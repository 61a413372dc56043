package org.hhfr.axis.headers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.FunctionCounter;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.hhfr.axis.TrustedHttps;
import org.hhfr.axis.module.HhfrModule;
import org.hhfr.axis.server.DevelopmentCertificate;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.HttpsKeyStore;
import org.hhfr.axis.server.ServerSettings;
import org.hhfr.client.EventListener;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.HhfrException;
import org.hhfr.client.Mode;
import org.hhfr.client.Session;
import org.hhfr.client.WsdlOperations;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.streamer.Message;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An https service streams encrypted: TLS on TCP, AES-GCM datagrams on UDP. Relays between the client and the
 * stream server (which listens on 127.0.0.2 and tells clients 127.0.0.1, where the relays are) capture what
 * crosses the network: none of a request's strings nor the static header. Datagrams tampered with or replayed
 * through the relay are dropped and counted; a client that does not trust the certificate gets a clear error.
 */
@Timeout(60)
class StreamSecurityTest {
    private static final String TENANT_ID = "tenant-5e1f0c";
    private static final String TENANT = "<t:Tenant xmlns:t=\"urn:test:tenant\">" + TENANT_ID + "</t:Tenant>";
    private static final String SECRET = "secret-part";

    @TempDir
    static Path directory;
    private static HttpsKeyStore keyStore;
    private static HhfrServer server;
    private static CapturingRelay tcpRelay;
    private static UdpRelay udpRelay;

    @BeforeAll
    static void start() throws IOException {
        keyStore = DevelopmentCertificate.in(directory);
        int tcp = CapturingRelay.freePort("127.0.0.2");
        int udp = CapturingRelay.freePort("127.0.0.2");
        server = HhfrServer.start(ServerSettings.builder().port(0).requestThreads(4).https(keyStore)
                .streams("127.0.0.2", "127.0.0.1", tcp, udp).build());
        tcpRelay = new CapturingRelay(new InetSocketAddress("127.0.0.1", tcp), new InetSocketAddress("127.0.0.2", tcp));
        udpRelay = new UdpRelay(new InetSocketAddress("127.0.0.1", udp), new InetSocketAddress("127.0.0.2", udp));
    }

    @AfterAll
    static void stop() throws IOException {
        tcpRelay.close();
        udpRelay.close();
        server.close();
    }

    @Test
    void anHttpsServicesWsdlNamesItsHttpsAddressesItsSoapActionsAndItsStreamEndpoints() throws Exception {
        String wsdl = TrustedHttps.get(server.serviceUrl("127.0.0.1", "StringConcat") + "?wsdl", keyStore);

        String address = "location=\"https://127.0.0.1:" + server.port() + "/axis2/services/StringConcat.";
        assertTrue(wsdl.contains("<soap:address " + address), wsdl);
        assertTrue(wsdl.contains("<soap12:address " + address), wsdl);
        assertFalse(wsdl.contains("location=\"http:"), "an address no receiver serves");
        assertTrue(wsdl.contains("soapAction=\"urn:concat\""), wsdl);
        assertTrue(wsdl.contains("transport=\"" + HhfrUris.TRANSPORT_TCP + "\""), wsdl);
        assertTrue(wsdl.contains("transport=\"" + HhfrUris.TRANSPORT_UDP + "\""), wsdl);
    }

    @Test
    void anHttpsServiceStreamsOverTlsAndNothingOfTheCallsCrossesTheTcpRelayInClear() throws Exception {
        List<Boolean> protection = new CopyOnWriteArrayList<>();
        try (HhfrClient client = client(Mode.HHFR_TCP, protection)) {
            Session concat = client.open(WsdlOperations.fetch(client).operation("concat"));
            for (int i = 0; i < 20; i++) {
                assertEquals(SECRET + i, concat.call(request(concat, i)).record().string("return"));
            }
            assertEquals(Mode.HHFR_TCP, concat.mode());
        }
        assertEquals(List.of(true), protection);
        String wire = new String(tcpRelay.clientBytes(), StandardCharsets.ISO_8859_1);
        assertTrue(wire.length() > 0, "the stream crossed the relay");
        assertFalse(wire.contains(SECRET), "a request's string crossed the stream in clear");
        assertFalse(wire.contains(TENANT_ID), "the static header crossed the stream in clear");
    }

    @Test
    void anHttpsServiceStreamsAesGcmDatagramsAndTamperedOrReplayedOnesAreDroppedAndCounted() throws Exception {
        List<Boolean> protection = new CopyOnWriteArrayList<>();
        try (HhfrClient client = client(Mode.HHFR_UDP, protection)) {
            Session concat = client.open(WsdlOperations.fetch(client).operation("concat"));
            for (int i = 0; i < 20; i++) {
                assertEquals(SECRET + i, concat.call(request(concat, i)).record().string("return"));
            }
            assertEquals(Mode.HHFR_UDP, concat.mode());
            assertEquals(List.of(true), protection);
            List<byte[]> captured = udpRelay.clientDatagrams();
            assertFalse(captured.isEmpty(), "datagrams crossed the relay");
            for (byte[] datagram : captured) {
                String text = new String(datagram, StandardCharsets.ISO_8859_1);
                assertFalse(text.contains(SECRET), "a request's string crossed in clear");
                assertFalse(text.contains(TENANT_ID), "the static header crossed in clear");
            }
            double tamperedBefore = refusedDatagrams("authentication_failed");
            double replayedBefore = refusedDatagrams("replayed");
            byte[] tampered = captured.get(captured.size() - 1).clone();
            tampered[tampered.length - 20] ^= 0x40;
            udpRelay.sendToServer(tampered);
            udpRelay.sendToServer(captured.get(captured.size() - 1));
            awaitCount("authentication_failed", tamperedBefore + 1);
            awaitCount("replayed", replayedBefore + 1);
            assertEquals(SECRET + "x", concat.call(concat.newRequest()
                    .set("parts", new String[] {SECRET, "x"}).build()).record().string("return"));
        }
    }

    @Test
    void aClientThatDoesNotTrustTheCertificateGetsAClearErrorAndNoStream() {
        int tcpBefore = tcpRelay.clientBytes().length;
        int udpBefore = udpRelay.clientDatagrams().size();
        try (HhfrClient client = HhfrClient.builder(server.serviceUrl("127.0.0.1", "StringConcat"))
                .preferredModes(Mode.HHFR_TCP, Mode.HHFR_UDP).build()) {
            HhfrException error = assertThrows(HhfrException.class, () -> {
                Session concat = client.open(WsdlOperations.fetch(client).operation("concat"));
                concat.call(request(concat, 1));
            });
            assertTrue(error.getMessage().contains("PKIX") || error.getMessage().contains("certificate"),
                    error.getMessage());
        }
        assertEquals(tcpBefore, tcpRelay.clientBytes().length, "an untrusting client opened a TCP stream");
        assertEquals(udpBefore, udpRelay.clientDatagrams().size(), "an untrusting client sent datagrams");
    }

    @Test
    void aClientThatDoesNotTrustTheCertificateLeavesNoStackTraceInTheServersLog() throws Exception {
        List<String> log = CapturedLog.during(() -> {
            try (HhfrClient client = HhfrClient.builder(server.serviceUrl("127.0.0.1", "StringConcat")).build()) {
                assertThrows(HhfrException.class, () -> WsdlOperations.fetch(client));
            }
        });
        assertTrue(log.stream().noneMatch(line -> line.trim().startsWith("at ")),
                "a stack trace in the server's log:\n" + String.join("\n", log));
    }

    private static HhfrClient client(Mode mode, List<Boolean> protection) throws Exception {
        return HhfrClient.builder(server.serviceUrl("127.0.0.1", "StringConcat")).staticHeader(TENANT)
                .preferredModes(mode).sslSocketFactory(TrustedHttps.trusting(keyStore).getSocketFactory())
                .eventListener(new EventListener() {
                    @Override
                    public void streamProtection(Session session, boolean encrypted) {
                        protection.add(encrypted);
                    }
                }).build();
    }

    private static Message request(Session concat, int i) {
        return concat.newRequest().set("parts", new String[] {SECRET, String.valueOf(i)}).build();
    }

    private static double refusedDatagrams(String reason) {
        double total = 0;
        for (FunctionCounter counter : HhfrModule.runtime(server.axisContext()).meters().find("hhfr.stream.refused")
                .tag("reason", reason).functionCounters()) {
            total += counter.count();
        }
        return total;
    }

    private static void awaitCount(String reason, double atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (refusedDatagrams(reason) < atLeast && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(refusedDatagrams(reason) >= atLeast, reason + " datagrams counted: " + refusedDatagrams(reason));
    }

    /** Relays datagrams between one client and the server, keeping a copy of what the client sent. */
    private static final class UdpRelay implements AutoCloseable {
        private final DatagramSocket facingClients;
        private final DatagramSocket facingServer;
        private final InetSocketAddress server;
        private final List<byte[]> fromClient = new CopyOnWriteArrayList<>();
        private volatile SocketAddress client;

        UdpRelay(InetSocketAddress listenAt, InetSocketAddress server) throws IOException {
            this.server = server;
            facingClients = new DatagramSocket(listenAt);
            facingServer = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
            pump(facingClients, true);
            pump(facingServer, false);
        }

        List<byte[]> clientDatagrams() {
            return new ArrayList<>(fromClient);
        }

        void sendToServer(byte[] datagram) throws IOException {
            facingServer.send(new DatagramPacket(datagram, datagram.length, server));
        }

        private void pump(DatagramSocket socket, boolean fromClients) {
            Thread thread = new Thread(() -> {
                byte[] buffer = new byte[2048];
                while (!socket.isClosed()) {
                    DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
                    try {
                        socket.receive(packet);
                        byte[] datagram = java.util.Arrays.copyOf(buffer, packet.getLength());
                        if (fromClients) {
                            client = packet.getSocketAddress();
                            fromClient.add(datagram);
                            sendToServer(datagram);
                        } else if (client != null) {
                            facingClients.send(new DatagramPacket(datagram, datagram.length, client));
                        }
                    } catch (IOException e) {
                        // closed, or one datagram lost: datagrams may be
                    }
                }
            }, "udp-relay");
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void close() {
            facingClients.close();
            facingServer.close();
        }
    }
}
