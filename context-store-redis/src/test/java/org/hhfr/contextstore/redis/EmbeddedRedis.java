package org.hhfr.contextstore.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import redis.clients.jedis.Jedis;
import redis.embedded.RedisServer;

/**
 * A real redis-server (the binary embedded-redis ships) on a free loopback port, for tests: no persistence,
 * stopped and started again on the same port to play an outage. Published in this module's test-jar.
 */
public final class EmbeddedRedis implements AutoCloseable {
    /** A script that keeps Redis busy for ARGV[1] milliseconds: no other command runs meanwhile. */
    private static final String BUSY = """
            local t = redis.call('TIME')
            local start = t[1] * 1000 + t[2] / 1000
            while true do
              local n = redis.call('TIME')
              if n[1] * 1000 + n[2] / 1000 - start > tonumber(ARGV[1]) then break end
            end
            return 1
            """;
    private final int port;
    private RedisServer server;

    private EmbeddedRedis(int port) {
        this.port = port;
    }

    /**
     * Holds Redis for {@code millis} from another connection, as one slow command does (within its default Lua
     * time limit of 5 s); returns once the command runs. The future completes when Redis is free again.
     */
    public CompletableFuture<Object> busyFor(long millis) throws InterruptedException {
        CompletableFuture<Object> busy = CompletableFuture.supplyAsync(() -> {
            try (Jedis jedis = new Jedis("127.0.0.1", port, 10_000)) {
                return jedis.eval(BUSY, List.of(), List.of(Long.toString(millis)));
            }
        });
        Thread.sleep(100);
        return busy;
    }

    /** Starts a redis-server on a free port. */
    public static EmbeddedRedis start() {
        EmbeddedRedis redis = new EmbeddedRedis(freePort());
        redis.startAgain();
        return redis;
    }

    public int port() {
        return port;
    }

    /** {@code redis://127.0.0.1:PORT}. */
    public String uri() {
        return "redis://127.0.0.1:" + port;
    }

    /** Settings for this server with 500 ms timeouts and keys under {@code prefix}. */
    public RedisStoreSettings settings(String prefix) {
        return RedisStoreSettings.parse(uri()).withKeyPrefix(prefix);
    }

    /** Stops the server; its data is gone (no persistence). */
    public synchronized void stop() {
        if (server != null) {
            try {
                server.stop();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            server = null;
        }
    }

    /** Starts the server again on the same port, empty. */
    public synchronized void startAgain() {
        try {
            server = RedisServer.newRedisServer().port(port).bind("127.0.0.1")
                    .setting("save \"\"").setting("appendonly no").build();
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start redis-server on port " + port, e);
        }
    }

    @Override
    public void close() {
        stop();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
