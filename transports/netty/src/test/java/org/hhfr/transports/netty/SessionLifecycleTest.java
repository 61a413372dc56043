package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** How sessions start, time out, end and come back; and how dispatch runs. */
@Timeout(30)
class SessionLifecycleTest {
    private final InMemoryContextStore store = TestSessions.store();
    private final SequenceChecker checker = new SequenceChecker();
    private StreamServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        store.close();
    }

    private void start(StreamServerConfig config, StreamDispatcher dispatcher) throws Exception {
        server = StreamServer.start(store, dispatcher, config);
    }

    @Test
    void connectionWithoutHandshakeIsClosedAfterTheHandshakeTimeout() throws Exception {
        start(TestSessions.config().toBuilder().handshakeTimeoutMillis(200).build(), checker.dispatcher());
        try (RawTcpPeer peer = new RawTcpPeer(server.tcpPort())) {
            List<Frame> frames = peer.readUntilClosed(3_000);
            assertTrue(peer.closedByServer());
            assertEquals(ErrorCode.PEER_UNRESPONSIVE, ((ErrorFrame) frames.get(0)).code());
        }
        assertEquals(1, server.metrics().tcpRefusals(ErrorCode.PEER_UNRESPONSIVE));
    }

    @Test
    void connectionsBeyondTheirAddressesPlacesInTheHandshakeAreClosedAtOnceUntilOneIsGivenBack() throws Exception {
        start(TestSessions.config().toBuilder().maxHandshakesPerAddress(2).build(), checker.dispatcher());
        SessionGrant grant = TestSessions.grant(store);
        HelloFrame wrongToken = HelloFrame.create(false, grant.id(), 1, SessionKeys.fromToken(new byte[32]));
        try (RawTcpPeer first = new RawTcpPeer(server.tcpPort());
             RawTcpPeer second = new RawTcpPeer(server.tcpPort())) {
            TestSessions.awaitCounter(server, TransportMetrics.Counter.CONNECTIONS_ACCEPTED, 2);
            assertClosedAtOnce(new RawTcpPeer(server.tcpPort()));
            assertEquals(1, server.metrics().get(TransportMetrics.Counter.CONNECTIONS_REFUSED));

            assertRefused(first.send(wrongToken), ErrorCode.AUTHENTICATION_FAILED);
            try (NettyStreamClient client = TestSessions.tcpClient(server, grant).connect()) {
                assertEquals(0, SequenceChecker.number(client.call(SequenceChecker.body(0)).get(5, TimeUnit.SECONDS)));
                try (RawTcpPeer third = new RawTcpPeer(server.tcpPort())) {
                    // not closed at once: the refused and the authenticated connections hold no place
                    assertRefused(third.send(wrongToken), ErrorCode.AUTHENTICATION_FAILED);
                }
            }
        }
        assertEquals(1, server.metrics().get(TransportMetrics.Counter.CONNECTIONS_REFUSED));
    }

    private static void assertRefused(RawTcpPeer peer, ErrorCode expected) throws Exception {
        List<Frame> frames = peer.readUntilClosed(3_000);
        assertEquals(expected, ((ErrorFrame) frames.get(0)).code(), frames.toString());
    }

    @Test
    void connectionsBeyondTheServersPlacesInTheHandshakeAreClosedAtOnceWhateverTheirAddress() throws Exception {
        start(TestSessions.config().toBuilder().maxHandshakes(2).build(), checker.dispatcher());
        try (RawTcpPeer first = new RawTcpPeer(server.tcpPort(), InetAddress.getByName("127.0.0.2"));
             RawTcpPeer second = new RawTcpPeer(server.tcpPort(), InetAddress.getByName("127.0.0.3"))) {
            TestSessions.awaitCounter(server, TransportMetrics.Counter.CONNECTIONS_ACCEPTED, 2);
            assertClosedAtOnce(new RawTcpPeer(server.tcpPort(), InetAddress.getByName("127.0.0.4")));
        }
        assertEquals(1, server.metrics().get(TransportMetrics.Counter.CONNECTIONS_REFUSED));
    }

    /** Closed by the server, unanswered, long before the handshake timeout. */
    private static void assertClosedAtOnce(RawTcpPeer peer) throws Exception {
        try (peer) {
            assertEquals(List.of(), peer.readUntilClosed(2_000));
            assertTrue(peer.closedByServer());
        }
    }

    @Test
    void authenticatedPeerThatFallsSilentIsPingedThenTimedOut() throws Exception {
        start(TestSessions.config().toBuilder()
                .streamReliability(ReliabilityConfig.forStream().toBuilder().keepAliveMillis(100, 500).build())
                .build(), checker.dispatcher());
        SessionGrant grant = TestSessions.grant(store);
        try (RawTcpPeer peer = new RawTcpPeer(server.tcpPort())) {
            peer.send(HelloFrame.create(false, grant.id(), 1,
                    SessionKeys.fromToken(grant.token().toBytes())));
            List<Frame> frames = peer.readUntilClosed(5_000);
            assertTrue(peer.closedByServer());
            assertEquals(FrameType.WELCOME, frames.get(0).type());
            assertTrue(frames.stream().anyMatch(frame -> frame.type() == FrameType.PING), frames.toString());
            assertEquals(ErrorCode.PEER_UNRESPONSIVE, ((ErrorFrame) frames.get(frames.size() - 1)).code());
        }
        assertEquals(1, server.metrics().get(TransportMetrics.Counter.SESSIONS_FAILED));
    }

    @Test
    void expiredSessionIsRefusedAsUnknownSoTheClientRenegotiates() throws Exception {
        try (InMemoryContextStore shortLived = new InMemoryContextStore(
                StoreLimits.defaults()
                        .toBuilder().idleTimeoutMillis(50).build(), MonotonicClock.SYSTEM, TokenGenerator.secure());
             StreamServer local = StreamServer.start(shortLived, checker.dispatcher(), TestSessions.config())) {
            SessionGrant grant = TestSessions.grant(shortLived);
            Thread.sleep(150);
            StreamSessionException refused = assertThrows(StreamSessionException.class,
                    () -> TestSessions.tcpClient(local, grant).connect());
            assertEquals(ErrorCode.UNKNOWN_SESSION, refused.code());
        }
    }

    @Test
    void aPeerWithoutTheTokenCannotKeepASessionAlive() throws Exception {
        try (InMemoryContextStore shortLived = new InMemoryContextStore(StoreLimits.defaults().toBuilder()
                .unopenedGrantMillis(300).idleTimeoutMillis(300).build(), MonotonicClock.SYSTEM,
                TokenGenerator.secure());
             StreamServer local = StreamServer.start(shortLived, checker.dispatcher(), TestSessions.config());
             DatagramSocket socket = new DatagramSocket()) {
            SessionGrant overTcp = TestSessions.grant(shortLived);
            SessionGrant overUdp = shortLived.create(TestSessions.floatSum("urn:hhfr:transport:udp"));
            byte[] wrongToken = new byte[32];
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1_200);
            for (long attempt = 1; System.nanoTime() < end; attempt++) {
                try (RawTcpPeer peer = new RawTcpPeer(local.tcpPort())) {
                    peer.send(HelloFrame.create(false, overTcp.id(), attempt, SessionKeys.fromToken(wrongToken)));
                    ErrorCode answer = ((ErrorFrame) peer.readUntilClosed(2_000).get(0)).code();
                    assertTrue(answer == ErrorCode.AUTHENTICATION_FAILED || answer == ErrorCode.UNKNOWN_SESSION,
                            answer.toString());
                }
                DatagramWriter forger = new DatagramWriter(overUdp.id(), SessionKeys.fromToken(wrongToken),
                        Role.CLIENT, DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
                forger.add(DataFrame.first(1, 0, 0, false, SequenceChecker.body(0)));
                byte[] forged = forger.finish();
                socket.send(new DatagramPacket(forged, forged.length,
                        new InetSocketAddress(TestSessions.LOOPBACK, local.udpPort())));
                Thread.sleep(100);
            }
            assertFalse(shortLived.peek(overTcp.id()).isPresent(), "failed handshakes kept the session alive");
            assertFalse(shortLived.peek(overUdp.id()).isPresent(), "forged datagrams kept the session alive");
        }
    }

    @Test
    void removingTheSessionFromTheStoreAbortsItsStream() throws Exception {
        start(TestSessions.config(), checker.dispatcher());
        SessionGrant grant = TestSessions.grant(store);
        try (NettyStreamClient client = TestSessions.tcpClient(server, grant).connect()) {
            assertEquals(0, SequenceChecker.number(client.call(SequenceChecker.body(0)).get(5, TimeUnit.SECONDS)));
            store.remove(grant.id());
            ExecutionException ended = assertThrows(ExecutionException.class,
                    () -> client.finished().get(5, TimeUnit.SECONDS));
            assertEquals(ErrorCode.ABORTED, ((StreamSessionException) ended.getCause()).code());
            assertThrows(ExecutionException.class, () -> client.call(SequenceChecker.body(1)).get(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void closingTheServerAbortsItsClients() throws Exception {
        start(TestSessions.config(), checker.dispatcher());
        try (NettyStreamClient client = TestSessions.udpClient(server, TestSessions.grant(store)).connect()) {
            assertEquals(0, SequenceChecker.number(client.call(SequenceChecker.body(0)).get(5, TimeUnit.SECONDS)));
            server.close();
            server = null;
            ExecutionException ended = assertThrows(ExecutionException.class,
                    () -> client.finished().get(5, TimeUnit.SECONDS));
            assertEquals(ErrorCode.ABORTED, ((StreamSessionException) ended.getCause()).code());
        }
    }

    @Test
    void callsInFlightSurviveTheServerDroppingEveryConnection() throws Exception {
        start(TestSessions.config(), checker.dispatcher());
        try (NettyStreamClient client = TestSessions.tcpClient(server, TestSessions.grant(store)).connect()) {
            List<CompletableFuture<byte[]>> calls = new ArrayList<>();
            for (int i = 0; i < 5_000; i++) {
                calls.add(client.call(SequenceChecker.body(i)));
                if (i % 1_000 == 500) {
                    server.dropConnections();
                }
            }
            for (int i = 0; i < calls.size(); i++) {
                assertEquals(i, SequenceChecker.number(calls.get(i).get(10, TimeUnit.SECONDS)));
            }
            assertTrue(client.reconnects() > 0);
        }
        assertEquals(5_000, checker.delivered.get());
        assertEquals(0, checker.violations.get());
    }

    @Test
    void responsesCompletingOutOfOrderOnAnExecutorReachTheirOwnCalls() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            Random random = new Random(11);
            StreamDispatcher slowAndShuffled = (session, message) -> CompletableFuture.supplyAsync(() -> {
                sleepQuietly(random.nextInt(3));
                return message.payload();
            }, pool);
            start(TestSessions.config().toBuilder().dispatchExecutor(pool).build(), slowAndShuffled);
            try (NettyStreamClient client = TestSessions.udpClient(server, TestSessions.grant(store)).connect()) {
                List<CompletableFuture<byte[]>> calls = new ArrayList<>();
                for (int i = 0; i < 2_000; i++) {
                    calls.add(client.call(SequenceChecker.body(i)));
                }
                for (int i = 0; i < calls.size(); i++) {
                    assertEquals(i, SequenceChecker.number(calls.get(i).get(10, TimeUnit.SECONDS)));
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void sleepQuietly(int millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
