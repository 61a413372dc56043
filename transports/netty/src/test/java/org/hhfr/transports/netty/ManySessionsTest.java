package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.SessionGrant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A thousand sessions at once on loopback, each with its own engine, all served exactly once in order. */
class ManySessionsTest {
    private static final int SESSIONS = 1_000;
    private static final int CALLS = 20;

    @Test
    @Timeout(120)
    void thousandConcurrentTcpSessionsAreEachServedInOrder() throws Exception {
        runSessions(false);
    }

    @Test
    @Timeout(120)
    void thousandConcurrentUdpSessionsAreEachServedInOrder() throws Exception {
        runSessions(true);
    }

    private static void runSessions(boolean udp) throws Exception {
        SequenceChecker checker = new SequenceChecker();
        EventLoopGroup clientGroup = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        try (InMemoryContextStore store = TestSessions.store();
             StreamServer server = StreamServer.start(store, checker.dispatcher(), TestSessions.config())) {
            List<NettyStreamClient> clients = new ArrayList<>();
            for (int i = 0; i < SESSIONS; i++) {
                SessionGrant grant = TestSessions.grant(store);
                NettyStreamClient.Builder builder = udp ? TestSessions.udpClient(server, grant)
                        : TestSessions.tcpClient(server, grant);
                clients.add(builder.group(clientGroup).connect());
            }
            List<CompletableFuture<byte[]>> calls = new ArrayList<>();
            for (int call = 0; call < CALLS; call++) {
                for (NettyStreamClient client : clients) {
                    calls.add(client.call(SequenceChecker.body(call)));
                }
            }
            for (int i = 0; i < calls.size(); i++) {
                assertEquals(i / SESSIONS, SequenceChecker.number(calls.get(i).get(60, TimeUnit.SECONDS)));
            }
            assertEquals(SESSIONS, server.sessionCount());
            List<CompletableFuture<Void>> closed = new ArrayList<>();
            for (NettyStreamClient client : clients) {
                closed.add(client.closeGracefully());
            }
            CompletableFuture.allOf(closed.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
            TestSessions.awaitCounter(server, TransportMetrics.Counter.SESSIONS_FINISHED, SESSIONS);
            assertEquals(0, server.metrics().get(TransportMetrics.Counter.SESSIONS_FAILED));
            assertEquals(0, checker.violations.get());
            assertEquals((long) SESSIONS * CALLS, checker.delivered.get());
        } finally {
            clientGroup.shutdownGracefully(0, 1_000, TimeUnit.MILLISECONDS).syncUninterruptibly();
        }
    }
}
