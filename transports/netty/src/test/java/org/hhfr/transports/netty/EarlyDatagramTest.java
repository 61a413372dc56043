package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.transports.Role;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.auth.StreamEpoch;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.DatagramReader;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.FrameType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A UDP stream opened before its session was granted: its datagrams, flagged EARLY, wait for the session (bounded)
 * and run once the negotiation stored it, never before; datagrams of a session that does not come, beyond the
 * limits, or not flagged, are dropped unanswered and run nothing.
 */
@Timeout(30)
class EarlyDatagramTest {
    private static final String UDP = "urn:hhfr:transport:udp";

    private final InMemoryContextStore store = TestSessions.store();
    private final TokenGenerator tokens = TokenGenerator.secure();
    private final List<DatagramSocket> sockets = new ArrayList<>();
    private EchoingStreamServer echo;

    @AfterEach
    void stop() throws Exception {
        for (DatagramSocket socket : sockets) {
            socket.close();
        }
        if (echo != null) {
            echo.close();
        }
        store.close();
    }

    private void start(EarlyHandshakeLimits limits) throws Exception {
        echo = EchoingStreamServer.start(store, TestSessions.config().toBuilder().earlyDatagrams(limits).build());
    }

    /** A wait far above any stall of a shared machine, for the cases that are not about the wait. */
    private static EarlyHandshakeLimits patient(int maxPerAddress, int maxBytes) {
        return new EarlyHandshakeLimits(maxPerAddress, 64, maxBytes, 30_000, 100);
    }

    @Test
    void earlyDatagramsRunOnceTheNegotiationStoresTheSessionAndNotBefore() throws Exception {
        start(patient(8, 32 << 10));
        EarlyClient client = new EarlyClient(true);
        client.send(3, 16);

        assertThrows(SocketTimeoutException.class, () -> client.receive(150), "nothing answered before the session");
        assertEquals(0, echo.dispatched());
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_PARKED, 1);

        store.createProposed(TestSessions.floatSum(UDP), null, client.id, client.token);
        TestSessions.await(echo.server(), "3 calls answered", () -> echo.dispatched() == 3);
        assertEquals(3, client.answers(3));
        assertEquals(1, echo.server().metrics().get(TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_PARKED),
                "one place for the stream, not one per datagram");
        assertEquals(0, echo.server().metrics().get(TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_DROPPED));
        assertEquals(0, echo.server().metrics().get(TransportMetrics.Counter.DATAGRAMS_DROPPED_UNKNOWN_SESSION));
    }

    /**
     * Anyone who saw a session's id can send datagrams naming it: a forger's, at another epoch, waits apart and
     * holds up none of the client's stream.
     */
    @Test
    void aForgedDatagramNamingTheSessionAtAnotherEpochHoldsUpNoneOfTheClientsStream() throws Exception {
        start(patient(8, 32 << 10));
        EarlyClient client = new EarlyClient(true);
        DatagramWriter forger = new DatagramWriter(client.id, SessionKeys.fromToken(new byte[32], 7), Role.CLIENT,
                DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
        forger.early();
        forger.add(DataFrame.first(1, 0, 0, false, new byte[16]));
        byte[] forged = forger.finish();
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.send(new DatagramPacket(forged, forged.length,
                    new InetSocketAddress(TestSessions.LOOPBACK, echo.server().udpPort())));
        }
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_PARKED, 1);
        client.send(3, 16);
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_PARKED, 2);

        store.createProposed(TestSessions.floatSum(UDP), null, client.id, client.token);
        assertEquals(3, client.answers(3));
        assertEquals(3, echo.dispatched());
        assertEquals(1, echo.server().metrics().get(TransportMetrics.Counter.DATAGRAMS_DROPPED_BAD_TAG));
    }

    @Test
    void earlyDatagramsWhoseSessionDoesNotComeInTimeAreDroppedUnanswered() throws Exception {
        start(new EarlyHandshakeLimits(8, 64, 64 << 10, 200, 100));
        EarlyClient client = new EarlyClient(true);
        client.send(2, 16);
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_DROPPED, 1);

        store.createProposed(TestSessions.floatSum(UDP), null, client.id, client.token);
        assertThrows(SocketTimeoutException.class, () -> client.receive(300));
        assertEquals(0, echo.dispatched());
        assertEquals(2, echo.server().metrics().get(TransportMetrics.Counter.DATAGRAMS_DROPPED_UNKNOWN_SESSION));
    }

    @Test
    void datagramsNotFlaggedEarlyForAnUnknownSessionAreDroppedAtOnce() throws Exception {
        start(patient(8, 32 << 10));
        EarlyClient client = new EarlyClient(false);
        client.send(2, 16);
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.DATAGRAMS_DROPPED_UNKNOWN_SESSION, 2);

        store.createProposed(TestSessions.floatSum(UDP), null, client.id, client.token);
        assertThrows(SocketTimeoutException.class, () -> client.receive(300));
        assertEquals(0, echo.dispatched());
        assertEquals(0, echo.server().metrics().get(TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_PARKED));
    }

    @Test
    void anAddressHoldingItsLimitOfParkedStreamsHasTheNextStreamsDatagramsDropped() throws Exception {
        start(patient(1, 32 << 10));
        EarlyClient first = new EarlyClient(true);
        EarlyClient second = new EarlyClient(true);
        first.send(1, 16);
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_PARKED, 1);
        second.send(1, 16);
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_DROPPED, 1);

        store.createProposed(TestSessions.floatSum(UDP), null, second.id, second.token);
        store.createProposed(TestSessions.floatSum(UDP), null, first.id, first.token);
        assertEquals(1, first.answers(1));
        assertThrows(SocketTimeoutException.class, () -> second.receive(300));
        assertEquals(1, echo.dispatched());
    }

    @Test
    void aParkedStreamHoldsItsDatagramsOnlyUpToItsByteLimit() throws Exception {
        // Each datagram of a 300-byte call costs its 340 bytes plus 128: two fit in 1,000, not three.
        start(patient(8, 1_000));
        EarlyClient client = new EarlyClient(true);
        client.send(3, 300);
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.DATAGRAMS_DROPPED_UNKNOWN_SESSION, 1);

        store.createProposed(TestSessions.floatSum(UDP), null, client.id, client.token);
        TestSessions.await(echo.server(), "the 2 calls held answered", () -> echo.dispatched() == 2);
        assertEquals(2, client.answers(2));
        assertEquals(2, echo.dispatched(), "the third call was dropped, to be sent again");
    }

    @Test
    void aStreamGivesItsPlaceBackWhenItsSessionComesOrItsWaitEnds() throws Exception {
        start(new EarlyHandshakeLimits(1, 1, 32 << 10, 500, 100));
        EarlyClient found = new EarlyClient(true);
        found.send(1, 16);
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_PARKED, 1);
        store.createProposed(TestSessions.floatSum(UDP), null, found.id, found.token);
        assertEquals(1, found.answers(1));

        EarlyClient abandoned = new EarlyClient(true);
        abandoned.send(1, 16);
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_PARKED, 2);
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_DROPPED, 1);

        EarlyClient last = new EarlyClient(true);
        last.send(1, 16);
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_PARKED, 3);
        store.createProposed(TestSessions.floatSum(UDP), null, last.id, last.token);
        assertEquals(1, last.answers(1));
        assertEquals(1, echo.server().metrics().get(TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_DROPPED),
                "every stream found a place: each one before it gave its place back");
    }

    @Test
    void earlyDatagramsCannotTakeThePlacesOfEarlyTcpHandshakes() throws Exception {
        echo = EchoingStreamServer.start(store, TestSessions.config().toBuilder()
                .earlyDatagrams(patient(1, 32 << 10)).earlyHandshakes(patient(1, 64 << 10)).build());
        new EarlyClient(true).send(1, 16);
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_DATAGRAM_STREAMS_PARKED, 1);

        SessionId id = tokens.newSessionId();
        SessionToken token = tokens.newToken();
        RawTcpPeer peer = echo.connect(TestSessions.earlyHello(id, token, 1, 16));
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_HANDSHAKES_PARKED, 1);
        store.createProposed(TestSessions.floatSum("urn:hhfr:transport:tcp"), null, id, token);
        TestSessions.await(echo.server(), "the early HELLO's call answered", () -> echo.dispatched() == 1);
        assertEquals(0, echo.server().metrics().get(TransportMetrics.Counter.EARLY_HANDSHAKES_REFUSED));
        peer.close();
    }

    /** A client of a session it proposed, sending raw datagrams of its first stream before the grant. */
    private final class EarlyClient {
        final SessionId id = tokens.newSessionId();
        final SessionToken token = tokens.newToken();
        final DatagramSocket socket = new DatagramSocket();
        final DatagramWriter writer;
        final DatagramReader reader;

        EarlyClient(boolean early) throws Exception {
            sockets.add(socket);
            SessionKeys keys = SessionKeys.fromToken(token.toBytes(), StreamEpoch.FIRST);
            writer = new DatagramWriter(id, keys, Role.CLIENT, DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
            if (early) {
                writer.early();
            }
            reader = new DatagramReader(id, SessionKeys.fromToken(token.toBytes(), StreamEpoch.FIRST), Role.CLIENT,
                    FrameLimits.defaults());
        }

        /** Sends {@code calls} requests of {@code size} bytes, one datagram each. */
        void send(int calls, int size) throws Exception {
            InetSocketAddress server = new InetSocketAddress(TestSessions.LOOPBACK, echo.server().udpPort());
            for (int i = 1; i <= calls; i++) {
                writer.add(DataFrame.first(i, 0, 0, false, new byte[size]));
                byte[] datagram = writer.finish();
                socket.send(new DatagramPacket(datagram, datagram.length, server));
            }
        }

        /** The frames of the next datagram, verified; SocketTimeoutException after {@code millis}. */
        List<Frame> receive(int millis) throws Exception {
            byte[] buffer = new byte[2048];
            DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
            socket.setSoTimeout(millis);
            socket.receive(packet);
            List<Frame> frames = new ArrayList<>();
            reader.read(buffer, 0, packet.getLength(), frames::add);
            return frames;
        }

        /** Reads datagrams until {@code expected} answers came (or 5 s passed); the answers counted. */
        int answers(int expected) throws Exception {
            int answers = 0;
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (answers < expected && System.nanoTime() < deadline) {
                for (Frame frame : receive(5_000)) {
                    if (frame.type() == FrameType.DATA) {
                        answers++;
                    }
                }
            }
            return answers;
        }
    }
}
