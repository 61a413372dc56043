package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.File;
import java.io.InputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.SignalFrame;
import org.hhfr.transports.netty.testing.SampleServices;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session whose streams must be encrypted (negotiated over HTTPS) runs over TLS on TCP and AES-GCM datagrams
 * on UDP, and nothing else: a cleartext connection or datagram is refused, a client that does not trust the
 * server's certificate fails with the TLS reason, and a TLS 1.2 client (Android before API 29) is served.
 */
@Timeout(60)
class EncryptedStreamTest {
    private static final String PASSWORD = "test-only";

    @TempDir
    static Path directory;
    private static Path keyStore;
    private static Path certificate;
    private static final InMemoryContextStore STORE = TestSessions.store();
    private static StreamServer server;

    @BeforeAll
    static void start() throws Exception {
        keyStore = directory.resolve("server.p12");
        certificate = directory.resolve("server.pem");
        keytool("-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12",
                "-keystore", keyStore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD);
        keytool("-exportcert", "-rfc", "-alias", "server", "-keystore", keyStore.toString(), "-storepass", PASSWORD,
                "-file", certificate.toString());
        server = StreamServer.start(STORE,
                StreamDispatcher.ofFunction((session, message) -> SampleServices.sum(message.payload())),
                TestSessions.config().toBuilder().tls(serverTls()).build());
    }

    @AfterAll
    static void stop() {
        server.close();
        STORE.close();
    }

    @Test
    void anEncryptedSessionIsServedOverTls() throws Exception {
        try (NettyStreamClient client = TestSessions.tcpClient(server, grant("tcp")).tls(trusting("TLSv1.3"))
                .connect()) {
            StreamRoundTripTest.assertAnswersInOrder(client, 200);
        }
    }

    @Test
    void aTls12ClientIsServedToo() throws Exception {
        try (NettyStreamClient client = TestSessions.tcpClient(server, grant("tcp")).tls(trusting("TLSv1.2"))
                .connect()) {
            StreamRoundTripTest.assertAnswersInOrder(client, 20);
        }
    }

    @Test
    void aCleartextConnectionForAnEncryptedSessionIsRefused() throws Exception {
        StreamSessionException refused = assertThrows(StreamSessionException.class,
                () -> TestSessions.tcpClient(server, grant("tcp")).connect());
        assertEquals(ErrorCode.AUTHENTICATION_FAILED, refused.code());
        assertTrue(refused.getMessage().contains("encrypted"), refused.getMessage());
    }

    @Test
    void aClientThatDoesNotTrustTheCertificateFailsWithTheTlsReason() throws Exception {
        SslContext platformTrust = SslContextBuilder.forClient().build();
        StreamSessionException failed = assertThrows(StreamSessionException.class,
                () -> TestSessions.tcpClient(server, grant("tcp")).tls(platformTrust).connect());
        assertEquals(ErrorCode.AUTHENTICATION_FAILED, failed.code());
        assertTrue(failed.getMessage().contains("TLS"), failed.getMessage());
    }

    @Test
    void aMalformedTlsRecordBeforeTheHandshakeLeavesNoStackTraceInTheLog() throws Exception {
        String log = CapturedStandardError.during(() -> {
            for (int i = 0; i < 3; i++) {
                try (Socket socket = new Socket(TestSessions.LOOPBACK, server.tcpPort())) {
                    // a TLS 1.2 handshake record whose ClientHello is garbage
                    socket.getOutputStream().write(new byte[] {0x16, 0x03, 0x03, 0x00, 0x06, 0x01, 0x00, 0x00, 0x02,
                        0x7F, 0x7F});
                    socket.setSoTimeout(3_000);
                    while (socket.getInputStream().read(new byte[256]) >= 0) {
                        // the server's TLS alert, then it closes the connection
                    }
                } catch (SocketException reset) {
                    // closed by the server with a reset: as good
                }
            }
            Thread.sleep(300);
        });
        assertFalse(log.contains("\tat ") || log.contains("tail of the pipeline"), log);
    }

    /**
     * A peer that starts TLS and stalls is closed when the stream handshake's timeout runs out, as one that sends
     * nothing: its TLS handshake is not given TLS's own, longer timeout on top.
     */
    @Test
    void aStalledTlsHandshakeIsClosedAtTheHandshakeTimeout() throws Exception {
        long closedAfterMillis = closedAfterStallingInTls(200);
        assertTrue(closedAfterMillis < 1_000, "closed after " + closedAfterMillis + " ms");
    }

    /**
     * A server given longer than TLS's own timeout (10 s) for a handshake, as slow links may need, waits that long
     * for a TLS handshake too: TLS does not close the connection first.
     */
    @Test
    void aHandshakeTimeoutLongerThanTlsOwnHoldsForATlsHandshake() throws Exception {
        long closedAfterMillis = closedAfterStallingInTls(11_000);
        assertTrue(closedAfterMillis > 10_500, "closed after " + closedAfterMillis + " ms");
    }

    /**
     * Starts a TLS handshake with a server of the given handshake timeout and stalls in it: how long the server took
     * to close the connection, which it counts as refused for its own timeout (PEER_UNRESPONSIVE).
     */
    private static long closedAfterStallingInTls(long timeoutMillis) throws Exception {
        StreamServer quick = StreamServer.start(STORE,
                StreamDispatcher.ofFunction((session, message) -> SampleServices.sum(message.payload())),
                TestSessions.config().toBuilder().tls(serverTls()).handshakeTimeoutMillis(timeoutMillis).build());
        try (Socket socket = new Socket(TestSessions.LOOPBACK, quick.tcpPort())) {
            long start = System.nanoTime();
            // the first bytes of a TLS record holding a ClientHello, and no more
            socket.getOutputStream().write(new byte[] {0x16, 0x03, 0x01, 0x01, 0x00, 0x01, 0x00});
            socket.setSoTimeout((int) timeoutMillis + 5_000);
            try {
                assertEquals(-1, socket.getInputStream().read(), "nothing is said to a peer before its TLS handshake");
            } catch (SocketException reset) {
                // closed by the server with a reset: as good
            }
            long closedAfterMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            TestSessions.await(quick, "the refusal counted",
                    () -> quick.metrics().tcpRefusals(ErrorCode.PEER_UNRESPONSIVE) == 1);
            return closedAfterMillis;
        } finally {
            quick.close();
        }
    }

    @Test
    void anEncryptedSessionIsServedOverAesGcmDatagramsAndACleartextOneIsDropped() throws Exception {
        SessionGrant grant = grant("udp");
        try (NettyStreamClient client = TestSessions.udpClient(server, grant).encryptedDatagrams(true).connect()) {
            StreamRoundTripTest.assertAnswersInOrder(client, 200);
        }
        SessionGrant other = grant("udp");
        long before = server.metrics().get(TransportMetrics.Counter.DATAGRAMS_DROPPED_BAD_TAG);
        DatagramWriter cleartext = new DatagramWriter(other.id(), SessionKeys.fromToken(other.token().toBytes()),
                Role.CLIENT, DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
        cleartext.add(SignalFrame.PING);
        byte[] datagram = cleartext.finish();
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.send(new DatagramPacket(datagram, datagram.length,
                    new InetSocketAddress(TestSessions.LOOPBACK, server.udpPort())));
        }
        TestSessions.awaitCounter(server, TransportMetrics.Counter.DATAGRAMS_DROPPED_BAD_TAG, before + 1);
    }

    @Test
    void anEncryptedStreamFollowsItsClientToANewAddressOnceTheSealedChallengeIsAnswered() throws Exception {
        long moves = server.metrics().get(TransportMetrics.Counter.ADDRESS_CHANGES);
        SessionGrant grant = grant("udp");
        try (LossyDatagramRelay relay = new LossyDatagramRelay(
                new InetSocketAddress(TestSessions.LOOPBACK, server.udpPort()), 1, 0, 0, 0);
             NettyStreamClient client = NettyStreamClient.udp(relay.address(), grant.id().toBytes(),
                     grant.token().toBytes()).encryptedDatagrams(true).connect()) {
            StreamRoundTripTest.assertAnswersInOrder(client, 50);
            relay.rebind();
            StreamRoundTripTest.assertAnswersInOrder(client, 50);
        }
        assertEquals(moves + 1, server.metrics().get(TransportMetrics.Counter.ADDRESS_CHANGES));
    }

    private static SessionGrant grant(String transport) throws Exception {
        return STORE.create(TestSessions.floatSum("urn:hhfr:transport:" + transport, true));
    }

    private static SslContext serverTls() throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore)) {
            store.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, PASSWORD.toCharArray());
        return SslContextBuilder.forServer(keys).protocols("TLSv1.3", "TLSv1.2").build();
    }

    private static SslContext trusting(String protocol) throws Exception {
        return SslContextBuilder.forClient().protocols(protocol).trustManager(certificate.toFile()).build();
    }

    private static void keytool(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(new File(directory.toFile(), "keytool.log")).start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "keytool finished");
        assertEquals(0, process.exitValue(), "keytool: " + Files.readString(directory.resolve("keytool.log")));
    }
}
