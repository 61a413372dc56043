package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.contextstore.redis.EmbeddedRedis;
import org.hhfr.contextstore.redis.RedisContextStore;
import org.hhfr.contextstore.redis.RedisStoreSettings;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two nodes share their sessions in a real redis-server, and an early HELLO reaches node B's stream server: when
 * node A's negotiation stores the session, B hears nothing of it and finds it by its paced lookups; when B's own
 * negotiation stores it, B's store announces it and the handshake goes on with no lookup at all.
 */
@Timeout(30)
class SharedStoreEarlyHandshakeTest {
    private static final String TCP = "urn:hhfr:transport:tcp";
    private static final AtomicInteger PREFIXES = new AtomicInteger();
    private static EmbeddedRedis redis;

    private final AtomicInteger dispatched = new AtomicInteger();
    private final TokenGenerator client = TokenGenerator.secure();
    private RedisContextStore nodeA;
    private RedisContextStore nodeB;
    private StreamServer serverB;
    private RawTcpPeer peer;

    @BeforeAll
    static void startRedis() {
        redis = EmbeddedRedis.start();
    }

    @AfterAll
    static void stopRedis() {
        redis.close();
    }

    @BeforeEach
    void openNodes() {
        RedisStoreSettings settings = redis.settings("early" + PREFIXES.incrementAndGet() + ":");
        nodeA = RedisContextStore.connect(settings, StoreLimits.defaults());
        nodeB = RedisContextStore.connect(settings, StoreLimits.defaults());
    }

    @AfterEach
    void stop() throws Exception {
        if (peer != null) {
            peer.close();
        }
        if (serverB != null) {
            serverB.close();
        }
        nodeA.close();
        nodeB.close();
    }

    private void startServerB(EarlyHandshakeLimits limits) throws Exception {
        serverB = StreamServer.start(nodeB, StreamDispatcher.ofFunction((session, message) -> {
            dispatched.incrementAndGet();
            return message.payload();
        }), TestSessions.config().toBuilder().earlyHandshakes(limits).handshakeTimeoutMillis(20_000).build());
    }

    @Test
    void aSessionAnotherNodeStoresIsFoundByThisNodesLookups() throws Exception {
        startServerB(new EarlyHandshakeLimits(8, 64, 64 << 10, 5_000, 100));
        SessionId id = client.newSessionId();
        SessionToken token = client.newToken();
        peer = new RawTcpPeer(serverB.tcpPort()).send(TestSessions.earlyHello(id, token, 3, 16));
        TestSessions.awaitCounter(serverB, TransportMetrics.Counter.EARLY_HANDSHAKES_PARKED, 1);

        nodeA.createProposed(TestSessions.floatSum(TCP), null, id, token);

        TestSessions.await(serverB, "3 calls answered", () -> dispatched.get() == 3);
        List<Frame> frames = peer.readUntilClosed(300);
        assertFalse(peer.closedByServer());
        assertEquals(FrameType.WELCOME, frames.get(0).type());
        assertTrue(serverB.metrics().get(TransportMetrics.Counter.EARLY_SESSION_LOOKUPS) >= 1);
    }

    @Test
    void aSessionThisNodeStoresInTheSharedStoreReleasesItsHandshakeWithoutLookups() throws Exception {
        startServerB(new EarlyHandshakeLimits(8, 64, 64 << 10, 20_000, 0));
        SessionId id = client.newSessionId();
        SessionToken token = client.newToken();
        peer = new RawTcpPeer(serverB.tcpPort()).send(TestSessions.earlyHello(id, token, 3, 16));
        TestSessions.awaitCounter(serverB, TransportMetrics.Counter.EARLY_HANDSHAKES_PARKED, 1);

        nodeB.createProposed(TestSessions.floatSum(TCP), null, id, token);

        TestSessions.await(serverB, "3 calls answered", () -> dispatched.get() == 3);
        assertEquals(FrameType.WELCOME, peer.readUntilClosed(300).get(0).type());
        assertEquals(0, serverB.metrics().get(TransportMetrics.Counter.EARLY_SESSION_LOOKUPS));
    }

    /**
     * Anyone who saw a session's id can send an early HELLO for it before it is stored: the paced lookups that find
     * it read it without counting a use, so a stranger's HELLO, refused for its proof, does not keep the session
     * alive.
     */
    @Test
    void aStrangersEarlyHelloFoundByTheLookupsIsRefusedWithoutUsingTheSession() throws Exception {
        startServerB(new EarlyHandshakeLimits(8, 64, 64 << 10, 5_000, 100));
        SessionId id = client.newSessionId();
        peer = new RawTcpPeer(serverB.tcpPort()).send(TestSessions.earlyHello(id, client.newToken(), 1, 16));
        TestSessions.awaitCounter(serverB, TransportMetrics.Counter.EARLY_HANDSHAKES_PARKED, 1);

        nodeA.createProposed(TestSessions.floatSum(TCP), null, id, client.newToken());

        List<Frame> frames = peer.readUntilClosed(5_000);
        assertTrue(peer.closedByServer());
        assertEquals(ErrorCode.AUTHENTICATION_FAILED, ((ErrorFrame) frames.get(0)).code(), frames.toString());
        assertTrue(serverB.metrics().get(TransportMetrics.Counter.EARLY_SESSION_LOOKUPS) >= 1);
        StoredSession stored = nodeA.peek(id).orElseThrow();
        assertEquals(stored.createdAtMillis(), stored.lastUsedAtMillis(), "the stranger's HELLO used the session");
        assertEquals(0, dispatched.get());
    }
}
