package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.transports.Role;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Exactly once and in order over real sockets through a seeded bad network: UDP loss, TCP cuts. */
class ImpairedNetworkTest {
    private static final long SEED = 20261121L;

    @RegisterExtension
    final CheckedServer fixture = new CheckedServer();

    @Test
    @Timeout(90)
    void hundredThousandMessagesOverUdpWithLossDuplicationAndReorderingArriveExactlyOnceInOrder() throws Exception {
        SessionGrant grant = TestSessions.grant(fixture.store);
        int count = 100_000;
        try (LossyDatagramRelay relay = new LossyDatagramRelay(
                new InetSocketAddress(TestSessions.LOOPBACK, fixture.server.udpPort()), SEED, 0.10, 0.05, 0.05);
             NettyStreamClient client = NettyStreamClient.udp(relay.address(), grant.id().toBytes(),
                     grant.token().toBytes()).reliability(quickToGiveUp()).connect()) {
            long started = System.nanoTime();
            List<Long> answered = callInSequence(client, count, 4_096);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            System.out.printf("UDP: %,d messages in %,d ms; relay dropped %,d, duplicated %,d, reordered %,d%n",
                    count, millis, relay.dropped.get(), relay.duplicated.get(), relay.reordered.get());
            assertInOrder(answered, count);
            long datagrams = relay.forwarded.get() + relay.dropped.get();
            assertTrue(relay.dropped.get() > datagrams / 20, "the relay dropped too little to prove anything");
            client.closeGracefully().get(20, TimeUnit.SECONDS);
        }
        assertEquals(count, fixture.checker.delivered.get());
        assertEquals(0, fixture.checker.violations.get());
    }

    /**
     * When the server's last TERMINATE is lost, the client lingers until its idle timeout before it ends
     * gracefully (the server has finished and no longer answers): keep that shorter than the 60 s default here,
     * but well above a loss streak's silence (at 3 s a fast client sometimes gave up mid-run). The session
     * agreed the default policy, so the client runs it as the server does.
     */
    private static ReliabilityConfig quickToGiveUp() {
        ReliabilityConfig local = ReliabilityConfig.forDatagrams(DatagramWriter.frameBudget(
                DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, 16)).toBuilder().keepAliveMillis(500, 10_000).build();
        return ReliabilityPolicy.defaults().applyTo(local, Role.CLIENT);
    }

    @Test
    @Timeout(60)
    void udpSessionFollowsItsClientToANewAddressOnlyAfterTheTagVerifies() throws Exception {
        SessionGrant grant = TestSessions.grant(fixture.store);
        try (LossyDatagramRelay relay = new LossyDatagramRelay(
                new InetSocketAddress(TestSessions.LOOPBACK, fixture.server.udpPort()), SEED, 0, 0, 0);
             NettyStreamClient client = NettyStreamClient.udp(relay.address(), grant.id().toBytes(),
                     grant.token().toBytes()).connect()) {
            List<Long> answered = new ArrayList<>(callInSequence(client, 0, 1_000, 256));
            long longForm = relay.longFormFromClient.get();
            assertTrue(longForm > 0 && longForm <= 32, longForm + " datagrams named the session, not the stream's "
                    + "connection id: only those sent before the server's first answer should");
            relay.rebind();
            answered.addAll(callInSequence(client, 1_000, 1_000, 256));
            assertInOrder(answered, 2_000);
            assertEquals(longForm, relay.longFormFromClient.get(), "from the new address by connection id only");
        }
        assertEquals(1, fixture.server.metrics().get(TransportMetrics.Counter.ADDRESS_CHANGES));
        assertEquals(0, fixture.checker.violations.get());
    }

    @Test
    @Timeout(90)
    void tcpSessionCutTwentyTimesAtRandomPointsLosesAndDuplicatesNothing() throws Exception {
        SessionGrant grant = TestSessions.grant(fixture.store);
        int count = 20_000;
        try (CuttingTcpProxy proxy = new CuttingTcpProxy(
                new InetSocketAddress(TestSessions.LOOPBACK, fixture.server.tcpPort()), SEED, 20, 100, 20_000);
             NettyStreamClient client = NettyStreamClient.tcp(proxy.address(), grant.id().toBytes(),
                     grant.token().toBytes()).connect()) {
            List<Long> answered = callInSequence(client, count, 2_000);
            assertInOrder(answered, count);
            assertEquals(20, proxy.cuts.get());
            System.out.printf("TCP: %,d messages over %d cut connections, %d resumed%n", count, proxy.cuts.get(),
                    client.reconnects());
            assertTrue(client.reconnects() > 0);
            client.closeGracefully().get(10, TimeUnit.SECONDS);
        }
        assertEquals(count, fixture.checker.delivered.get());
        assertEquals(0, fixture.checker.violations.get());
        assertTrue(fixture.server.metrics().get(TransportMetrics.Counter.RESUMES) > 0);
    }

    private static List<Long> callInSequence(NettyStreamClient client, int count, int window) throws Exception {
        return callInSequence(client, 0, count, window);
    }

    /** Calls with bodies first..first+count-1, at most {@code window} unanswered; the answers in call order. */
    private static List<Long> callInSequence(NettyStreamClient client, long first, int count, int window)
            throws Exception {
        List<CompletableFuture<byte[]>> calls = new ArrayList<>(count);
        List<Long> answers = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            if (i >= window) {
                answers.add(SequenceChecker.number(calls.get(i - window).get(30, TimeUnit.SECONDS)));
            }
            calls.add(client.call(SequenceChecker.body(first + i)));
        }
        for (int i = Math.max(0, count - window); i < count; i++) {
            answers.add(SequenceChecker.number(calls.get(i).get(30, TimeUnit.SECONDS)));
        }
        return answers;
    }

    private static void assertInOrder(List<Long> answers, int count) {
        assertEquals(count, answers.size());
        for (int i = 0; i < count; i++) {
            if (answers.get(i) != i) {
                throw new AssertionError("answer " + i + " is " + answers.get(i));
            }
        }
    }
}
