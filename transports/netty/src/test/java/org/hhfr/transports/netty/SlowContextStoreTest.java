package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.InMemoryReplyCache;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.contextstore.redis.EmbeddedRedis;
import org.hhfr.contextstore.redis.RedisContextStore;
import org.hhfr.contextstore.redis.RedisStoreSettings;
import org.hhfr.contextstore.redis.RedisStreamEpochs;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.netty.testing.SampleServices;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.UnifiedJedis;

/**
 * A context store that is slow (a Redis that one command holds for seconds) must not stall the streams that do not
 * need it: the sessions new connections and datagrams name are looked up, and new streams confirmed, off the event
 * loops. The stall tests hold Redis for 3 s with another client's command while one event loop carries an open
 * stream, and time a call on that stream. A store that cannot be reached for a while refuses new streams and
 * leaves no trace of them.
 */
@Timeout(60)
class SlowContextStoreTest {
    private static final long BUSY_MILLIS = 3_000;
    /** A call on an open loopback stream, with its loop free: far below this even on a loaded machine. */
    private static final long UNSTALLED_MILLIS = 250;

    private final ExecutorService dispatch = Executors.newSingleThreadExecutor();
    private final EmbeddedRedis redis = EmbeddedRedis.start();
    /** The epochs' connection to Redis, in the tests that share stream epochs there. */
    private UnifiedJedis epochsClient;

    @AfterEach
    void stop() {
        if (epochsClient != null) {
            epochsClient.close();
        }
        redis.close();
        dispatch.shutdownNow();
    }

    @Test
    void aHelloLookedUpWhileRedisIsSlowDoesNotStallTheOpenStreamsOfItsEventLoop() throws Exception {
        RedisContextStore store = RedisContextStore.connect(redis.settings("loop:"), StoreLimits.defaults());
        StreamServer server = start(store, StreamSharing.local());
        SessionGrant grant = store.create(TestSessions.floatSum("urn:hhfr:transport:tcp"));
        try (NettyStreamClient open = TestSessions.tcpClient(server, grant).connect()) {
            warmUp(open);
            CompletableFuture<Object> busy = redis.busyFor(BUSY_MILLIS);
            // Anybody's HELLO for a session this node does not stream (no token needed to get this far).
            HelloFrame hello = HelloFrame.create(false, TokenGenerator.secure().newSessionId(), 1,
                    SessionKeys.fromToken(new byte[32]));
            try (RawTcpPeer stranger = new RawTcpPeer(server.tcpPort()).send(FrameCodec.encode(hello))) {
                Thread.sleep(50);
                assertUnstalled(open, "a HELLO's session was looked up on it");
            }
            busy.get(10, TimeUnit.SECONDS);
        } finally {
            server.close();
            store.close();
        }
    }

    @Test
    void aDatagramLookedUpWhileRedisIsSlowDoesNotStallTheOpenUdpStreams() throws Exception {
        RedisContextStore store = RedisContextStore.connect(redis.settings("loop:"), StoreLimits.defaults());
        StreamServer server = start(store, StreamSharing.local());
        SessionGrant grant = store.create(TestSessions.floatSum("urn:hhfr:transport:udp"));
        try (NettyStreamClient open = TestSessions.udpClient(server, grant).connect();
             DatagramSocket stranger = new DatagramSocket()) {
            warmUp(open);
            CompletableFuture<Object> busy = redis.busyFor(BUSY_MILLIS);
            // Anybody's first datagram for a session this node does not stream (no token needed to get this far).
            DatagramWriter writer = new DatagramWriter(TokenGenerator.secure().newSessionId(),
                    SessionKeys.fromToken(new byte[32]), Role.CLIENT, 1200);
            writer.add(DataFrame.first(1, 0, 0, false, new byte[8]));
            byte[] datagram = writer.finish();
            stranger.send(new DatagramPacket(datagram, datagram.length,
                    new InetSocketAddress(TestSessions.LOOPBACK, server.udpPort())));
            Thread.sleep(50);
            assertUnstalled(open, "a datagram's session was looked up on it");
            busy.get(10, TimeUnit.SECONDS);
        } finally {
            server.close();
            store.close();
        }
    }

    @Test
    void theScheduledPurgeOfASlowRedisDoesNotStallTheOpenStreams() throws Exception {
        RedisContextStore store = RedisContextStore.connect(redis.settings("loop:"), StoreLimits.defaults());
        StreamServer server = StreamServer.start(store,
                StreamDispatcher.ofFunction((session, message) -> SampleServices.sum(message.payload())),
                StreamServerConfig.on(TestSessions.LOOPBACK).ioThreads(1).dispatchExecutor(dispatch)
                        .purgeIntervalMillis(100).build());
        SessionGrant grant = store.create(TestSessions.floatSum("urn:hhfr:transport:tcp"));
        try (NettyStreamClient open = TestSessions.tcpClient(server, grant).connect()) {
            warmUp(open);
            CompletableFuture<Object> busy = redis.busyFor(BUSY_MILLIS);
            Thread.sleep(300); // a purge or two started meanwhile
            assertUnstalled(open, "the store was purged on it");
            busy.get(10, TimeUnit.SECONDS);
        } finally {
            server.close();
            store.close();
        }
    }

    /**
     * The sessions are in this node's memory, their stream epochs in a shared Redis that answers within 10 s: a new
     * stream's epoch is raised there before it streams, and that must not hold the event loop it opens on.
     */
    @ParameterizedTest
    @ValueSource(strings = {"urn:hhfr:transport:tcp", "urn:hhfr:transport:udp"})
    void aStreamOpenedWhileTheSharedEpochsAreSlowDoesNotStallTheOpenStreamsOfItsEventLoop(String transport)
            throws Exception {
        ContextStore store = TestSessions.store();
        StreamServer server = start(store, epochsInRedis(10_000));
        boolean udp = transport.endsWith("udp");
        SessionGrant first = store.create(TestSessions.floatSum(transport));
        SessionGrant second = store.create(TestSessions.floatSum(transport));
        NettyStreamClient.Builder opening = udp ? TestSessions.udpClient(server, second)
                : TestSessions.tcpClient(server, second);
        try (NettyStreamClient open = (udp ? TestSessions.udpClient(server, first)
                : TestSessions.tcpClient(server, first)).connect()) {
            warmUp(open);
            CompletableFuture<Object> busy = redis.busyFor(BUSY_MILLIS);
            CompletableFuture<Float> next = sumOnANewStream(opening);
            Thread.sleep(100);
            assertUnstalled(open, "a new stream's epoch was raised on it");
            assertEquals(3f, next.get(20, TimeUnit.SECONDS));
            busy.get(10, TimeUnit.SECONDS);
        } finally {
            server.close();
        }
    }

    /**
     * A new stream the store could not confirm (the shared epochs' Redis is down) is taken back: its client's
     * datagrams, sent again at the same epoch once Redis is back, open it.
     */
    @Test
    void aUdpStreamTheStoreCouldNotConfirmOpensWhenItsClientSendsAgainAfterRedisIsBack() throws Exception {
        ContextStore store = TestSessions.store();
        StreamServer server = start(store, epochsInRedis(500));
        SessionGrant grant = store.create(TestSessions.floatSum("urn:hhfr:transport:udp"));
        try {
            redis.stop();
            CompletableFuture<Float> first = sumOnANewStream(TestSessions.udpClient(server, grant));
            TestSessions.await(server, "a datagram refused while Redis is down", () -> server.metrics()
                    .get(TransportMetrics.Counter.DATAGRAMS_DROPPED_UNKNOWN_SESSION) > 0);
            redis.startAgain();
            assertEquals(3f, first.get(30, TimeUnit.SECONDS));
        } finally {
            server.close();
        }
    }

    /**
     * A newer stream of a session that the store could not confirm supersedes nothing: the session's running
     * stream goes on, and is still the one its client resumes after a cut.
     */
    @Test
    void aStreamRunsOnAndResumesWhenTheStoreCouldNotConfirmANewerOne() throws Exception {
        ContextStore store = TestSessions.store();
        StreamServer server = start(store, epochsInRedis(500));
        SessionGrant grant = store.create(TestSessions.floatSum("urn:hhfr:transport:tcp"));
        try (NettyStreamClient running = TestSessions.tcpClient(server, grant).connect()) {
            warmUp(running);
            redis.stop();
            StreamSessionException refused = assertThrows(StreamSessionException.class,
                    () -> TestSessions.tcpClient(server, grant).connect().close());
            assertEquals(ErrorCode.UNKNOWN_SESSION, refused.code(), refused.getMessage());
            assertUnstalled(running, "after a newer stream was refused");
            server.dropConnections();
            assertEquals(7f, SampleServices.sumResult(
                    running.call(SampleServices.sumRequest(3, 4f)).get(10, TimeUnit.SECONDS)));
            assertTrue(running.reconnects() > 0, "the stream was not cut");
        } finally {
            server.close();
        }
    }

    /** Replies in memory, stream epochs in the test's Redis, each reply awaited at most {@code replyMillis}. */
    private StreamSharing epochsInRedis(int replyMillis) {
        RedisStoreSettings settings = redis.settings("epochs:").withTimeouts(500, replyMillis);
        epochsClient = settings.openClient();
        return StreamSharing.shared(new InMemoryReplyCache(),
                new RedisStreamEpochs(epochsClient, settings.keyPrefix(), 60_000), "node-a");
    }

    /**
     * 1 + 2 on a stream {@code builder} opens, on another thread; the stream opens with its first call (a UDP
     * stream has no handshake of its own).
     */
    private static CompletableFuture<Float> sumOnANewStream(NettyStreamClient.Builder builder) {
        return CompletableFuture.supplyAsync(() -> {
            try (NettyStreamClient client = builder.connect()) {
                return SampleServices.sumResult(
                        client.call(SampleServices.sumRequest(1, 2f)).get(30, TimeUnit.SECONDS));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** One event loop, so that every stream shares the loop a blocking store call would hold. */
    private StreamServer start(ContextStore store, StreamSharing sharing) throws IOException {
        return StreamServer.start(store,
                StreamDispatcher.ofFunction((session, message) -> SampleServices.sum(message.payload())),
                StreamServerConfig.on(TestSessions.LOOPBACK).ioThreads(1).dispatchExecutor(dispatch)
                        .purgeIntervalMillis(0).sharing(sharing).build());
    }

    private static void warmUp(NettyStreamClient open) throws Exception {
        for (int i = 0; i < 20; i++) {
            assertEquals(i + 0.5f, SampleServices.sumResult(
                    open.call(SampleServices.sumRequest(i, 0.5f)).get(5, TimeUnit.SECONDS)));
        }
    }

    private static void assertUnstalled(NettyStreamClient open, String stall) throws Exception {
        long start = System.nanoTime();
        float sum = SampleServices.sumResult(open.call(SampleServices.sumRequest(40, 2f)).get(10, TimeUnit.SECONDS));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(42f, sum);
        assertTrue(millis < UNSTALLED_MILLIS, "a call on the open stream (which needs no Redis) took " + millis
                + " ms: its event loop was blocked on Redis (" + stall + ")");
    }
}
