package org.hhfr.contextstore.redis;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Objects;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.RedisClient;

/**
 * Where the Redis of a {@link RedisContextStore} is and how long a call to it may take. Every call is bounded:
 * connecting by {@code connectTimeoutMillis}, each reply by {@code socketTimeoutMillis}, waiting for a pooled
 * connection by the socket timeout too; while Redis is unreachable, calls fail at once and one call per
 * {@code retryIntervalMillis} tries again. Values longer than {@code maxValueBytes} are refused as corrupt
 * before they are read.
 *
 * @param user     Redis ACL user, or {@code null}
 * @param password Redis password, or {@code null}; never shown by {@link #toString()}
 * @param recordSeal the key that seals session records ({@link RecordSeal}), or {@code null} to keep them as they
 *                   are; never shown by {@link #toString()}
 */
public record RedisStoreSettings(String host, int port, int database, String user, String password,
                                 int connectTimeoutMillis, int socketTimeoutMillis, int retryIntervalMillis,
                                 int poolSize, String keyPrefix, int maxValueBytes, RecordSeal recordSeal) {
    public static final int DEFAULT_PORT = 6379;
    /** Connect and reply timeouts: 500 ms. */
    public static final int DEFAULT_TIMEOUT_MILLIS = 500;

    public RedisStoreSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(keyPrefix, "keyPrefix");
        requireAtLeast(port, 1, "port");
        requireAtLeast(database, 0, "database");
        requireAtLeast(connectTimeoutMillis, 1, "connectTimeoutMillis");
        requireAtLeast(socketTimeoutMillis, 1, "socketTimeoutMillis");
        requireAtLeast(retryIntervalMillis, 1, "retryIntervalMillis");
        requireAtLeast(poolSize, 1, "poolSize");
        requireAtLeast(maxValueBytes, 1024, "maxValueBytes");
    }

    /**
     * Settings from {@code redis://[user:password@]host[:port][/database]}, with 500 ms timeouts, one retry a
     * second while unreachable, 16 pooled connections, keys under {@code hhfr:} and values up to 4 MiB.
     *
     * @throws IllegalArgumentException naming what is wrong with the URI
     */
    public static RedisStoreSettings parse(String uri) {
        URI parsed;
        try {
            parsed = new URI(uri.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a Redis URI: " + e.getMessage());
        }
        if (!"redis".equalsIgnoreCase(parsed.getScheme()) || parsed.getHost() == null) {
            throw new IllegalArgumentException("a Redis context store is named redis://host[:port][/database], not "
                    + parsed.getScheme() + ":...");
        }
        String path = parsed.getPath() == null ? "" : parsed.getPath();
        int database = 0;
        if (path.length() > 1) {
            try {
                database = Integer.parseInt(path.substring(1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the Redis database is a number, not " + path.substring(1));
            }
        }
        String user = null;
        String password = null;
        if (parsed.getUserInfo() != null) {
            int colon = parsed.getUserInfo().indexOf(':');
            user = colon < 0 ? parsed.getUserInfo() : parsed.getUserInfo().substring(0, colon);
            password = colon < 0 ? null : parsed.getUserInfo().substring(colon + 1);
            user = user.isEmpty() ? null : user;
        }
        return new RedisStoreSettings(parsed.getHost(), parsed.getPort() < 0 ? DEFAULT_PORT : parsed.getPort(),
                database, user, password, DEFAULT_TIMEOUT_MILLIS, DEFAULT_TIMEOUT_MILLIS, 1_000, 16, "hhfr:",
                4 << 20, null);
    }

    /** These settings with other connect and reply timeouts. */
    public RedisStoreSettings withTimeouts(int connectMillis, int socketMillis) {
        return new RedisStoreSettings(host, port, database, user, password, connectMillis, socketMillis,
                retryIntervalMillis, poolSize, keyPrefix, maxValueBytes, recordSeal);
    }

    /** These settings with keys under another prefix (several deployments in one Redis). */
    public RedisStoreSettings withKeyPrefix(String prefix) {
        return new RedisStoreSettings(host, port, database, user, password, connectTimeoutMillis,
                socketTimeoutMillis, retryIntervalMillis, poolSize, prefix, maxValueBytes, recordSeal);
    }

    /** These settings with session records sealed under {@code seal} (the same on every node of this Redis). */
    public RedisStoreSettings withRecordSeal(RecordSeal seal) {
        return new RedisStoreSettings(host, port, database, user, password, connectTimeoutMillis,
                socketTimeoutMillis, retryIntervalMillis, poolSize, keyPrefix, maxValueBytes,
                Objects.requireNonNull(seal, "seal"));
    }

    /**
     * A pooled client for this Redis with these bounds: connect and reply timeouts, a pool of {@code poolSize}
     * connections waited for at most the reply timeout. It connects lazily; close it when done.
     */
    public RedisClient openClient() {
        GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
        pool.setMaxTotal(poolSize);
        pool.setMaxIdle(poolSize);
        pool.setMaxWait(Duration.ofMillis(socketTimeoutMillis));
        pool.setJmxEnabled(false);
        DefaultJedisClientConfig.Builder client = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(connectTimeoutMillis)
                .socketTimeoutMillis(socketTimeoutMillis)
                .database(database)
                .clientName("hhfr");
        if (user != null) {
            client.user(user);
        }
        if (password != null) {
            client.password(password);
        }
        return RedisClient.builder().hostAndPort(host, port).clientConfig(client.build()).poolConfig(pool).build();
    }

    /** {@code redis://host:port/database}, without credentials. */
    @Override
    public String toString() {
        return "redis://" + host + ":" + port + "/" + database;
    }

    private static void requireAtLeast(long value, long least, String name) {
        if (value < least) {
            throw new IllegalArgumentException(name + " must be at least " + least + ", got " + value);
        }
    }
}
