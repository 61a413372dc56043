package org.hhfr.client;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.redis.RedisContextStore;
import org.hhfr.contextstore.redis.RedisReplyCache;
import org.hhfr.contextstore.redis.RedisStoreSettings;
import org.hhfr.contextstore.redis.RedisStreamEpochs;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Representation;
import org.hhfr.streamer.Representations;
import org.hhfr.transports.netty.InboundMessage;
import org.hhfr.transports.netty.StreamDispatcher;
import org.hhfr.transports.netty.StreamServer;
import org.hhfr.transports.netty.StreamServerConfig;
import org.hhfr.transports.netty.StreamSession;
import org.hhfr.transports.netty.StreamSharing;
import redis.clients.jedis.UnifiedJedis;

/**
 * One server node of {@link MultiNodeResumeTest}, in a JVM of its own: the float-sum service on a TCP and a UDP
 * stream endpoint at fixed ports, its sessions in a Redis context store, its replies and stream epochs in Redis
 * too, shared with the other nodes. The service counts each run of a call in Redis (hash {@link #EXECUTIONS}, field:
 * the call's id, its first value), so a call run twice shows, whichever nodes ran it. A request with more
 * values is held by the first node to run it, which records its name under {@link #HELD}{@code <id>}: with
 * three values for good (the node is killed there), with four for {@link #PAUSE_MILLIS}; a node running it
 * again does not hold it. Prints {@code READY} when it serves, and
 * exits when its standard input closes (the test's JVM ended).
 *
 * <p>Arguments: node name, Redis port, TCP port, UDP port, claim lease in milliseconds.
 */
public final class StreamNode {
    static final String PREFIX = "multinode:";
    static final String EXECUTIONS = PREFIX + "executions";
    static final String HELD = PREFIX + "held:";
    /** How long a paused call holds up its node. */
    static final long PAUSE_MILLIS = 600;

    private StreamNode() {
    }

    public static void main(String[] args) throws IOException {
        String node = args[0];
        RedisStoreSettings settings = RedisStoreSettings.parse("redis://127.0.0.1:" + args[1]).withKeyPrefix(PREFIX);
        UnifiedJedis redis = settings.openClient();
        StreamServer server = start(node, settings, Integer.parseInt(args[2]), Integer.parseInt(args[3]),
                Long.parseLong(args[4]), StreamDispatcher.ofFunction((session, message) -> sum(node, redis, session,
                        message)));
        System.out.println("READY " + server.tcpPort() + " " + server.udpPort());
        System.out.flush();
        InputStream parent = System.in;
        while (parent.read() >= 0) {
            // Runs until the test's JVM closes this process's standard input, or kills it.
        }
        System.exit(0);
    }

    /**
     * Starts node {@code node} serving {@code service} on one dispatch thread: sessions, replies and stream
     * epochs in the Redis of {@code settings}, claims held for {@code claimLeaseMillis}; ports 0 pick free ones.
     */
    static StreamServer start(String node, RedisStoreSettings settings, int tcpPort, int udpPort,
                              long claimLeaseMillis, StreamDispatcher service) throws IOException {
        RedisContextStore store = RedisContextStore.connect(settings, StoreLimits.defaults());
        UnifiedJedis redis = settings.openClient();
        StoreLimits limits = store.limits();
        StreamSharing sharing = new StreamSharing(
                new RedisReplyCache(redis, settings.keyPrefix(), limits.idleTimeoutMillis()),
                new RedisStreamEpochs(redis, settings.keyPrefix(), limits.maxLifetimeMillis()), node,
                claimLeaseMillis);
        ExecutorService dispatch = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, node + "-dispatch");
            thread.setDaemon(true);
            return thread;
        });
        return StreamServer.start(store, service, StreamServerConfig.on("127.0.0.1").ports(tcpPort, udpPort)
                .ioThreads(1).dispatchExecutor(dispatch).purgeIntervalMillis(1_000).sharing(sharing).build());
    }

    private static byte[] sum(String node, UnifiedJedis redis, StreamSession session, InboundMessage message) {
        float[] values = values(session, message);
        String id = Long.toString((long) values[0]);
        if (values.length > 2 && redis.setnx(HELD + id, node) == 1) {
            hold(values.length == 3 ? Long.MAX_VALUE : PAUSE_MILLIS);
        }
        redis.hincrBy(EXECUTIONS, id, 1);
        return sumOf(session, values);
    }

    /** The values of a float-sum request. */
    static float[] values(StreamSession session, InboundMessage message) {
        Representation representation = Representations.standard().get(session.context().representationUri());
        try {
            return representation.decode(session.context().request(), message.payload()).record().floats("values");
        } catch (MalformedMessageException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** The float-sum response to {@code values}, encoded. */
    static byte[] sumOf(StreamSession session, float[] values) {
        Representation representation = Representations.standard().get(session.context().representationUri());
        return representation.encode(FloatSum.respond(FloatSum.request(values)));
    }

    static void hold(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while held", e);
        }
    }
}
