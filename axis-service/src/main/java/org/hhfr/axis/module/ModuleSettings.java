package org.hhfr.axis.module;

import java.util.Objects;
import java.util.function.Function;

import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.redis.RecordSeal;
import org.hhfr.contextstore.redis.RedisStoreSettings;
import org.hhfr.transports.frame.FrameBufferBudget;
import org.jspecify.annotations.Nullable;

/**
 * How the HHFR module runs, read from its parameters: {@code module.xml} holds every default, a
 * {@code <moduleConfig name="hhfr">} in {@code axis2.xml} overrides any of them. Each parameter is checked
 * when the module starts; the first bad one is named in a one-line reason.
 *
 * @param streamBindHost      where the stream listeners bind ({@code 0.0.0.0}: every interface)
 * @param advertisedHost      the host answers hand to clients; {@code null}: the address each client reached
 * @param tcpPort             the TCP stream port: 0 a free port, {@link #NOT_SERVED} off
 * @param udpPort             the UDP stream port: 0 a free port, {@link #NOT_SERVED} off
 * @param maxMessageBytes     the largest streamed request a client may send
 * @param storeLimits         the context store's limits (sessions held, per client address, how long one lives
 *                            unused and before a stream first uses it)
 * @param purgeIntervalMillis how often expired sessions are purged
 * @param dispatchThreads     the threads that run streamed calls into services
 * @param streamSecurity      which streams are encrypted, and the TCP streams' TLS ({@link StreamSecurity})
 * @param redisStore          where sessions are kept when shared in Redis; {@code null}: in this server's memory
 * @param maxBufferedFrameBytes bytes all TCP stream connections together may hold in partial frames; a partial
 *                            frame beyond it is refused and its connection closed
 * @param streamPeers         the other nodes serving this node's sessions (sharing its Redis store), named to
 *                            clients as alternate endpoints; none by default
 * @param streamHandshakes    how the stream server bounds TCP connections and early streams that have not
 *                            authenticated yet
 */
public record ModuleSettings(String streamBindHost, String advertisedHost, int tcpPort, int udpPort,
        int maxMessageBytes, StoreLimits storeLimits, long purgeIntervalMillis, int dispatchThreads,
        StreamSecurity streamSecurity, @Nullable RedisStoreSettings redisStore, long maxBufferedFrameBytes,
        StreamPeers streamPeers, StreamHandshakeLimits streamHandshakes) {
    /** A stream port that is not served: offers for that transport are declined. */
    public static final int NOT_SERVED = -1;

    public static final String STREAM_BIND_HOST = "streamBindHost";
    public static final String ADVERTISED_HOST = "advertisedHost";
    public static final String TCP_PORT = "tcpPort";
    public static final String UDP_PORT = "udpPort";
    public static final String MAX_MESSAGE_BYTES = "maxMessageBytes";
    public static final String CONTEXT_STORE = "contextStore";
    public static final String CONTEXT_STORE_TIMEOUT_MILLIS = "contextStoreTimeoutMillis";
    /** The Redis store's record key: base64 of 32 bytes, or {@code env:NAME} to read it from a variable. */
    public static final String CONTEXT_STORE_KEY = "contextStoreKey";
    public static final String MAX_SESSIONS = "maxSessions";
    public static final String MAX_SESSIONS_PER_ADDRESS = "maxSessionsPerAddress";
    public static final String UNOPENED_SESSION_MILLIS = "unopenedSessionMillis";
    public static final String SESSION_LIFETIME_MILLIS = "sessionLifetimeMillis";
    public static final String PURGE_INTERVAL_MILLIS = "purgeIntervalMillis";
    public static final String DISPATCH_THREADS = "dispatchThreads";
    public static final String MAX_BUFFERED_FRAME_BYTES = "maxBufferedFrameBytes";
    public static final String STREAM_PEERS = "streamPeers";

    /** The default context store: sessions in this server's memory. */
    public static final String MEMORY_STORE = "memory";
    /** The prefix of the other: sessions shared in Redis, {@code redis://host[:port][/database]}. */
    public static final String REDIS_STORE = "redis://";
    /** The prefix of a parameter value read from an environment variable. */
    private static final String ENVIRONMENT = "env:";

    public ModuleSettings {
        Objects.requireNonNull(streamBindHost, "streamBindHost");
        Objects.requireNonNull(storeLimits, "storeLimits");
        Objects.requireNonNull(streamPeers, "streamPeers");
        Objects.requireNonNull(streamHandshakes, "streamHandshakes");
        if (!streamPeers.isEmpty() && redisStore == null) {
            throw new IllegalArgumentException(STREAM_PEERS + " need a shared " + CONTEXT_STORE + " ("
                    + REDIS_STORE + "...): peers must find this node's sessions");
        }
    }

    /**
     * Reads and checks the parameters; {@code parameters} answers a name with its text, or {@code null}.
     *
     * @throws IllegalArgumentException naming the first parameter that is missing or out of range
     */
    public static ModuleSettings read(Function<String, String> parameters) {
        RedisStoreSettings redis = redisStore(parameters);
        String advertised = parameters.apply(ADVERTISED_HOST);
        StoreLimits limits = StoreLimits.defaults().toBuilder()
                .maxSessions((int) number(parameters, MAX_SESSIONS, 1, Integer.MAX_VALUE))
                .maxSessionsPerAddress((int) optionalNumber(parameters, MAX_SESSIONS_PER_ADDRESS, 1,
                        Integer.MAX_VALUE, StoreLimits.defaults().maxSessionsPerAddress()))
                .unopenedGrantMillis(optionalNumber(parameters, UNOPENED_SESSION_MILLIS, 1, Long.MAX_VALUE,
                        StoreLimits.defaults().unopenedGrantMillis()))
                .idleTimeoutMillis(number(parameters, SESSION_LIFETIME_MILLIS, 1, Long.MAX_VALUE))
                .build();
        return new ModuleSettings(required(parameters, STREAM_BIND_HOST),
                advertised == null || advertised.isBlank() ? null : advertised.trim(),
                port(parameters, TCP_PORT), port(parameters, UDP_PORT),
                (int) number(parameters, MAX_MESSAGE_BYTES, 1, Integer.MAX_VALUE), limits,
                number(parameters, PURGE_INTERVAL_MILLIS, 1, Long.MAX_VALUE),
                (int) number(parameters, DISPATCH_THREADS, 1, 1024), StreamSecurity.read(parameters), redis,
                optionalNumber(parameters, MAX_BUFFERED_FRAME_BYTES, 1, Long.MAX_VALUE,
                        FrameBufferBudget.DEFAULT_MAX_BYTES),
                StreamPeers.parse(STREAM_PEERS, parameters.apply(STREAM_PEERS)),
                StreamHandshakeLimits.read(parameters));
    }

    /** The Redis the {@code contextStore} parameter names, or {@code null} for {@code memory}. */
    private static @Nullable RedisStoreSettings redisStore(Function<String, String> parameters) {
        String store = required(parameters, CONTEXT_STORE);
        String key = parameters.apply(CONTEXT_STORE_KEY);
        if (MEMORY_STORE.equals(store)) {
            if (key != null && !key.isBlank()) {
                throw new IllegalArgumentException(CONTEXT_STORE_KEY + " seals the session records kept in Redis, "
                        + "but " + CONTEXT_STORE + " is " + MEMORY_STORE + ": give a redis:// store, or no key");
            }
            return null;
        }
        if (!store.regionMatches(true, 0, REDIS_STORE, 0, REDIS_STORE.length())) {
            throw new IllegalArgumentException(CONTEXT_STORE + " \"" + store + "\" is unknown (known: "
                    + MEMORY_STORE + ", " + REDIS_STORE + "host[:port][/database])");
        }
        RedisStoreSettings redis;
        try {
            redis = RedisStoreSettings.parse(store);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(CONTEXT_STORE + ": " + e.getMessage());
        }
        int timeout = (int) optionalNumber(parameters, CONTEXT_STORE_TIMEOUT_MILLIS, 1, 60_000,
                RedisStoreSettings.DEFAULT_TIMEOUT_MILLIS);
        redis = redis.withTimeouts(timeout, timeout);
        return key == null || key.isBlank() ? redis : redis.withRecordSeal(recordSeal(key.trim()));
    }

    private static RecordSeal recordSeal(String key) {
        String text = key;
        if (key.startsWith(ENVIRONMENT)) {
            String variable = key.substring(ENVIRONMENT.length());
            text = System.getenv(variable);
            if (text == null || text.isBlank()) {
                throw new IllegalArgumentException(CONTEXT_STORE_KEY + " names the environment variable " + variable
                        + ", which is not set");
            }
        }
        try {
            return RecordSeal.ofBase64(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(CONTEXT_STORE_KEY + ": " + e.getMessage());
        }
    }

    /** A parameter that an older axis2.xml or module.xml may lack: {@code absent} then. */
    static long optionalNumber(Function<String, String> parameters, String name, long min, long max,
                               long absent) {
        String text = parameters.apply(name);
        return text == null || text.isBlank() ? absent : number(parameters, name, min, max);
    }

    /** Whether any stream transport is served. */
    public boolean servesStreams() {
        return tcpPort != NOT_SERVED || udpPort != NOT_SERVED;
    }

    private static int port(Function<String, String> parameters, String name) {
        return (int) number(parameters, name, NOT_SERVED, 65_535);
    }

    private static long number(Function<String, String> parameters, String name, long min, long max) {
        String text = required(parameters, name);
        long value;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " is not a number: \"" + text + "\"");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " out of range (" + min + ".." + max + "): " + value);
        }
        return value;
    }

    private static String required(Function<String, String> parameters, String name) {
        String text = parameters.apply(name);
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("parameter " + name + " is missing");
        }
        return text.trim();
    }
}
