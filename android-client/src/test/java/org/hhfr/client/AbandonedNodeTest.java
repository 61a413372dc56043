package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.hhfr.contextstore.EndpointHint;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ResumptionTicketCache;
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
import org.hhfr.transports.netty.TransportMetrics;
import org.hhfr.transports.reliability.DeliveryAssurance;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A node the client left, but that runs on (the client's path to it is gone, the node is not), never runs a call
 * a second time. Two nodes in this JVM share Redis; the negotiation answer names node a and b as its
 * alternative. A call of three values (its id, 0.5 and 0) is held on node a for {@link #holdMillis}; every run
 * is noted in {@link #runs} under the call's id.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AbandonedNodeTest {
    private static final String PREFIX = "abandoned:";

    private final Map<Integer, Queue<String>> runs = new ConcurrentHashMap<>();
    private final CountDownLatch heldCallStarted = new CountDownLatch(1);
    private volatile long holdMillis;

    private EmbeddedRedis redis;
    private RedisContextStore store;
    private StreamServer a;
    private StreamServer b;
    private FreezingTcpRelay tcpToA;
    private LossyUdpRelay udpToA;
    private TestService front;

    @BeforeEach
    void startNodes() throws Exception {
        redis = EmbeddedRedis.start();
        RedisStoreSettings settings = redis.settings(PREFIX);
        store = RedisContextStore.connect(settings, StoreLimits.defaults());
        a = node("a", settings);
        b = node("b", settings);
        tcpToA = new FreezingTcpRelay(a.tcpPort());
        udpToA = new LossyUdpRelay(a.udpPort(), 1, 0);
        NegotiationHandler negotiation = new NegotiationHandler(ServerCapabilities.defaults(), store,
                new StreamEndpoints() {
                    @Override
                    public StreamEndpoint endpointFor(String transportUri) {
                        return StreamEndpoint.of("127.0.0.1", tcp(transportUri) ? tcpToA.port() : udpToA.port());
                    }

                    @Override
                    public List<StreamEndpoint> alternativesFor(String transportUri) {
                        return Collections.singletonList(StreamEndpoint.of("127.0.0.1",
                                tcp(transportUri) ? b.tcpPort() : b.udpPort()));
                    }
                }, operation -> FloatSum.published(), SchemaLimits.defaults());
        front = TestService.hhfr(new SoapNegotiationService(negotiation,
                new SoapEnvelopeReader(SoapLimits.defaults())));
    }

    @AfterEach
    void stopNodes() throws Exception {
        front.close();
        a.close();
        b.close();
        tcpToA.close();
        udpToA.close();
        store.close();
        redis.close();
    }

    /**
     * Node a is busy with a long call when the next call reaches it, so that call waits in a's dispatch queue. The
     * client's path to a goes dead and the client goes on at b, which runs the waiting call, sends its reply and,
     * once the client acknowledged it, forgets it. When a's dispatch thread comes to its own copy, the reply
     * cache holds nothing of that call any more: only the newer stream's claims (the claim fence) keep a from
     * running it again.
     */
    @ParameterizedTest(name = "over {0}")
    @EnumSource(value = Mode.class, names = {"HHFR_TCP", "HHFR_UDP"})
    void aCallWaitingOnANodeTheClientLeftDoesNotRunAgainAfterTheNextNodeAnsweredIt(Mode mode) throws Exception {
        holdMillis = 4_000; // past the client's move to b, within a's claim lease
        try (HhfrClient client = HhfrClient.builder(front.url()).preferredModes(mode).negotiateOnOpen(true)
                .reconnectWindowMillis(1_000).callTimeoutMillis(30_000).build();
             Session session = client.open(FloatSum.operation())) {
            assertEquals(mode, session.mode());
            assertEquals(1.5f, session.call(FloatSum.request(1, 0.5f)).record().floatValue("return"));

            CompletableFuture<Message> held = session.callAsync(FloatSum.request(2, 0.5f, 0f));
            assertTrue(heldCallStarted.await(10, TimeUnit.SECONDS), "node a started the held call");
            CompletableFuture<Message> waiting = session.callAsync(FloatSum.request(3, 0.5f));
            Thread.sleep(300); // the call reaches node a and waits behind the held one
            if (mode == Mode.HHFR_TCP) {
                tcpToA.close(); // its connection and any new one
            } else {
                udpToA.loss(1);
            }

            assertEquals(3.5f, waiting.get(20, TimeUnit.SECONDS).record().floatValue("return"));
            assertEquals(2.5f, held.get(20, TimeUnit.SECONDS).record().floatValue("return"));
            Thread.sleep(1_000); // node a's dispatch thread comes to its copy of call 3
            assertEquals(List.of("a"), List.copyOf(runs.get(2)), "the held call ran on a, once");
            assertEquals(1, runs.get(3).size(), "call 3 ran on " + runs.get(3));
        }
    }

    /**
     * The listener hears a session going on at the next node as what it is, its stream reconnecting and resumed
     * with nothing lost, not as a second negotiation.
     */
    @ParameterizedTest(name = "over {0}")
    @EnumSource(value = Mode.class, names = {"HHFR_TCP", "HHFR_UDP"})
    void goingOnAtTheNextNodeIsToldAsReconnectingAndResumedNotAsANewNegotiation(Mode mode) throws Exception {
        RecordingListener events = new RecordingListener();
        try (HhfrClient client = HhfrClient.builder(front.url()).preferredModes(mode).negotiateOnOpen(true)
                .reconnectWindowMillis(1_000).callTimeoutMillis(30_000).eventListener(events).build();
             Session session = client.open(FloatSum.operation())) {
            assertEquals(1.5f, session.call(FloatSum.request(1, 0.5f)).record().floatValue("return"));
            if (mode == Mode.HHFR_TCP) {
                tcpToA.close(); // its connection and any new one
            } else {
                udpToA.loss(1);
            }
            assertEquals(3.5f, session.call(FloatSum.request(3, 0.5f)).record().floatValue("return"));
            assertEquals(List.of("b"), List.copyOf(runs.get(3)), "the session went on at b");
        }
        List<String> seen = events.seen;
        assertEquals(List.of("negotiated " + mode + " window " + ReliabilityPolicy.defaults().window()),
                seen.stream().filter(event -> event.startsWith("negotiated")).collect(Collectors.toList()),
                seen::toString);
        assertTrue(seen.get(seen.size() - 3).startsWith("reconnecting "), seen::toString);
        assertEquals(List.of("resumed", "closed"), seen.subList(seen.size() - 2, seen.size()));
    }

    /**
     * A session the client proposed (it knew where the service streams: here, from an earlier grant) streams on
     * the early stream the answer granted, at node a, with node b as the answer's alternative. When the client's
     * path to a goes dead, that stream moves to b as any stream of the session would, and the call a was running
     * is answered from its recorded reply, rather than failing with the lost stream.
     */
    @Test
    void theEarlyStreamOfAProposedSessionFailsOverToTheNextNodeToo() throws Exception {
        holdMillis = 3_000; // past the client's move to b, within a's claim lease
        ResumptionTicketCache tickets = new ResumptionTicketCache();
        tickets.putEndpointHint(front.url(), EndpointHint.of(HhfrUris.TRANSPORT_TCP,
                StreamEndpoint.of("127.0.0.1", tcpToA.port())));
        CountDownLatch answers = new CountDownLatch(1);
        front.holdResponsesUntil(answers);
        try (HhfrClient client = HhfrClient.builder(front.url()).ticketCache(tickets).preferredModes(Mode.HHFR_TCP)
                .reconnectWindowMillis(1_000).callTimeoutMillis(30_000).build();
             Session session = client.open(FloatSum.operation())) {
            assertEquals(1.5f, session.callAsync(FloatSum.request(1, 0.5f)).get(10, TimeUnit.SECONDS).record()
                    .floatValue("return"), "answered before the negotiation: on the proposed session's early stream");
            answers.countDown();
            assertEquals(1.5f, session.call(FloatSum.request(1, 0.5f)).record().floatValue("return"));
            Thread.sleep(300); // the answer granted the proposed session: its early stream is the session's
            assertEquals(Mode.HHFR_TCP, session.mode());

            CompletableFuture<Message> held = session.callAsync(FloatSum.request(2, 0.5f, 0f));
            assertTrue(heldCallStarted.await(10, TimeUnit.SECONDS), "node a started the held call");
            tcpToA.close(); // its connection and any new one

            assertEquals(2.5f, held.get(20, TimeUnit.SECONDS).record().floatValue("return"));
            assertEquals(List.of("a"), List.copyOf(runs.get(2)), "the held call ran on a, once");
            assertEquals(3.5f, session.call(FloatSum.request(3, 0.5f)).record().floatValue("return"));
            assertEquals(List.of("b"), List.copyOf(runs.get(3)), "the session streams on at b");
        }
    }

    /**
     * A call that node b waits with (node a, which the client left, still runs it under a live claim) is skipped
     * when the client cancels it, also when the cancel comes while b still asks the cache: b asks again only if
     * no cancel came, so it will not run the call should a's claim lapse after the client gave up on it.
     */
    @Test
    void aCallWaitingForAnotherNodesClaimIsSkippedWhenTheClientCancelsIt() throws Exception {
        holdMillis = 8_000; // node a's claim holds while node b hears of the call and of its cancel
        try (HhfrClient client = HhfrClient.builder(front.url()).preferredModes(Mode.HHFR_TCP).negotiateOnOpen(true)
                .reconnectWindowMillis(1_000).callTimeoutMillis(30_000).build();
             Session session = client.open(FloatSum.operation())) {
            assertEquals(1.5f, session.call(FloatSum.request(1, 0.5f)).record().floatValue("return"));
            CompletableFuture<Message> held = session.callAsync(FloatSum.request(2, 0.5f, 0f));
            assertTrue(heldCallStarted.await(10, TimeUnit.SECONDS), "node a started the call");
            tcpToA.close();
            awaitCount(b, TransportMetrics.Counter.MESSAGES_DISPATCHED, "the call reached node b");

            held.cancel(true);

            awaitCount(b, TransportMetrics.Counter.MESSAGES_CANCELLED, "node b skipped the cancelled call");
            assertNull(runs.get(2), "node a still runs it, and b did not");
        }
    }

    private static void awaitCount(StreamServer node, TransportMetrics.Counter counter, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(6);
        while (node.metrics().get(counter) == 0) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(what + ": " + node.metrics());
            }
            Thread.sleep(10);
        }
    }

    /**
     * At most once, a server gives up a reply that was not acknowledged within a probe timeout, and forgets it
     * as it forgets an acknowledged one. So a call in doubt on a stream lost after node a ran it cannot be sent
     * again on another node's stream without running twice: it fails instead.
     */
    @Test
    void atMostOnceACallInDoubtOnALostStreamFailsRatherThanRunAgainOnTheNextNode() throws Exception {
        holdMillis = 300;
        ReliabilityPolicy atMostOnce = ReliabilityPolicy.defaults().toBuilder()
                .deliveryAssurance(DeliveryAssurance.AT_MOST_ONCE).build();
        try (HhfrClient client = HhfrClient.builder(front.url()).preferredModes(Mode.HHFR_UDP).reliability(atMostOnce)
                .negotiateOnOpen(true).reconnectWindowMillis(2_000).callTimeoutMillis(30_000).build();
             Session session = client.open(FloatSum.operation())) {
            assertEquals(Mode.HHFR_UDP, session.mode());
            assertEquals(1.5f, session.call(FloatSum.request(1, 0.5f)).record().floatValue("return"));

            CompletableFuture<Message> inDoubt = session.callAsync(FloatSum.request(2, 0.5f, 0f));
            assertTrue(heldCallStarted.await(10, TimeUnit.SECONDS), "node a started the call");
            udpToA.loss(1); // its reply is lost, and a gives it up

            ExecutionException failed = assertThrows(ExecutionException.class,
                    () -> inDoubt.get(20, TimeUnit.SECONDS), () -> "answered, after runs on " + runs.get(2));
            assertInstanceOf(StreamLostException.class, failed.getCause());
            assertEquals(List.of("a"), List.copyOf(runs.get(2)), "the call ran on a, once");
        }
    }

    /**
     * A call in doubt (its stream lost while node a runs it) goes to node b's stream of the same session, whose
     * reply cache answers it with a's reply. Meanwhile the app renewed the bearer token its interceptor gives
     * every call: the call leaves again with headers other than the session's caller's, which would take it over
     * SOAP, where nothing knows it ran. It must not run a second time: it fails as a call in doubt does when no
     * stream of its server session can take it, or is answered from a's run.
     */
    @Test
    void aCallInDoubtWhoseCallersTokenWasRenewedMeanwhileDoesNotRunAgainOverSoap() throws Exception {
        holdMillis = 4_000; // past the client's move to b, within a's claim lease
        AtomicReference<String> token = new AtomicReference<>("first");
        try (HhfrClient client = HhfrClient.builder(front.url()).preferredModes(Mode.HHFR_TCP).negotiateOnOpen(true)
                .reconnectWindowMillis(1_000).callTimeoutMillis(30_000)
                .addInterceptor(new Interceptor() {
                    @Override
                    public void onCall(CallDetails call) {
                        call.header("Authorization", "Bearer " + token.get());
                    }
                }).build();
             Session session = client.open(FloatSum.operation())) {
            assertEquals(Mode.HHFR_TCP, session.mode());
            assertEquals(1.5f, session.call(FloatSum.request(1, 0.5f)).record().floatValue("return"));
            int soapCallsBefore = front.soapCalls.get();

            CompletableFuture<Message> inDoubt = session.callAsync(FloatSum.request(2, 0.5f, 0f));
            assertTrue(heldCallStarted.await(10, TimeUnit.SECONDS), "node a started the call");
            token.set("renewed");
            tcpToA.close(); // its connection and any new one: the client goes on at b

            try {
                assertEquals(2.5f, inDoubt.get(20, TimeUnit.SECONDS).record().floatValue("return"));
            } catch (ExecutionException e) {
                assertInstanceOf(StreamLostException.class, e.getCause());
            }
            Thread.sleep(holdMillis); // node a ends its run of the call
            int soapRuns = front.soapCalls.get() - soapCallsBefore;
            assertEquals(List.of("a"), runs.get(2) == null ? List.of() : List.copyOf(runs.get(2)),
                    "the call ran on a, and on no other node");
            assertEquals(0, soapRuns, "the call in doubt also ran over SOAP");
        }
    }

    private static boolean tcp(String transportUri) {
        return HhfrUris.TRANSPORT_TCP.equals(transportUri);
    }

    private StreamServer node(String name, RedisStoreSettings settings) throws Exception {
        return StreamNode.start(name, settings, 0, 0, StreamSharing.DEFAULT_CLAIM_LEASE_MILLIS,
                StreamDispatcher.ofFunction((session, message) -> {
                    float[] values = StreamNode.values(session, message);
                    if (values.length > 2 && name.equals("a")) {
                        heldCallStarted.countDown();
                        StreamNode.hold(holdMillis);
                    }
                    runs.computeIfAbsent((int) values[0], id -> new ConcurrentLinkedQueue<>()).add(name);
                    return StreamNode.sumOf(session, values);
                }));
    }
}
