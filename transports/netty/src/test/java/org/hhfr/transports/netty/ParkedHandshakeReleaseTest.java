package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A parked early HELLO goes on as soon as a negotiation on this node stores its session, without the store being
 * asked for it again: the server's lookups are off here, so only the store's announcement can release it, even for
 * a session stored while the HELLO's own lookup runs. A flood of early HELLOs for sessions that never come costs
 * the store at most the capped lookups a second.
 */
@Timeout(30)
class ParkedHandshakeReleaseTest {
    private static final String TCP = "urn:hhfr:transport:tcp";
    /** Long waits and no lookups: a handshake that goes on was released by the store's announcement. */
    private static final EarlyHandshakeLimits ANNOUNCED_ONLY = new EarlyHandshakeLimits(8, 64, 64 << 10, 20_000, 0);

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

    private void start(CountingContextStore counted, EarlyHandshakeLimits limits) throws Exception {
        echo = EchoingStreamServer.start(counted, TestSessions.config().toBuilder().earlyHandshakes(limits)
                .handshakeTimeoutMillis(20_000).build());
    }

    @Test
    void aParkedHelloGoesOnWhenTheNegotiationHereStoresItsSessionWithoutALookup() throws Exception {
        start(new CountingContextStore(store), ANNOUNCED_ONLY);
        SessionId id = client.newSessionId();
        SessionToken token = client.newToken();
        RawTcpPeer peer = echo.connect(TestSessions.earlyHello(id, token, 3, 16));
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_HANDSHAKES_PARKED, 1);

        store.createProposed(TestSessions.floatSum(TCP), null, id, token);

        TestSessions.await(echo.server(), "3 calls answered", () -> echo.dispatched() == 3);
        List<Frame> frames = peer.readUntilClosed(300);
        assertFalse(peer.closedByServer());
        assertEquals(FrameType.WELCOME, frames.get(0).type());
        assertEquals(0, echo.server().metrics().get(TransportMetrics.Counter.EARLY_SESSION_LOOKUPS));
    }

    @Test
    void aSessionStoredWhileTheHellosOwnLookupRunsIsNotMissed() throws Exception {
        SessionId id = client.newSessionId();
        SessionToken token = client.newToken();
        AtomicBoolean negotiated = new AtomicBoolean();
        start(new CountingContextStore(store) {
            /** The negotiation stores the session just after the HELLO's lookup found nothing. */
            @Override
            public Optional<StoredSession> peek(SessionId asked) throws ContextStoreException {
                Optional<StoredSession> found = super.peek(asked);
                if (asked.equals(id) && negotiated.compareAndSet(false, true)) {
                    store.createProposed(TestSessions.floatSum(TCP), null, id, token);
                }
                return found;
            }
        }, ANNOUNCED_ONLY);

        RawTcpPeer peer = echo.connect(TestSessions.earlyHello(id, token, 2, 16));

        TestSessions.await(echo.server(), "2 calls answered", () -> echo.dispatched() == 2);
        assertTrue(negotiated.get());
        assertEquals(FrameType.WELCOME, peer.readUntilClosed(300).get(0).type());
        assertEquals(0, echo.server().metrics().get(TransportMetrics.Counter.EARLY_HANDSHAKES_REFUSED));
    }

    @Test
    void aFloodOfEarlyHellosForSessionsThatNeverComeCostsAtMostTheCappedLookups() throws Exception {
        int hellos = 40;
        int perSecond = 10;
        CountingContextStore counted = new CountingContextStore(store);
        start(counted, new EarlyHandshakeLimits(64, 64, 4_096, 1_500, perSecond));
        long began = System.nanoTime();
        for (int i = 0; i < hellos; i++) {
            echo.connect(TestSessions.earlyHello(client.newSessionId(), client.newToken(), 1, 16));
        }
        TestSessions.awaitCounter(echo.server(), TransportMetrics.Counter.EARLY_HANDSHAKES_REFUSED, hellos);
        Thread.sleep(100);
        double seconds = (System.nanoTime() - began) / 1e9;
        long lookups = echo.server().metrics().get(TransportMetrics.Counter.EARLY_SESSION_LOOKUPS);
        int gets = counted.gets();

        assertEquals(hellos, echo.server().metrics().get(TransportMetrics.Counter.EARLY_HANDSHAKES_PARKED));
        assertEquals(hellos + lookups, gets, "one lookup per HELLO as it arrives, the rest counted as lookups");
        assertTrue(lookups > 0, "sessions another node might store are looked for");
        assertTrue(lookups <= Math.floor(perSecond * seconds) + 1, lookups + " lookups in " + seconds + " s");
        Thread.sleep(500);
        assertEquals(gets, counted.gets(), "refused handshakes cost no more lookups");
        assertEquals(0, echo.dispatched());
    }

}
