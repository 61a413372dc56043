package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.hhfr.contextstore.SessionGrant;
import org.hhfr.transports.netty.TransportMetrics.Counter;
import org.hhfr.transports.reliability.LinkType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A stream's counters land under its own transport: open streams, messages in and out, the retransmissions its
 * engine made (through a lossy relay), and how it ended; the other transport's stay at zero.
 */
@Timeout(60)
class StreamCountersTest {
    private static final int CALLS = 500;

    @RegisterExtension
    final CheckedServer fixture = new CheckedServer();

    @Test
    void aTcpStreamIsCountedUnderTcpFromOpenToFinished() throws Exception {
        SessionGrant grant = TestSessions.grant(fixture.store);
        StreamServer server = fixture.server;
        try (NettyStreamClient client = TestSessions.tcpClient(server, grant).connect()) {
            callAll(client);
            assertEquals(1, server.openStreams(LinkType.STREAM));
            assertEquals(0, server.openStreams(LinkType.DATAGRAM));
            client.closeGracefully().get(20, TimeUnit.SECONDS);
        }
        TestSessions.await(server, "the stream ends", () -> server.openStreams(LinkType.STREAM) == 0);
        assertCounted(LinkType.STREAM, LinkType.DATAGRAM, Counter.SESSIONS_OPENED, Counter.SESSIONS_FINISHED,
                Counter.MESSAGES_DISPATCHED, Counter.MESSAGES_SENT);
        assertEquals(0, server.metrics().get(Counter.SESSIONS_FAILED));
        assertEquals(0, server.metrics().get(Counter.RETRANSMISSIONS, LinkType.STREAM));
    }

    @Test
    void aUdpStreamThroughALossyRelayCountsItsRetransmissionsUnderUdp() throws Exception {
        SessionGrant grant = TestSessions.grant(fixture.store);
        StreamServer server = fixture.server;
        try (LossyDatagramRelay relay = new LossyDatagramRelay(
                new InetSocketAddress(TestSessions.LOOPBACK, server.udpPort()), 20261126L, 0.10, 0, 0);
             NettyStreamClient client = NettyStreamClient.udp(relay.address(), grant.id().toBytes(),
                     grant.token().toBytes()).connect()) {
            callAll(client);
            assertEquals(1, server.openStreams(LinkType.DATAGRAM));
            assertEquals(0, server.openStreams(LinkType.STREAM));
            assertTrue(relay.dropped.get() > 0, "the relay dropped nothing");
            TestSessions.await(server, "the server retransmits what the relay dropped",
                    () -> server.metrics().get(Counter.RETRANSMISSIONS, LinkType.DATAGRAM) > 0);
            assertCounted(LinkType.DATAGRAM, LinkType.STREAM, Counter.SESSIONS_OPENED, Counter.MESSAGES_DISPATCHED,
                    Counter.MESSAGES_SENT);
            assertEquals(0, server.metrics().get(Counter.RETRANSMISSIONS, LinkType.STREAM));
        }
    }

    private static void callAll(NettyStreamClient client) throws Exception {
        List<CompletableFuture<byte[]>> calls = new ArrayList<>(CALLS);
        for (int i = 0; i < CALLS; i++) {
            calls.add(client.call(SequenceChecker.body(i)));
        }
        for (CompletableFuture<byte[]> call : calls) {
            call.get(30, TimeUnit.SECONDS);
        }
    }

    /** One stream's worth of each counter under {@code used} (CALLS for messages), nothing under {@code other}. */
    private void assertCounted(LinkType used, LinkType other, Counter... counters) {
        TransportMetrics metrics = fixture.server.metrics();
        for (Counter counter : counters) {
            long expected = counter == Counter.MESSAGES_DISPATCHED || counter == Counter.MESSAGES_SENT ? CALLS : 1;
            assertEquals(expected, metrics.get(counter, used), counter + " under " + used);
            assertEquals(0, metrics.get(counter, other), counter + " under " + other);
            assertEquals(expected, metrics.get(counter), counter + " summed");
        }
    }
}
