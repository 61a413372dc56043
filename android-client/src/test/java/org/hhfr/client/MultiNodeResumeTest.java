package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.UnifiedJedis;

/**
 * A session outlives the server node it streams on. Two nodes ({@link StreamNode}), each a JVM of its own, share
 * one Redis for sessions and the replies of calls; the negotiation answer names one node and the other as its
 * alternative. A client streams calls, and the node it is on is killed with {@code SIGKILL} while calls are in
 * flight: one in the middle of its run (the node holds it), more behind it, received or not, and before it
 * calls the node ran whose replies never reached the client (its path fell silent first).
 * The client goes on at the other node without negotiating; the killed node starts again for the next cut.
 * Five cuts per transport; after each, every call made so far is answered with its own result and ran exactly
 * once, counted in Redis by the service itself.
 */
@Timeout(value = 80, unit = TimeUnit.SECONDS)
class MultiNodeResumeTest {
    private static final int CUTS = 5;
    private static final int CALLS_BEFORE_CUT = 40;
    private static final int CALLS_BEHIND_HELD = 8;
    private static final int MAX_IN_FLIGHT = 32;
    /** How long a node's claim on a call holds it against the other node: the held call waits that long. */
    private static final long CLAIM_LEASE_MILLIS = 1_500;
    /** How long a client tolerates a silent node before it moves to the next endpoint. */
    private static final long RECONNECT_WINDOW_MILLIS = 2_000;

    private static EmbeddedRedis redis;
    private static UnifiedJedis counts;
    private static RedisContextStore store;
    private static TestService front;
    private static List<NodeProcess> nodes;
    /** The client's paths to each node: replies stop on the node's path just before it is killed. */
    private static List<FreezingTcpRelay> tcpPaths;
    private static List<LossyUdpRelay> udpPaths;

    private final List<CompletableFuture<Message>> results = new ArrayList<>();
    private final Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);

    @BeforeAll
    static void startNodes() throws Exception {
        redis = EmbeddedRedis.start();
        RedisStoreSettings settings = redis.settings(StreamNode.PREFIX);
        counts = settings.openClient();
        store = RedisContextStore.connect(settings, StoreLimits.defaults());
        nodes = new ArrayList<>();
        for (String name : new String[] {"a", "b"}) {
            NodeProcess node = new NodeProcess(name, redis.port(), freeTcpPort(), freeUdpPort(), CLAIM_LEASE_MILLIS);
            node.start();
            nodes.add(node);
        }
        tcpPaths = new ArrayList<>();
        udpPaths = new ArrayList<>();
        for (NodeProcess node : nodes) {
            node.awaitReady();
            tcpPaths.add(new FreezingTcpRelay(node.tcpPort));
            udpPaths.add(new LossyUdpRelay(node.udpPort, 1, 0));
        }
        NegotiationHandler negotiation = new NegotiationHandler(ServerCapabilities.defaults(), store,
                new StreamEndpoints() {
                    @Override
                    public StreamEndpoint endpointFor(String transportUri) {
                        return endpointOf(0, transportUri);
                    }

                    @Override
                    public List<StreamEndpoint> alternativesFor(String transportUri) {
                        return Collections.singletonList(endpointOf(1, transportUri));
                    }
                }, operation -> FloatSum.published(), SchemaLimits.defaults());
        front = TestService.hhfr(new SoapNegotiationService(negotiation, new SoapEnvelopeReader(SoapLimits.defaults())));
    }

    @AfterAll
    static void stopNodes() throws Exception {
        if (front != null) {
            front.close();
        }
        if (nodes != null) {
            for (NodeProcess node : nodes) {
                node.close();
            }
        }
        if (tcpPaths != null) {
            for (FreezingTcpRelay path : tcpPaths) {
                path.close();
            }
        }
        if (udpPaths != null) {
            for (LossyUdpRelay path : udpPaths) {
                path.close();
            }
        }
        if (store != null) {
            store.close();
        }
        if (counts != null) {
            counts.close();
        }
        if (redis != null) {
            redis.close();
        }
    }

    @ParameterizedTest(name = "over {0}")
    @EnumSource(value = Mode.class, names = {"HHFR_TCP", "HHFR_UDP"})
    void killingTheNodeOfAStreamLosesNoCallAndRunsNoneTwice(Mode mode) throws Exception {
        int firstId = mode == Mode.HHFR_TCP ? 1 : 1_000_000;
        int nextId = firstId;
        awaitNodes();
        try (HhfrClient client = HhfrClient.builder(front.url()).preferredModes(mode).negotiateOnOpen(true)
                .reconnectWindowMillis(RECONNECT_WINDOW_MILLIS).callTimeoutMillis(60_000).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(mode, session.mode());
            for (int cut = 1; cut <= CUTS; cut++) {
                awaitNodes();
                for (int i = 0; i < CALLS_BEFORE_CUT; i++) {
                    call(session, nextId++);
                }
                int paused = nextId++;
                call(session, paused, 0f, 0f);
                for (int i = 0; i < CALLS_BEHIND_HELD; i++) {
                    call(session, nextId++);
                }
                int held = nextId++;
                call(session, held, 0f);
                for (int i = 0; i < CALLS_BEHIND_HELD; i++) {
                    call(session, nextId++);
                }
                // The node the session streams on: the one that paused the call.
                NodeProcess victim = nodeHolding(paused);
                int current = nodes.indexOf(victim);
                // While the node pauses, the calls sent behind the paused one reach it; from then on it runs them
                // and records their replies, which never reach the client. Then it starts the held call, and dies
                // in the middle of it.
                Thread.sleep(StreamNode.PAUSE_MILLIS / 3);
                silence(current, mode, true);
                assertEquals(victim, nodeHolding(held));
                victim.kill();
                silence(current, mode, false);
                victim.start();
                for (int i = 0; i < CALLS_BEHIND_HELD; i++) {
                    call(session, nextId++);
                }
                verifyEveryCallAnsweredAndRunOnce(firstId, nextId, "cut " + cut + " (node " + victim.name + ")");
            }
            assertEquals(mode, session.mode(), "still streaming, never fell back to SOAP");
            session.close();
        }
    }

    /**
     * Starts call {@code id}, at most 32 in flight. Its values: the id, 0.5 and {@code holds}: one 0 has the
     * node hold it for good, two pause it (see {@link StreamNode}); its sum is the id and a half.
     */
    private void call(Session session, int id, float... holds) throws InterruptedException {
        inFlight.acquire();
        float[] values = new float[2 + holds.length];
        values[0] = id;
        values[1] = 0.5f;
        System.arraycopy(holds, 0, values, 2, holds.length);
        Message request = FloatSum.request(values);
        CompletableFuture<Message> result = session.callAsync(request);
        result.whenComplete((response, failure) -> inFlight.release());
        results.add(result);
    }

    private static void awaitNodes() throws Exception {
        for (NodeProcess node : nodes) {
            node.awaitReady();
        }
    }

    /** Stops (or lets again) every byte on the client's current path to node {@code index}. */
    private static void silence(int index, Mode mode, boolean silent) {
        if (mode == Mode.HHFR_TCP) {
            if (silent) {
                tcpPaths.get(index).freeze(); // later connections work
            }
        } else {
            udpPaths.get(index).loss(silent ? 1 : 0);
        }
    }

    /** The node that holds call {@code id} in the middle of its run. */
    private static NodeProcess nodeHolding(int id) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() - deadline < 0) {
            String holder = counts.get(StreamNode.HELD + id);
            for (NodeProcess node : nodes) {
                if (node.name.equals(holder)) {
                    return node;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no node started call " + id + " within 30 s");
    }

    private void verifyEveryCallAnsweredAndRunOnce(int firstId, int endId, String when) throws Exception {
        List<String> wrong = new ArrayList<>();
        for (int id = firstId; id < endId; id++) {
            CompletableFuture<Message> result = results.get(id - firstId);
            try {
                float sum = result.get(30, TimeUnit.SECONDS).record().floatValue("return");
                if (sum != id + 0.5f) {
                    wrong.add(id + " answered " + sum);
                }
            } catch (Exception e) {
                wrong.add(id + " failed: " + e);
            }
            String runs = counts.hget(StreamNode.EXECUTIONS, Integer.toString(id));
            if (!"1".equals(runs)) {
                wrong.add(id + " ran " + (runs == null ? "0" : runs) + " times");
            }
        }
        assertTrue(wrong.isEmpty(), "after " + when + ": " + wrong);
    }

    private static StreamEndpoint endpointOf(int node, String transportUri) {
        return StreamEndpoint.of("127.0.0.1", HhfrUris.TRANSPORT_TCP.equals(transportUri)
                ? tcpPaths.get(node).port() : udpPaths.get(node).port());
    }

    private static int freeTcpPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static int freeUdpPort() throws IOException {
        try (DatagramSocket socket = new DatagramSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
