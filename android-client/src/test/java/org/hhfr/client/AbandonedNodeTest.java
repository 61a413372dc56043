package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.contextstore.redis.EmbeddedRedis;
import org.hhfr.contextstore.redis.RedisContextStore;
import org.hhfr.contextstore.redis.RedisStoreSettings;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.server.NegotiationHandler;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.negotiation.server.SoapNegotiationService;
import org.hhfr.negotiation.server.StreamEndpoints;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.SchemaLimits;
import org.hhfr.streamer.Message;
import org.hhfr.transports.netty.StreamDispatcher;
import org.hhfr.transports.netty.StreamServer;
import org.hhfr.transports.netty.StreamSharing;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A node the client left, but that runs on (the client's path to it is gone, the node is not), never runs a call
 * the client's next stream answered. Two nodes in this JVM share Redis. Node a is busy with a long call when
 * the next call reaches it, so that call waits in a's dispatch queue. The client's path to a then goes dead and
 * the client goes on at node b, which runs the waiting call, sends its reply and, once the client acknowledged
 * it, forgets it. When a's dispatch thread comes to its own copy of that call, the reply cache holds nothing of
 * it any more: only the newer stream's claims (the session's claim fence) keep a from running it again.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AbandonedNodeTest {
    private static final String PREFIX = "abandoned:";
    /** How long node a runs the long call: past the client's move to b, within a's claim lease. */
    private static final long LONG_CALL_MILLIS = 4_000;

    private final Map<Integer, Queue<String>> runs = new ConcurrentHashMap<>();
    private final CountDownLatch longCallStarted = new CountDownLatch(1);

    @ParameterizedTest(name = "over {0}")
    @EnumSource(value = Mode.class, names = {"HHFR_TCP", "HHFR_UDP"})
    void aCallWaitingOnANodeTheClientLeftDoesNotRunAgainAfterTheNextNodeAnsweredIt(Mode mode) throws Exception {
        try (EmbeddedRedis redis = EmbeddedRedis.start()) {
            RedisStoreSettings settings = redis.settings(PREFIX);
            RedisContextStore store = RedisContextStore.connect(settings, StoreLimits.defaults());
            StreamServer a = node("a", settings);
            StreamServer b = node("b", settings);
            FreezingTcpRelay tcpToA = new FreezingTcpRelay(a.tcpPort());
            LossyUdpRelay udpToA = new LossyUdpRelay(a.udpPort(), 1, 0);
            NegotiationHandler negotiation = new NegotiationHandler(ServerCapabilities.defaults(), store,
                    new StreamEndpoints() {
                        @Override
                        public StreamEndpoint endpointFor(String transportUri) {
                            return StreamEndpoint.of("127.0.0.1", HhfrUris.TRANSPORT_TCP.equals(transportUri)
                                    ? tcpToA.port() : udpToA.port());
                        }

                        @Override
                        public List<StreamEndpoint> alternativesFor(String transportUri) {
                            return Collections.singletonList(StreamEndpoint.of("127.0.0.1",
                                    HhfrUris.TRANSPORT_TCP.equals(transportUri) ? b.tcpPort() : b.udpPort()));
                        }
                    }, operation -> FloatSum.published(), SchemaLimits.defaults());
            TestService front = TestService.hhfr(new SoapNegotiationService(negotiation,
                    new SoapEnvelopeReader(SoapLimits.defaults())));
            try (HhfrClient client = HhfrClient.builder(front.url()).preferredModes(mode).negotiateOnOpen(true)
                    .reconnectWindowMillis(1_000).callTimeoutMillis(30_000).build()) {
                Session session = client.open(FloatSum.operation());
                assertEquals(mode, session.mode());
                assertEquals(1.5f, session.call(FloatSum.request(1, 0.5f)).record().floatValue("return"));

                CompletableFuture<Message> longCall = session.callAsync(FloatSum.request(2, 0.5f, 0f));
                assertTrue(longCallStarted.await(10, TimeUnit.SECONDS), "node a started the long call");
                CompletableFuture<Message> waiting = session.callAsync(FloatSum.request(3, 0.5f));
                Thread.sleep(300); // the call reaches node a and waits behind the long one
                if (mode == Mode.HHFR_TCP) {
                    tcpToA.close(); // its connection and any new one
                } else {
                    udpToA.loss(1);
                }

                assertEquals(3.5f, waiting.get(20, TimeUnit.SECONDS).record().floatValue("return"));
                assertEquals(2.5f, longCall.get(20, TimeUnit.SECONDS).record().floatValue("return"));
                Thread.sleep(1_000); // node a's dispatch thread comes to its copy of call 3
                assertEquals(List.of("a"), List.copyOf(runs.get(2)), "the long call ran on a, once");
                assertEquals(1, runs.get(3).size(), "call 3 ran on " + runs.get(3));
                session.close();
            } finally {
                front.close();
                a.close();
                b.close();
                tcpToA.close();
                udpToA.close();
                store.close();
            }
        }
    }

    /**
     * Node {@code name} of the float-sum service; a request of three values (the call's id, 0.5 and 0) runs
     * {@link #LONG_CALL_MILLIS} on node a. Every run is noted in {@link #runs} under the call's id.
     */
    private StreamServer node(String name, RedisStoreSettings settings) throws Exception {
        return StreamNode.start(name, settings, 0, 0, StreamSharing.DEFAULT_CLAIM_LEASE_MILLIS,
                StreamDispatcher.ofFunction((session, message) -> {
                    float[] values = StreamNode.values(session, message);
                    if (values.length > 2 && name.equals("a")) {
                        longCallStarted.countDown();
                        StreamNode.hold(LONG_CALL_MILLIS);
                    }
                    runs.computeIfAbsent((int) values[0], id -> new ConcurrentLinkedQueue<>()).add(name);
                    return StreamNode.sumOf(session, values);
                }));
    }
}
