package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A HELLO flagged EARLY, for a session its client proposed in a negotiation that is still running, waits for the
 * session (bounded), and the calls behind it run once the negotiation stored it, never before; a session that does
 * not come, and handshakes beyond the limits, are refused as unknown sessions without running anything.
 */
@Timeout(30)
class EarlyHandshakeTest {
    private static final String TCP = "urn:hhfr:transport:tcp";

    private final InMemoryContextStore store = TestSessions.store();
    private final TokenGenerator client = TokenGenerator.secure();
    private EchoingStreamServer echo;

    @AfterEach
    void stop() throws Exception {
        if (echo != null) {
            echo.close();
        }
        store.close();
    }

    private void start(EarlyHandshakeLimits limits) throws Exception {
        echo = EchoingStreamServer.start(store, TestSessions.config().toBuilder().earlyHandshakes(limits).build());
    }

    @Test
    void callsBehindAnEarlyHelloRunOnceTheNegotiationStoresTheSessionAndNotBefore() throws Exception {
        start(EarlyHandshakeLimits.DEFAULTS);
        SessionId id = client.newSessionId();
        SessionToken token = client.newToken();
        RawTcpPeer peer = echo.connect(TestSessions.earlyHello(id, token, 3, 16));
        List<Frame> before = peer.readUntilClosed(150);

        assertTrue(before.isEmpty(), "nothing answered before the session exists: " + before);
        assertEquals(0, echo.dispatched());
        assertEquals(1, echo.server().metrics().get(TransportMetrics.Counter.EARLY_HANDSHAKES_PARKED));

        store.createProposed(TestSessions.floatSum(TCP), null, id, token);
        TestSessions.await(echo.server(), "3 calls answered", () -> echo.dispatched() == 3);
        List<Frame> frames = peer.readUntilClosed(300);
        assertFalse(peer.closedByServer());
        assertEquals(FrameType.WELCOME, frames.get(0).type());
        assertEquals(3, frames.stream().filter(f -> f.type() == FrameType.DATA).count(), frames.toString());
        assertEquals(0, echo.server().metrics().get(TransportMetrics.Counter.EARLY_HANDSHAKES_REFUSED));
    }

    @Test
    void anEarlyHelloWhoseSessionNeverComesIsRefusedAsUnknownAndRunsNothing() throws Exception {
        start(new EarlyHandshakeLimits(8, 64, 64 << 10, 200, 100));
        SessionId id = client.newSessionId();
        SessionToken token = client.newToken();
        RawTcpPeer peer = echo.connect(TestSessions.earlyHello(id, token, 3, 16));

        List<Frame> frames = peer.readUntilClosed(3_000);

        assertTrue(peer.closedByServer());
        assertEquals(1, frames.size(), frames.toString());
        assertEquals(ErrorCode.UNKNOWN_SESSION, ((ErrorFrame) frames.get(0)).code());
        assertTrue(((ErrorFrame) frames.get(0)).reason().contains("not negotiated within 200 ms"),
                frames.toString());
        store.createProposed(TestSessions.floatSum(TCP), null, id, token);
        Thread.sleep(100);
        assertEquals(0, echo.dispatched(), "a session stored after the refusal runs nothing of the refused calls");
        assertEquals(1, echo.server().metrics().get(TransportMetrics.Counter.EARLY_HANDSHAKES_REFUSED));
    }

    @Test
    void aFloodOfEarlyHellosFromOneAddressIsRefusedBeyondItsShare() throws Exception {
        start(new EarlyHandshakeLimits(4, 64, 4_096, 2_000, 100));
        for (int i = 0; i < 10; i++) {
            echo.connect(TestSessions.earlyHello(client.newSessionId(), client.newToken(), 1, 16));
        }
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_HANDSHAKES_REFUSED, 6);
        assertEquals(4, echo.server().metrics().get(TransportMetrics.Counter.EARLY_HANDSHAKES_PARKED),
                "one address parks at most its share");
        int refusedAtOnce = 0;
        for (RawTcpPeer peer : echo.peers()) {
            List<Frame> frames = peer.readUntilClosed(50);
            if (peer.closedByServer()) {
                assertEquals(ErrorCode.UNKNOWN_SESSION, ((ErrorFrame) frames.get(0)).code());
                refusedAtOnce++;
            }
        }
        assertEquals(6, refusedAtOnce);
        assertEquals(0, echo.dispatched());
    }

    @Test
    void aParkedHandshakeHoldsAtMostItsBytesAndIsNotReadFurther() throws Exception {
        start(new EarlyHandshakeLimits(4, 64, 100, 2_000, 100));
        RawTcpPeer within = echo.connect(TestSessions.earlyHello(client.newSessionId(), client.newToken(), 2, 30));
        RawTcpPeer beyond = echo.connect(TestSessions.earlyHello(client.newSessionId(), client.newToken(), 4, 30));

        List<Frame> refused = beyond.readUntilClosed(1_000);
        assertTrue(beyond.closedByServer(), "frames beyond the parked bytes are refused at once");
        assertEquals(ErrorCode.UNKNOWN_SESSION, ((ErrorFrame) refused.get(0)).code());
        assertTrue(((ErrorFrame) refused.get(0)).reason().contains("more than 100 bytes"), refused.toString());
        within.readUntilClosed(100);
        assertFalse(within.closedByServer(), "a connection within its bytes waits for its session");
        assertEquals(0, echo.dispatched());
    }

    @Test
    void theServerParksAtMostItsLimitOverAllAddresses() throws Exception {
        start(new EarlyHandshakeLimits(8, 3, 4_096, 2_000, 100));
        for (int i = 0; i < 5; i++) {
            echo.connect(TestSessions.earlyHello(client.newSessionId(), client.newToken(), 1, 16));
        }
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_HANDSHAKES_REFUSED, 2);
        assertEquals(3, echo.server().metrics().get(TransportMetrics.Counter.EARLY_HANDSHAKES_PARKED));
    }

    @Test
    void anEarlyHelloForASessionOfAnotherTokenIsRefusedAtOnceAndRunsNothing() throws Exception {
        start(EarlyHandshakeLimits.DEFAULTS);
        SessionId taken = store.create(TestSessions.floatSum(TCP)).id();
        RawTcpPeer peer = echo.connect(TestSessions.earlyHello(taken, client.newToken(), 2, 16));

        List<Frame> frames = peer.readUntilClosed(1_000);

        assertTrue(peer.closedByServer(), "refused without waiting");
        assertEquals(ErrorCode.AUTHENTICATION_FAILED, ((ErrorFrame) frames.get(0)).code());
        assertEquals(0, echo.server().metrics().get(TransportMetrics.Counter.EARLY_HANDSHAKES_PARKED));
        assertEquals(0, echo.dispatched());
    }

}
