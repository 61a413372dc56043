package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.ForwardingContextStore;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.InMemoryReplyCache;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.contextstore.StreamEpochs;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.netty.testing.SampleServices;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A verified new stream is admitted on its event loop, then confirmed by the store off it (its shared epoch raised,
 * a use of the session), and streams only then. The store's answer is held back here by {@link GatedEpochs}, a
 * stream-epoch table whose raise for a chosen epoch waits until the test releases it (as a slow shared Redis would,
 * at a moment the test picks), so that what happens meanwhile can be seen.
 */
@Timeout(60)
class StreamAdmissionTest {
    private static final String TCP = "urn:hhfr:transport:tcp";
    private static final String UDP = "urn:hhfr:transport:udp";

    private final ExecutorService dispatch = Executors.newSingleThreadExecutor();
    private final InMemoryContextStore store = TestSessions.store();
    private final GatedEpochs epochs = new GatedEpochs();
    private final List<AutoCloseable> closing = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : closing) {
            try {
                c.close();
            } catch (Exception ignored) {
                // Closing what the test opened; one failing must not keep the others open.
            }
        }
        dispatch.shutdownNow();
    }

    /** Shared epochs (one map, as Redis would be) whose advance for chosen epochs waits until released. */
    static final class GatedEpochs implements StreamEpochs {
        private final ConcurrentMap<Long, CompletableFuture<Boolean>> gates = new ConcurrentHashMap<>();
        private final ConcurrentMap<Long, CountDownLatch> entered = new ConcurrentHashMap<>();
        private final ConcurrentMap<SessionId, Long> latest = new ConcurrentHashMap<>();
        /** An epoch whose next advance fails with an unchecked exception (a store bug, a client library's). */
        volatile long failing = -1;

        void hold(long epoch) {
            gates.put(epoch, new CompletableFuture<>());
            entered.put(epoch, new CountDownLatch(1));
        }

        void awaitHeld(long epoch) throws InterruptedException {
            assertTrue(entered.get(epoch).await(10, TimeUnit.SECONDS), "no confirmation of epoch " + epoch);
        }

        /** The held confirmation goes on: raised (true) or refused as REPLAYED (false). */
        void release(long epoch, boolean answer) {
            gates.get(epoch).complete(answer);
        }

        @Override
        public boolean advance(SessionId session, long epoch) throws ContextStoreException {
            if (epoch == failing) {
                failing = -1;
                throw new IllegalStateException("unexpected reply");
            }
            CompletableFuture<Boolean> gate = gates.get(epoch);
            if (gate != null) {
                entered.get(epoch).countDown();
                try {
                    if (!gate.get(30, TimeUnit.SECONDS)) {
                        return false;
                    }
                } catch (Exception e) {
                    throw new ContextStoreException("gate: " + e);
                }
            }
            boolean[] raised = new boolean[1];
            latest.compute(session, (id, now) -> {
                if (now == null || epoch > now) {
                    raised[0] = true;
                    return epoch;
                }
                return now;
            });
            return raised[0];
        }

        @Override
        public void removeSession(SessionId session) {
            latest.remove(session);
        }
    }

    private StreamServer start(ContextStore store, StreamEpochs epochs, long handshakeTimeoutMillis) throws Exception {
        StreamServer server = StreamServer.start(store,
                StreamDispatcher.ofFunction((session, message) -> SampleServices.sum(message.payload())),
                StreamServerConfig.on(TestSessions.LOOPBACK).ioThreads(1).dispatchExecutor(dispatch)
                        .purgeIntervalMillis(0).handshakeTimeoutMillis(handshakeTimeoutMillis)
                        .sharing(StreamSharing.shared(new InMemoryReplyCache(), epochs, "node-a")).build());
        closing.add(0, server::close);
        return server;
    }

    /** The session's stream, at epoch 10, open and answering. */
    private static NettyStreamClient runningStream(StreamServer server, SessionGrant grant) throws Exception {
        NettyStreamClient running = TestSessions.tcpClient(server, grant).epoch(10).connect();
        assertEquals(3f, sum(running, 1, 2f));
        return running;
    }

    private static float sum(NettyStreamClient client, int a, float b) throws Exception {
        return SampleServices.sumResult(client.call(SampleServices.sumRequest(a, b)).get(5, TimeUnit.SECONDS));
    }

    /** A newer stream of the session, at {@code epoch}, whose confirmation the store holds until released. */
    private CompletableFuture<NettyStreamClient> heldInConfirmation(StreamServer server, SessionGrant grant,
            long epoch) throws InterruptedException {
        epochs.hold(epoch);
        CompletableFuture<NettyStreamClient> newer = connectAsync(TestSessions.tcpClient(server, grant).epoch(epoch));
        epochs.awaitHeld(epoch);
        return newer;
    }

    private static CompletableFuture<NettyStreamClient> connectAsync(NettyStreamClient.Builder builder) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return builder.connect();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static ErrorCode refusal(CompletableFuture<NettyStreamClient> connecting) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> connecting.get(20, TimeUnit.SECONDS));
        Throwable cause = e.getCause().getCause();
        return cause instanceof StreamSessionException ? ((StreamSessionException) cause).code() : null;
    }

    /**
     * The session's stream runs on while a newer one is confirmed: cut meanwhile, it resumes, and goes on when the
     * store refuses the newer one.
     */
    @Test
    void theRunningStreamResumesWhileANewerOneIsConfirmedAndGoesOnWhenItIsRefused() throws Exception {
        StreamServer server = start(store, epochs, 10_000);
        SessionGrant grant = store.create(TestSessions.floatSum(TCP));
        try (NettyStreamClient running = runningStream(server, grant)) {
            CompletableFuture<NettyStreamClient> newer = heldInConfirmation(server, grant, 20);
            running.dropConnection();
            CompletableFuture<byte[]> during = running.call(SampleServices.sumRequest(3, 4f));
            Thread.sleep(1_000); // the running client resumes meanwhile
            epochs.release(20, false);
            assertEquals(ErrorCode.REPLAYED, refusal(newer));
            assertEquals(7f, SampleServices.sumResult(during.get(10, TimeUnit.SECONDS)));
        }
    }

    /**
     * A HELLO refused by the handshake timeout while the store confirmed its stream supersedes nothing when the
     * store answers later: its client has gone.
     */
    @Test
    void aHelloRefusedByTheHandshakeTimeoutWhileItsStreamWasConfirmedSupersedesNothing() throws Exception {
        StreamServer server = start(store, epochs, 500);
        SessionGrant grant = store.create(TestSessions.floatSum(TCP));
        try (NettyStreamClient running = runningStream(server, grant)) {
            CompletableFuture<NettyStreamClient> newer = heldInConfirmation(server, grant, 20);
            assertEquals(ErrorCode.PEER_UNRESPONSIVE, refusal(newer));
            epochs.release(20, true);
            Thread.sleep(300);
            assertEquals(7f, sum(running, 3, 4f), "the refused HELLO's stream superseded the running one");
        }
    }

    /**
     * A client whose first connection broke while the store confirmed its stream connects again with the next
     * attempt at the same epoch, before the store answered: that connection is welcomed once the store confirms,
     * rather than refused for an epoch the broken connection's stream is taking.
     */
    @Test
    void aClientReconnectingWhileItsStreamIsConfirmedIsWelcomedAtTheSameEpoch() throws Exception {
        StreamServer server = start(store, epochs, 10_000);
        SessionGrant grant = store.create(TestSessions.floatSum(TCP));
        epochs.hold(20);
        try (RawTcpPeer broken = new RawTcpPeer(server.tcpPort()).send(hello(grant, 20, 1))) {
            epochs.awaitHeld(20);
        }
        try (RawTcpPeer again = new RawTcpPeer(server.tcpPort()).send(hello(grant, 20, 2))) {
            Thread.sleep(300); // the HELLO reaches the stream being confirmed
            epochs.release(20, true);
            assertWelcomed(again);
        }
    }

    /**
     * A stream the store confirmed after its client's connection broke (its epoch is now taken on every node) waits
     * for that client's next HELLO at the same epoch, superseding nothing meanwhile; a recording of the HELLO that
     * started it is still refused.
     */
    @Test
    void aStreamConfirmedAfterItsConnectionBrokeWaitsForItsClientsNextHelloAndSupersedesNothingMeanwhile()
            throws Exception {
        StreamServer server = start(store, epochs, 10_000);
        SessionGrant grant = store.create(TestSessions.floatSum(TCP));
        try (NettyStreamClient running = runningStream(server, grant)) {
            epochs.hold(20);
            try (RawTcpPeer broken = new RawTcpPeer(server.tcpPort()).send(hello(grant, 20, 1))) {
                epochs.awaitHeld(20);
            }
            Thread.sleep(300); // the server sees the connection gone
            epochs.release(20, true);
            Thread.sleep(300); // and hears the store
            assertEquals(7f, sum(running, 3, 4f), "the stream whose connection broke superseded the running one");
            try (RawTcpPeer replay = new RawTcpPeer(server.tcpPort()).send(hello(grant, 20, 1))) {
                assertEquals(ErrorCode.REPLAYED, ((ErrorFrame) replay.readUntilClosed(5_000).get(0)).code());
            }
            try (RawTcpPeer again = new RawTcpPeer(server.tcpPort()).send(hello(grant, 20, 2))) {
                assertWelcomed(again);
                ExecutionException superseded = assertThrows(ExecutionException.class,
                        () -> running.finished().get(5, TimeUnit.SECONDS));
                assertEquals(ErrorCode.ABORTED, ((StreamSessionException) superseded.getCause()).code());
            }
        }
    }

    private static byte[] hello(SessionGrant grant, long epoch, long attempt) {
        return FrameCodec.encode(HelloFrame.create(false, grant.id(), attempt,
                SessionKeys.fromToken(grant.token().toBytes(), epoch)));
    }

    private static void assertWelcomed(RawTcpPeer peer) throws Exception {
        List<Frame> answer = peer.readUntilClosed(1_000);
        assertTrue(!answer.isEmpty() && answer.get(0).type() == FrameType.WELCOME, "answered " + answer);
        assertTrue(!peer.closedByServer(), "the welcomed connection was closed");
    }

    /**
     * A refusal that depends on the epoch is only told to a token holder: a stranger's HELLO naming the epoch of a
     * stream being confirmed is refused for its proof, as at any other epoch.
     */
    @Test
    void aStrangersHelloAtTheEpochOfAStreamBeingConfirmedLearnsNothingOfIt() throws Exception {
        StreamServer server = start(store, epochs, 10_000);
        SessionGrant grant = store.create(TestSessions.floatSum(TCP));
        CompletableFuture<NettyStreamClient> newer = heldInConfirmation(server, grant, 20);
        try {
            ErrorCode other = strangersHello(server, grant.id(), 21);
            ErrorCode opening = strangersHello(server, grant.id(), 20);
            assertEquals(ErrorCode.AUTHENTICATION_FAILED, other);
            assertEquals(other, opening, "a stranger's HELLO told the epoch being opened");
        } finally {
            epochs.release(20, true);
            newer.get(10, TimeUnit.SECONDS).close();
        }
    }

    private static ErrorCode strangersHello(StreamServer server, SessionId id, long epoch) throws Exception {
        HelloFrame hello = HelloFrame.create(false, id, 1, SessionKeys.fromToken(new byte[32], epoch));
        try (RawTcpPeer stranger = new RawTcpPeer(server.tcpPort()).send(FrameCodec.encode(hello))) {
            List<Frame> frames = stranger.readUntilClosed(5_000);
            return ((ErrorFrame) frames.get(0)).code();
        }
    }

    /**
     * Two newer streams confirmed at once (a ticket opened twice), both refused by the store: the running stream,
     * which neither superseded, goes on.
     */
    @Test
    void twoNewerStreamsBothRefusedLeaveTheRunningOneRunning() throws Exception {
        StreamServer server = start(store, epochs, 10_000);
        SessionGrant grant = store.create(TestSessions.floatSum(TCP));
        try (NettyStreamClient running = runningStream(server, grant)) {
            CompletableFuture<NettyStreamClient> second = heldInConfirmation(server, grant, 20);
            CompletableFuture<NettyStreamClient> third = heldInConfirmation(server, grant, 30);
            epochs.release(20, false);
            assertEquals(ErrorCode.REPLAYED, refusal(second));
            epochs.release(30, false);
            assertEquals(ErrorCode.REPLAYED, refusal(third));
            Thread.sleep(200);
            assertEquals(7f, sum(running, 3, 4f), "a stream no newer one superseded was aborted");
        }
    }

    /**
     * With epoll, one UDP socket and one event loop per I/O thread: a stream's first datagrams that reach several
     * sockets (a NAT rebinding, or anybody replaying them from other ports) wait for their session on each
     * endpoint, and every endpoint hands its datagrams to the one stream on that stream's own loop. The store's
     * lookups are slowed so that they answer one after another.
     */
    @Test
    void datagramsParkedOnSeveralEndpointsReachTheirStreamOnItsOwnLoop() throws Exception {
        AtomicInteger peeks = new AtomicInteger();
        ContextStore slowPeeks = new ForwardingContextStore(TestSessions.store()) {
            @Override
            public Optional<StoredSession> peek(SessionId id) throws ContextStoreException {
                int n = peeks.incrementAndGet();
                try {
                    Thread.sleep(n == 1 ? 300 : 900);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return super.peek(id);
            }
        };
        AtomicInteger onLoop = new AtomicInteger();
        AtomicInteger offLoop = new AtomicInteger();
        StreamServer server = StreamServer.start(slowPeeks, StreamDispatcher.ofFunction((session, message) -> {
            boolean own = ((ServerSession) session).loop().inEventLoop();
            (own ? onLoop : offLoop).incrementAndGet();
            return new byte[0];
        }), StreamServerConfig.on(TestSessions.LOOPBACK).ioThreads(4).dispatchExecutor(Runnable::run)
                .purgeIntervalMillis(0).build());
        closing.add(0, server::close);
        SessionGrant grant = slowPeeks.create(TestSessions.floatSum(UDP));
        DatagramWriter writer = new DatagramWriter(grant.id(), SessionKeys.fromToken(grant.token().toBytes(), 7),
                Role.CLIENT, 1200);
        InetSocketAddress to = new InetSocketAddress(TestSessions.LOOPBACK, server.udpPort());
        int calls = 12;
        List<DatagramSocket> sockets = new ArrayList<>();
        try {
            for (int i = 1; i <= calls; i++) {
                writer.add(DataFrame.first(i, 0, i, false, new byte[8]));
                byte[] datagram = writer.finish();
                DatagramSocket socket = new DatagramSocket(); // a new source port each: any socket of the port
                sockets.add(socket);
                socket.send(new DatagramPacket(datagram, datagram.length, to));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (onLoop.get() + offLoop.get() < calls && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(0, offLoop.get(), "calls of the stream ran on another event loop than its own");
            assertEquals(calls, onLoop.get());
        } finally {
            sockets.forEach(DatagramSocket::close);
        }
    }

    /**
     * The scheduled purge runs on a lookup thread, one at a time: a purge slower than the interval skips the purges
     * that fall due meanwhile, so purges never take every lookup thread from the HELLOs.
     */
    @Test
    void slowPurgesRunOneAtATime() throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        ContextStore slowPurge = new ForwardingContextStore(TestSessions.store()) {
            @Override
            public int purgeExpired() throws ContextStoreException {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                try {
                    Thread.sleep(600);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    running.decrementAndGet();
                }
                return super.purgeExpired();
            }
        };
        StreamServer server = StreamServer.start(slowPurge,
                StreamDispatcher.ofFunction((session, message) -> SampleServices.sum(message.payload())),
                StreamServerConfig.on(TestSessions.LOOPBACK).ioThreads(1).dispatchExecutor(dispatch)
                        .purgeIntervalMillis(100).build());
        closing.add(0, server::close);
        Thread.sleep(1_500);
        SessionGrant grant = slowPurge.create(TestSessions.floatSum(TCP));
        try (NettyStreamClient client = TestSessions.tcpClient(server, grant).connect()) {
            assertEquals(3f, sum(client, 1, 2f));
        }
        assertEquals(1, most.get(), "purges ran at once");
    }

    /**
     * Two nodes share the store and the stream epochs. A HELLO that opened a stream on node A, recorded and replayed
     * to node B (which never streamed the session), verifies there, and the shared epochs refuse it before the
     * store counts a use: a recorded HELLO keeps no session alive.
     */
    @Test
    void aReplayedHelloRefusedByTheSharedEpochsDoesNotUseTheSession() throws Exception {
        StreamServer nodeA = start(store, epochs, 10_000);
        StreamServer nodeB = start(store, epochs, 10_000);
        SessionGrant grant = store.create(TestSessions.floatSum(TCP));
        byte[] recorded = FrameCodec.encode(HelloFrame.create(false, grant.id(), 1,
                SessionKeys.fromToken(grant.token().toBytes(), 5)));
        try (RawTcpPeer client = new RawTcpPeer(nodeA.tcpPort()).send(recorded)) {
            client.readUntilClosed(300);
        }
        long usedAt = store.peek(grant.id()).orElseThrow().lastUsedAtMillis();
        Thread.sleep(50);
        ErrorCode code;
        try (RawTcpPeer replay = new RawTcpPeer(nodeB.tcpPort()).send(recorded)) {
            code = ((ErrorFrame) replay.readUntilClosed(5_000).get(0)).code();
        }
        assertEquals(ErrorCode.REPLAYED, code);
        assertEquals(usedAt, store.peek(grant.id()).orElseThrow().lastUsedAtMillis(),
                "a replayed HELLO, refused, used the session");
    }

    /**
     * A confirmation that fails with an unchecked exception (a store's bug, its client library's) refuses the stream
     * as for a store it cannot reach, and leaves nothing behind: the client's next attempt at the same epoch opens.
     */
    @Test
    void aConfirmationThatThrowsRefusesTheStreamAndLeavesNothingBehind() throws Exception {
        StreamServer server = start(store, epochs, 1_000);
        SessionGrant grant = store.create(TestSessions.floatSum(TCP));
        epochs.failing = 20;
        CompletableFuture<NettyStreamClient> first = connectAsync(TestSessions.tcpClient(server, grant).epoch(20));
        assertEquals(ErrorCode.UNKNOWN_SESSION, refusal(first));
        try (NettyStreamClient again = TestSessions.tcpClient(server, grant).epoch(20).connect()) {
            assertEquals(3f, sum(again, 1, 2f));
        }
    }

    /** The store failing before the epoch is raised refuses the stream and leaves the epoch to the next attempt. */
    @Test
    void aStoreFailingBeforeTheRaiseRefusesTheStreamAndLeavesItsEpochFree() throws Exception {
        AtomicInteger peeks = new AtomicInteger();
        ContextStore flaky = new ForwardingContextStore(store) {
            @Override
            public Optional<StoredSession> peek(SessionId id) throws ContextStoreException {
                if (peeks.incrementAndGet() == 2) { // the confirmation's (the first is the HELLO's lookup)
                    throw new ContextStoreException("connection reset");
                }
                return super.peek(id);
            }
        };
        SessionGrant grant = store.create(TestSessions.floatSum(TCP));
        StreamServer server = start(flaky, epochs, 10_000);
        assertEquals(ErrorCode.UNKNOWN_SESSION, refusal(connectAsync(TestSessions.tcpClient(server, grant).epoch(20))));
        try (NettyStreamClient again = TestSessions.tcpClient(server, grant).epoch(20).connect()) {
            assertEquals(3f, sum(again, 1, 2f));
        }
    }

    /**
     * Once the epoch is raised the stream opens, even when the store then fails to count the use (its touches count
     * later ones): a UDP client, which hears no refusal and sends again at the same epoch, would otherwise never
     * open it.
     */
    @Test
    void aStoreFailingToCountTheUseAfterTheRaiseStillOpensTheStream() throws Exception {
        AtomicBoolean failOnce = new AtomicBoolean(true);
        ContextStore flaky = new ForwardingContextStore(store) {
            @Override
            public Optional<StoredSession> get(SessionId id) throws ContextStoreException {
                if (failOnce.getAndSet(false)) {
                    throw new ContextStoreException("connection reset");
                }
                return super.get(id);
            }
        };
        SessionGrant grant = store.create(TestSessions.floatSum(UDP));
        StreamServer server = start(flaky, epochs, 10_000);
        try (NettyStreamClient client = TestSessions.udpClient(server, grant).epoch(20).connect()) {
            assertEquals(3f, sum(client, 1, 2f));
        }
        assertTrue(!failOnce.get(), "the use was not asked for");
    }
}
