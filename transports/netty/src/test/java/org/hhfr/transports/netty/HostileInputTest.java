package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.auth.StreamEpoch;
import org.hhfr.transports.frame.ConnectionId;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.DatagramReader;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hostile bytes on both endpoints are refused with a counted reason, and never disturb the server or a
 * well-behaved session running at the same time.
 */
@Timeout(60)
class HostileInputTest {
    private static final int MAX_MESSAGE = 4096;

    private final InMemoryContextStore store = TestSessions.store();
    private final SequenceChecker checker = new SequenceChecker();
    private StreamServer server;
    private SessionGrant victimGrant;
    private NettyStreamClient victim;
    private long victimCalls;

    @BeforeEach
    void start() throws Exception {
        server = StreamServer.start(store, checker.dispatcher(), TestSessions.config().toBuilder()
                .streamReliability(ReliabilityConfig.forStream().toBuilder().maxMessageSizes(MAX_MESSAGE, MAX_MESSAGE)
                        .build())
                .build());
        victimGrant = TestSessions.grant(store);
        victim = TestSessions.tcpClient(server, victimGrant).connect();
        assertVictimStillServed();
    }

    @AfterEach
    void stop() throws Exception {
        assertVictimStillServed();
        assertEquals(0, checker.violations.get());
        victim.close();
        server.close();
        store.close();
    }

    private void assertVictimStillServed() throws Exception {
        for (int i = 0; i < 10; i++) {
            long number = victimCalls++;
            assertEquals(number, SequenceChecker.number(
                    victim.call(SequenceChecker.body(number)).get(5, TimeUnit.SECONDS)));
        }
    }

    @Test
    void unknownFrameTypeIsRefused() throws Exception {
        assertRefused(new byte[] {2, 0x0F, 0}, ErrorCode.UNKNOWN_FRAME_TYPE);
    }

    @Test
    void dataBeforeTheHandshakeIsRefused() throws Exception {
        assertRefused(FrameCodec.encode(DataFrame.first(1, 0, 0, false, new byte[8])), ErrorCode.MALFORMED);
    }

    @Test
    void oversizedHandshakeIsRefusedBeforeItsBytesArrive() throws Exception {
        assertRefused(new byte[] {(byte) 0x80, (byte) 0x80, 0x40}, ErrorCode.TOO_LARGE);
    }

    @Test
    void seededGarbageIsRefused() throws Exception {
        Random random = new Random(7);
        for (int i = 0; i < 20; i++) {
            byte[] garbage = new byte[1 + random.nextInt(300)];
            random.nextBytes(garbage);
            try (RawTcpPeer peer = new RawTcpPeer(server.tcpPort())) {
                peer.send(garbage);
                peer.shutdownOutput();
                peer.readUntilClosed(3_000);
                assertTrue(peer.closedByServer(), "garbage " + i + " was not refused");
            }
        }
        // A garbage prefix of a frame is counted when the server sees the connection end, after it closed it.
        LongSupplier refused = () -> server.metrics().get(TransportMetrics.Counter.FRAMES_REFUSED)
                + server.metrics().get(TransportMetrics.Counter.HANDSHAKES_REFUSED);
        TestSessions.await(server, "20 refused connections", () -> refused.getAsLong() >= 20);
        assertEquals(20, refused.getAsLong());
    }

    @Test
    void truncatedHandshakeIsCountedWhenTheConnectionEnds() throws Exception {
        byte[] hello = FrameCodec.encode(hello(victimGrant, victimGrant.token().toBytes(), 99));
        byte[] half = new byte[hello.length / 2];
        System.arraycopy(hello, 0, half, 0, half.length);
        try (RawTcpPeer peer = new RawTcpPeer(server.tcpPort())) {
            peer.send(half);
            peer.shutdownOutput();
            peer.readUntilClosed(3_000);
        }
        TestSessions.await(server, "a MALFORMED refusal", () -> server.metrics().tcpRefusals(ErrorCode.MALFORMED) >= 1);
        assertEquals(1, server.metrics().get(TransportMetrics.Counter.FRAMES_REFUSED));
        assertEquals(1, server.metrics().tcpRefusals(ErrorCode.MALFORMED));
    }

    @Test
    void unknownSessionIsRefused() throws Exception {
        byte[] id = new byte[16];
        new Random(3).nextBytes(id);
        HelloFrame hello = HelloFrame.create(false, SessionId.of(id), 1, SessionKeys.fromToken(new byte[32]));
        assertRefused(FrameCodec.encode(hello), ErrorCode.UNKNOWN_SESSION);
    }

    @Test
    void wrongTokenIsRefusedAndNeverReachesTheSession() throws Exception {
        SessionGrant grant = TestSessions.grant(store);
        byte[] wrongToken = grant.token().toBytes();
        wrongToken[0] ^= 1;
        assertRefused(FrameCodec.encode(hello(grant, wrongToken, 1)), ErrorCode.AUTHENTICATION_FAILED);
        assertEquals(1, server.metrics().tcpRefusals(ErrorCode.AUTHENTICATION_FAILED));
    }

    @Test
    void wrongTokenForALiveSessionCannotTakeOverItsConnection() throws Exception {
        byte[] wrongToken = victimGrant.token().toBytes();
        wrongToken[5] ^= 1;
        assertRefused(FrameCodec.encode(hello(victimGrant, wrongToken, 1_000)), ErrorCode.AUTHENTICATION_FAILED);
        assertEquals(0, victim.reconnects());
    }

    @Test
    void aHelloWithAWrongTokenLearnsNeitherTheEpochNorTheTransportOfTheLiveStream() throws Exception {
        SessionGrant grant = store.create(TestSessions.floatSum("urn:hhfr:transport:udp"));
        long live = StreamEpoch.FIRST + 5;
        try (NettyStreamClient streaming = TestSessions.udpClient(server, grant).epoch(live).connect()) {
            assertEquals(0, SequenceChecker.number(streaming.call(SequenceChecker.body(0)).get(5, TimeUnit.SECONDS)));
            byte[] wrongToken = grant.token().toBytes();
            wrongToken[3] ^= 1;
            for (long epoch : new long[] {live, live + 1}) {
                assertRefused(FrameCodec.encode(HelloFrame.create(false, grant.id(), 1,
                        SessionKeys.fromToken(wrongToken, epoch))), ErrorCode.AUTHENTICATION_FAILED);
            }
            assertRefused(FrameCodec.encode(HelloFrame.create(false, grant.id(), 1,
                    SessionKeys.fromToken(grant.token().toBytes(), live))), ErrorCode.HANDSHAKE_MISMATCH);
            assertEquals(1, SequenceChecker.number(streaming.call(SequenceChecker.body(1)).get(5, TimeUnit.SECONDS)));
        }
    }

    @Test
    void aMessageSentRightBehindTheHelloIsHeldToTheSessionsAgreedRequestLimit() throws Exception {
        int agreed = 512;
        long delivered = checker.delivered.get();
        List<Frame> atTheLimit = behindTheHello(agreed, agreed);
        assertEquals(FrameType.WELCOME, atTheLimit.get(0).type());
        assertTrue(atTheLimit.stream().anyMatch(frame -> frame.type() == FrameType.DATA), atTheLimit.toString());
        assertEquals(delivered + 1, checker.delivered.get());

        List<Frame> aboveIt = behindTheHello(agreed, agreed + 1);
        assertEquals(FrameType.WELCOME, aboveIt.get(0).type());
        assertEquals(ErrorCode.TOO_LARGE, ((ErrorFrame) aboveIt.get(aboveIt.size() - 1)).code(), aboveIt.toString());
        assertEquals(delivered + 1, checker.delivered.get(), "a request above the agreed limit was dispatched");
    }

    /**
     * What a new session agreeing on {@code agreed} request bytes answers a HELLO and a request of {@code size}
     * bytes sent in one write: the request is read with the HELLO, before the server knows the session.
     */
    private List<Frame> behindTheHello(int agreed, int size) throws Exception {
        SessionGrant grant = store.create(TestSessions.floatSum("urn:hhfr:transport:tcp", false,
                ReliabilityPolicy.defaults().toBuilder().maxRequestBytes(agreed).build()));
        ByteArrayOutputStream flight = new ByteArrayOutputStream();
        flight.writeBytes(FrameCodec.encode(hello(grant, grant.token().toBytes(), 1)));
        flight.writeBytes(FrameCodec.encode(DataFrame.first(1, 0, 0, false, new byte[size])));
        try (RawTcpPeer peer = new RawTcpPeer(server.tcpPort())) {
            peer.send(flight.toByteArray());
            return peer.readUntilClosed(1_500);
        }
    }

    @Test
    void aConnectionResetBeforeItsHandshakeLeavesNoStackTraceInTheLog() throws Exception {
        String log = CapturedStandardError.during(() -> {
            for (int i = 0; i < 3; i++) {
                Socket socket = new Socket(TestSessions.LOOPBACK, server.tcpPort());
                socket.getOutputStream().write(new byte[] {0x30, 0x08}); // the start of a HELLO
                socket.getOutputStream().flush();
                Thread.sleep(100);
                socket.setSoLinger(true, 0); // closing sends a reset
                socket.close();
            }
            Thread.sleep(300);
        });
        assertFalse(log.contains("\tat ") || log.contains("tail of the pipeline"), log);
    }

    /**
     * Anyone may open connections and have them refused as often as they like: the refusals are counted by reason,
     * and never a line each in the log (which a flood of them would fill).
     */
    @Test
    void connectionsRefusedBeforeTheirHandshakeLeaveNoLineEachInTheLog() throws Exception {
        SessionGrant grant = TestSessions.grant(store);
        byte[] wrongToken = grant.token().toBytes();
        wrongToken[0] ^= 1;
        String log = CapturedStandardError.during(() -> {
            assertRefused(new byte[] {2, 0x0F, 0}, ErrorCode.UNKNOWN_FRAME_TYPE);
            assertRefused(FrameCodec.encode(hello(grant, wrongToken, 1)), ErrorCode.AUTHENTICATION_FAILED);
            try (RawTcpPeer peer = new RawTcpPeer(server.tcpPort())) {
                peer.send(new byte[] {0x30, 0x08}); // the start of a HELLO, and the end of the connection
                peer.shutdownOutput();
                peer.readUntilClosed(3_000);
            }
            TestSessions.await(server, "the truncated HELLO counted",
                    () -> server.metrics().tcpRefusals(ErrorCode.MALFORMED) == 1);
        });
        assertFalse(log.contains("connection from"), log);
    }

    @Test
    void replayedHandshakeIsRefused() throws Exception {
        assertRefused(FrameCodec.encode(hello(victimGrant, victimGrant.token().toBytes(), 1)), ErrorCode.REPLAYED);
    }

    @Test
    void frameAboveTheMaximumSizeIsRefusedAfterAuthentication() throws Exception {
        SessionGrant grant = TestSessions.grant(store);
        try (RawTcpPeer peer = new RawTcpPeer(server.tcpPort())) {
            peer.send(hello(grant, grant.token().toBytes(), 1));
            assertEquals(FrameType.WELCOME, peer.readUntilClosed(500).get(0).type());
            peer.send(new byte[] {(byte) 0xFF, (byte) 0xFF, 0x7F});
            List<Frame> frames = peer.readUntilClosed(3_000);
            assertTrue(peer.closedByServer());
            assertEquals(FrameType.WELCOME, frames.get(0).type());
            assertEquals(ErrorCode.TOO_LARGE, ((ErrorFrame) frames.get(frames.size() - 1)).code());
        }
        assertEquals(1, server.metrics().tcpRefusals(ErrorCode.TOO_LARGE));
    }

    @Test
    void badDatagramsAreDroppedAndCountedByReason() throws Exception {
        SessionGrant grant = store.create(TestSessions.floatSum("urn:hhfr:transport:udp"));
        InetSocketAddress endpoint = new InetSocketAddress(TestSessions.LOOPBACK, server.udpPort());
        SessionId id = grant.id();
        byte[] wrongToken = grant.token().toBytes();
        wrongToken[0] ^= 1;
        DatagramWriter intruder = new DatagramWriter(id, SessionKeys.fromToken(wrongToken), Role.CLIENT, 1200);
        DatagramWriter stranger = new DatagramWriter(SessionId.of(new byte[16]),
                SessionKeys.fromToken(new byte[32]), Role.CLIENT, 1200);
        DatagramWriter owner = new DatagramWriter(id, SessionKeys.fromToken(grant.token().toBytes()),
                Role.CLIENT, 1200);
        byte[] injected = datagram(intruder, SequenceChecker.body(0));
        byte[] legitimate = datagram(owner, SequenceChecker.body(0));
        try (DatagramSocket socket = new DatagramSocket()) {
            send(socket, endpoint, new byte[] {1, 2, 3});
            send(socket, endpoint, new byte[1500]);
            send(socket, endpoint, datagram(stranger, SequenceChecker.body(0)));
            for (int i = 0; i < 5; i++) {
                send(socket, endpoint, injected);
            }
            send(socket, endpoint, legitimate);
            send(socket, endpoint, legitimate);
            TestSessions.awaitCounter(server, TransportMetrics.Counter.DATAGRAMS_RECEIVED, 10);
        }
        // A datagram is counted as received before it is judged, and the owner's message may be dispatched
        // before its replay is read: wait until every datagram has an outcome, then check each one exactly.
        TransportMetrics metrics = server.metrics();
        TestSessions.await(server, "9 datagrams dropped",
                () -> metrics.get(TransportMetrics.Counter.DATAGRAMS_DROPPED_MALFORMED)
                + metrics.get(TransportMetrics.Counter.DATAGRAMS_DROPPED_OVERSIZED)
                + metrics.get(TransportMetrics.Counter.DATAGRAMS_DROPPED_UNKNOWN_SESSION)
                + metrics.get(TransportMetrics.Counter.DATAGRAMS_DROPPED_BAD_TAG)
                + metrics.get(TransportMetrics.Counter.DATAGRAMS_DROPPED_REPLAYED) >= 9);
        TestSessions.await(server, "the owner's message delivered",
                () -> checker.delivered.get() >= victimCalls + 1);
        assertEquals(victimCalls + 1, metrics.get(TransportMetrics.Counter.MESSAGES_DISPATCHED));
        assertEquals(1, metrics.get(TransportMetrics.Counter.DATAGRAMS_DROPPED_MALFORMED));
        assertEquals(1, metrics.get(TransportMetrics.Counter.DATAGRAMS_DROPPED_OVERSIZED));
        assertEquals(1, metrics.get(TransportMetrics.Counter.DATAGRAMS_DROPPED_UNKNOWN_SESSION));
        assertEquals(5, metrics.get(TransportMetrics.Counter.DATAGRAMS_DROPPED_BAD_TAG));
        assertEquals(1, metrics.get(TransportMetrics.Counter.DATAGRAMS_DROPPED_REPLAYED));
        assertEquals(victimCalls + 1, checker.delivered.get(), "only the owner's one message was dispatched");
    }

    @Test
    void datagramsNamingAnUnknownOrForgedConnectionIdAreDroppedAndCounted() throws Exception {
        SessionGrant grant = store.create(TestSessions.floatSum("urn:hhfr:transport:udp"));
        InetSocketAddress endpoint = new InetSocketAddress(TestSessions.LOOPBACK, server.udpPort());
        byte[] token = grant.token().toBytes();
        byte[] wrongToken = token.clone();
        wrongToken[0] ^= 1;
        DatagramWriter owner = new DatagramWriter(grant.id(), SessionKeys.fromToken(token), Role.CLIENT, 1200);
        DatagramReader answers = new DatagramReader(grant.id(), SessionKeys.fromToken(token), Role.CLIENT,
                FrameLimits.defaults());
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.setSoTimeout(5_000);
            send(socket, endpoint, datagram(owner, 1, SequenceChecker.body(0)));
            byte[] buffer = new byte[1500];
            DatagramPacket answer = new DatagramPacket(buffer, buffer.length);
            socket.receive(answer);
            answers.read(buffer, 0, answer.getLength(), frame -> { });
            ConnectionId issued = answers.connectionId();
            assertNotNull(issued, "the server's datagram names the stream by a connection id");
            ConnectionId unknown = ConnectionId.random(new Random(5));
            assertNotEquals(issued, unknown);

            DatagramWriter stray = new DatagramWriter(grant.id(), SessionKeys.fromToken(token), Role.CLIENT, 1200);
            stray.connectionId(unknown);
            DatagramWriter forger = new DatagramWriter(grant.id(), SessionKeys.fromToken(wrongToken), Role.CLIENT,
                    1200);
            forger.connectionId(issued);
            owner.connectionId(issued);
            send(socket, endpoint, datagram(stray, 2, SequenceChecker.body(1)));
            send(socket, endpoint, datagram(forger, 2, SequenceChecker.body(1)));
            byte[] legitimate = datagram(owner, 2, SequenceChecker.body(1));
            assertEquals(DatagramWriter.SHORT_OVERHEAD + FrameCodec.encodedSize(
                    DataFrame.first(2, 0, 0, false, SequenceChecker.body(1))), legitimate.length);
            send(socket, endpoint, legitimate);
            TestSessions.await(server, "the owner's two messages delivered",
                    () -> checker.delivered.get() >= victimCalls + 2);
        }
        TransportMetrics metrics = server.metrics();
        TestSessions.await(server, "2 datagrams dropped",
                () -> metrics.get(TransportMetrics.Counter.DATAGRAMS_DROPPED_UNKNOWN_SESSION)
                + metrics.get(TransportMetrics.Counter.DATAGRAMS_DROPPED_BAD_TAG) >= 2);
        assertEquals(1, metrics.get(TransportMetrics.Counter.DATAGRAMS_DROPPED_UNKNOWN_SESSION));
        assertEquals(1, metrics.get(TransportMetrics.Counter.DATAGRAMS_DROPPED_BAD_TAG));
        assertEquals(victimCalls + 2, metrics.get(TransportMetrics.Counter.MESSAGES_DISPATCHED));
    }

    private static byte[] datagram(DatagramWriter writer, byte[] body) {
        return datagram(writer, 1, body);
    }

    private static byte[] datagram(DatagramWriter writer, long messageNumber, byte[] body) {
        writer.add(DataFrame.first(messageNumber, 0, 0, false, body));
        return writer.finish();
    }

    private static void send(DatagramSocket socket, InetSocketAddress to, byte[] datagram) throws Exception {
        socket.send(new DatagramPacket(datagram, datagram.length, to));
    }

    private static HelloFrame hello(SessionGrant grant, byte[] token, long attempt) {
        return HelloFrame.create(false, grant.id(), attempt, SessionKeys.fromToken(token));
    }

    private void assertRefused(byte[] bytes, ErrorCode expected) throws Exception {
        try (RawTcpPeer peer = new RawTcpPeer(server.tcpPort())) {
            peer.send(bytes);
            List<Frame> frames = peer.readUntilClosed(3_000);
            assertTrue(peer.closedByServer(), "connection still open");
            assertEquals(1, frames.size(), frames.toString());
            assertEquals(expected, ((ErrorFrame) frames.get(0)).code(), frames.toString());
        }
        assertTrue(server.metrics().tcpRefusals(expected) >= 1);
    }
}
