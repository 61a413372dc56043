package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.auth.StreamEpoch;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.HelloFrame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A session outlives its streams: a client holding only the resumption ticket (session id and token) opens a
 * new stream with a higher epoch, while nothing recorded from an earlier stream is accepted again.
 */
@Timeout(30)
class StreamReopeningTest {
    @RegisterExtension
    final CheckedServer fixture = new CheckedServer();

    @Test
    void aNewClientWithOnlyTheTicketReopensAClosedSessionAndTheOldHandshakeIsRefused() throws Exception {
        SessionGrant grant = TestSessions.grant(fixture.store);
        try (NettyStreamClient first =
                     TestSessions.tcpClient(fixture.server, grant).epoch(StreamEpoch.FIRST).connect()) {
            assertEquals(0, SequenceChecker.number(first.call(SequenceChecker.body(0)).get(5, TimeUnit.SECONDS)));
            first.closeGracefully().get(5, TimeUnit.SECONDS);
        }
        TestSessions.awaitCounter(fixture.server, TransportMetrics.Counter.SESSIONS_FINISHED, 1);
        assertTrue(fixture.store.get(grant.id()).isPresent(), "the session outlives its stream");

        try (NettyStreamClient second = TestSessions.tcpClient(fixture.server, grant).connect()) {
            assertEquals(1, SequenceChecker.number(second.call(SequenceChecker.body(1)).get(5, TimeUnit.SECONDS)));
            assertEquals(2, SequenceChecker.number(second.call(SequenceChecker.body(2)).get(5, TimeUnit.SECONDS)));
        }

        HelloFrame recordedHello = HelloFrame.create(false, grant.id(), 1,
                SessionKeys.fromToken(grant.token().toBytes()));
        try (RawTcpPeer replayer = new RawTcpPeer(fixture.server.tcpPort())) {
            replayer.send(recordedHello).send(DataFrame.first(1, 0, 0, false, SequenceChecker.body(0)));
            List<Frame> answer = replayer.readUntilClosed(3_000);
            assertTrue(replayer.closedByServer());
            assertEquals(FrameType.ERROR, answer.get(0).type(), answer.toString());
            assertEquals(ErrorCode.REPLAYED, ((ErrorFrame) answer.get(0)).code());
        }
        assertEquals(3, fixture.checker.delivered.get(), "the replayed request was never dispatched");
        assertEquals(0, fixture.checker.violations.get());
    }

    @Test
    void aClientBelowTheLatestEpochIsRefusedAsReplayed() throws Exception {
        SessionGrant grant = TestSessions.grant(fixture.store);
        long epoch = StreamEpoch.fresh();
        try (NettyStreamClient current = TestSessions.tcpClient(fixture.server, grant).epoch(epoch).connect()) {
            current.call(SequenceChecker.body(0)).get(5, TimeUnit.SECONDS);
            StreamSessionException refused = assertThrows(StreamSessionException.class,
                    () -> TestSessions.tcpClient(fixture.server, grant).epoch(epoch - 1).connect());
            assertEquals(ErrorCode.REPLAYED, refused.code());
            assertEquals(1, SequenceChecker.number(current.call(SequenceChecker.body(1)).get(5, TimeUnit.SECONDS)));
        }
    }

    @Test
    void aNewStreamSupersedesOneItsClientLost() throws Exception {
        SessionGrant grant = TestSessions.grant(fixture.store);
        try (NettyStreamClient lost = TestSessions.tcpClient(fixture.server, grant).connect()) {
            lost.call(SequenceChecker.body(0)).get(5, TimeUnit.SECONDS);
            try (NettyStreamClient successor = TestSessions.tcpClient(fixture.server, grant).connect()) {
                ExecutionException ended = assertThrows(ExecutionException.class,
                        () -> lost.finished().get(5, TimeUnit.SECONDS));
                assertEquals(ErrorCode.ABORTED, ((StreamSessionException) ended.getCause()).code());
                assertEquals(1, SequenceChecker.number(
                        successor.call(SequenceChecker.body(1)).get(5, TimeUnit.SECONDS)));
            }
        }
    }

    @Test
    void aSessionsNextUdpStreamSendsFromThePathItsGracefullyFinishedStreamLearned() throws Exception {
        SessionGrant grant = fixture.store.create(TestSessions.floatSum("urn:hhfr:transport:udp"));
        threeCallsOnAUdpStream(grant, 0, true);
        TestSessions.awaitCounter(fixture.server, TransportMetrics.Counter.SESSIONS_FINISHED, 1);
        assertEquals(0, fixture.server.metrics().get(TransportMetrics.Counter.PATHS_RESUMED));

        threeCallsOnAUdpStream(grant, 3, true);
        assertEquals(1, fixture.server.metrics().get(TransportMetrics.Counter.PATHS_RESUMED));
    }

    @Test
    void aUdpStreamThatFailedLeavesNoPathForTheNext() throws Exception {
        SessionGrant grant = fixture.store.create(TestSessions.floatSum("urn:hhfr:transport:udp"));
        threeCallsOnAUdpStream(grant, 0, false);
        TestSessions.awaitCounter(fixture.server, TransportMetrics.Counter.SESSIONS_FAILED, 1);

        threeCallsOnAUdpStream(grant, 3, true);
        assertEquals(0, fixture.server.metrics().get(TransportMetrics.Counter.PATHS_RESUMED));
    }

    /** A new UDP stream of the session makes calls {@code from} to {@code from + 2}, then closes or aborts. */
    private void threeCallsOnAUdpStream(SessionGrant grant, long from, boolean gracefully) throws Exception {
        try (NettyStreamClient client = TestSessions.udpClient(fixture.server, grant).connect()) {
            for (long number = from; number < from + 3; number++) {
                assertEquals(number, SequenceChecker.number(
                        client.call(SequenceChecker.body(number)).get(5, TimeUnit.SECONDS)));
            }
            if (gracefully) {
                client.closeGracefully().get(5, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void datagramsRecordedInAnEarlierStreamAreDroppedInTheNextOne() throws Exception {
        SessionGrant grant = fixture.store.create(TestSessions.floatSum("urn:hhfr:transport:udp"));
        InetSocketAddress endpoint = new InetSocketAddress(TestSessions.LOOPBACK, fixture.server.udpPort());
        DatagramWriter firstStream = new DatagramWriter(grant.id(),
                SessionKeys.fromToken(grant.token().toBytes()), Role.CLIENT, DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
        firstStream.add(DataFrame.first(1, 0, 0, false, SequenceChecker.body(0)));
        byte[] recorded = firstStream.finish();
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.send(new DatagramPacket(recorded, recorded.length, endpoint));
            TestSessions.awaitCounter(fixture.server, TransportMetrics.Counter.MESSAGES_DISPATCHED, 1);

            try (NettyStreamClient second = TestSessions.udpClient(fixture.server, grant).connect()) {
                assertEquals(1, SequenceChecker.number(
                        second.call(SequenceChecker.body(1)).get(5, TimeUnit.SECONDS)));
                socket.send(new DatagramPacket(recorded, recorded.length, endpoint));
                TestSessions.awaitCounter(fixture.server, TransportMetrics.Counter.DATAGRAMS_DROPPED_REPLAYED, 1);
                assertEquals(2, SequenceChecker.number(
                        second.call(SequenceChecker.body(2)).get(5, TimeUnit.SECONDS)));
            }
        }
        assertEquals(3, fixture.checker.delivered.get(), "the recorded request ran once, in its own stream");
        assertEquals(0, fixture.checker.violations.get());
    }
}
