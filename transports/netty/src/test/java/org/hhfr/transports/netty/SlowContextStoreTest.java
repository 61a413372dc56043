package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.contextstore.redis.EmbeddedRedis;
import org.hhfr.contextstore.redis.RedisContextStore;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.netty.testing.SampleServices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A context store that is slow (a Redis that one command holds for seconds) must not stall the streams that do not
 * need it: a new connection's session is looked up off the event loops.
 */
@Timeout(60)
class SlowContextStoreTest {
    @Test
    void aHelloLookedUpWhileRedisIsSlowDoesNotStallTheOpenStreamsOfItsEventLoop() throws Exception {
        ExecutorService dispatch = Executors.newSingleThreadExecutor();
        try (EmbeddedRedis redis = EmbeddedRedis.start()) {
            RedisContextStore store = RedisContextStore.connect(redis.settings("loop:"), StoreLimits.defaults());
            StreamServer server = StreamServer.start(store,
                    StreamDispatcher.ofFunction((session, message) -> SampleServices.sum(message.payload())),
                    StreamServerConfig.on(TestSessions.LOOPBACK).ioThreads(1).dispatchExecutor(dispatch)
                            .purgeIntervalMillis(0).build());
            SessionGrant grant = store.create(TestSessions.floatSum("urn:hhfr:transport:tcp"));
            try (NettyStreamClient open = TestSessions.tcpClient(server, grant).connect()) {
                for (int i = 0; i < 20; i++) {
                    assertEquals(i + 0.5f, SampleServices.sumResult(
                            open.call(SampleServices.sumRequest(i, 0.5f)).get(5, TimeUnit.SECONDS)));
                }
                // Redis is slow: another client's command holds it for 3 s (well within lua-time-limit).
                CompletableFuture<Object> busy = redis.busyFor(3_000);
                // Anybody's HELLO for a session this node does not stream (no token needed to get this far).
                HelloFrame hello = HelloFrame.create(false, TokenGenerator.secure().newSessionId(), 1,
                        SessionKeys.fromToken(new byte[32]));
                try (RawTcpPeer stranger = new RawTcpPeer(server.tcpPort()).send(FrameCodec.encode(hello))) {
                    Thread.sleep(50);
                    long start = System.nanoTime();
                    float sum = SampleServices.sumResult(
                            open.call(SampleServices.sumRequest(40, 2f)).get(10, TimeUnit.SECONDS));
                    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                    assertEquals(42f, sum);
                    assertTrue(millis < 250, "a call on the open stream (which needs no Redis) took " + millis
                            + " ms: the event loop was blocked on the context store");
                }
                busy.get(10, TimeUnit.SECONDS);
            } finally {
                server.close();
                store.close();
            }
        } finally {
            dispatch.shutdownNow();
        }
    }
}
