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
    /** Calls awaited together over UDP, so that the server's replies take several datagrams, one of which is lost. */
    private static final int ROUND = 50;

    @RegisterExtension
    final CheckedServer fixture = new CheckedServer();

    @Test
    void aTcpStreamIsCountedUnderTcpFromOpenToFinished() throws Exception {
        SessionGrant grant = TestSessions.grant(fixture.store);
        StreamServer server = fixture.server;
        try (NettyStreamClient client = TestSessions.tcpClient(server, grant).connect()) {
            callAll(client, 0, CALLS);
            assertEquals(1, server.openStreams(LinkType.STREAM));
            assertEquals(0, server.openStreams(LinkType.DATAGRAM));
            client.closeGracefully().get(20, TimeUnit.SECONDS);
        }
        TestSessions.await(server, "the stream ends", () -> server.openStreams(LinkType.STREAM) == 0);
        assertCounted(CALLS, LinkType.STREAM, LinkType.DATAGRAM, Counter.SESSIONS_OPENED, Counter.SESSIONS_FINISHED,
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
            // The replies of one round may fit in a few datagrams that the relay happens to spare: rounds go on
            // until it has dropped one of the server's (each is lost with 10% probability).
            int calls = 0;
            while (calls < 20 * CALLS && server.metrics().get(Counter.RETRANSMISSIONS, LinkType.DATAGRAM) == 0) {
                callAll(client, calls, ROUND);
                calls += ROUND;
            }
            assertEquals(1, server.openStreams(LinkType.DATAGRAM));
            assertEquals(0, server.openStreams(LinkType.STREAM));
            assertTrue(relay.dropped.get() > 0, "the relay dropped nothing");
            assertTrue(server.metrics().get(Counter.RETRANSMISSIONS, LinkType.DATAGRAM) > 0,
                    "the server retransmits what the relay dropped");
            assertCounted(calls, LinkType.DATAGRAM, LinkType.STREAM, Counter.SESSIONS_OPENED,
                    Counter.MESSAGES_DISPATCHED, Counter.MESSAGES_SENT);
            assertEquals(0, server.metrics().get(Counter.RETRANSMISSIONS, LinkType.STREAM));
        }
    }

    /** Calls numbered {@code first} on (the server checks that a stream's numbers follow each other). */
    private static void callAll(NettyStreamClient client, int first, int count) throws Exception {
        List<CompletableFuture<byte[]>> calls = new ArrayList<>(count);
        for (int i = first; i < first + count; i++) {
            calls.add(client.call(SequenceChecker.body(i)));
        }
        for (CompletableFuture<byte[]> call : calls) {
            call.get(30, TimeUnit.SECONDS);
        }
    }

    /** One stream's worth of each counter under {@code used} ({@code calls} for messages), nothing under {@code other}. */
    private void assertCounted(long calls, LinkType used, LinkType other, Counter... counters) {
        TransportMetrics metrics = fixture.server.metrics();
        for (Counter counter : counters) {
            long expected = counter == Counter.MESSAGES_DISPATCHED || counter == Counter.MESSAGES_SENT ? calls : 1;
            assertEquals(expected, metrics.get(counter, used), counter + " under " + used);
            assertEquals(0, metrics.get(counter, other), counter + " under " + other);
            assertEquals(expected, metrics.get(counter), counter + " summed");
        }
    }
}
