package org.hhfr.axis.module;

import java.util.Objects;
import java.util.function.Function;

import org.hhfr.contextstore.StoreLimits;

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
 * @param storeLimits         the context store's limits (sessions held, how long one lives unused)
 * @param purgeIntervalMillis how often expired sessions are purged
 * @param dispatchThreads     the threads that run streamed calls into services
 */
public record ModuleSettings(String streamBindHost, String advertisedHost, int tcpPort, int udpPort,
        int maxMessageBytes, StoreLimits storeLimits, long purgeIntervalMillis, int dispatchThreads) {
    /** A stream port that is not served: offers for that transport are declined. */
    public static final int NOT_SERVED = -1;

    public static final String STREAM_BIND_HOST = "streamBindHost";
    public static final String ADVERTISED_HOST = "advertisedHost";
    public static final String TCP_PORT = "tcpPort";
    public static final String UDP_PORT = "udpPort";
    public static final String MAX_MESSAGE_BYTES = "maxMessageBytes";
    public static final String CONTEXT_STORE = "contextStore";
    public static final String MAX_SESSIONS = "maxSessions";
    public static final String SESSION_LIFETIME_MILLIS = "sessionLifetimeMillis";
    public static final String PURGE_INTERVAL_MILLIS = "purgeIntervalMillis";
    public static final String DISPATCH_THREADS = "dispatchThreads";

    /** The one context store there is: sessions in this server's memory. */
    public static final String MEMORY_STORE = "memory";

    public ModuleSettings {
        Objects.requireNonNull(streamBindHost, "streamBindHost");
        Objects.requireNonNull(storeLimits, "storeLimits");
    }

    /**
     * Reads and checks the parameters; {@code parameters} answers a name with its text, or {@code null}.
     *
     * @throws IllegalArgumentException naming the first parameter that is missing or out of range
     */
    public static ModuleSettings read(Function<String, String> parameters) {
        String store = required(parameters, CONTEXT_STORE);
        if (!MEMORY_STORE.equals(store)) {
            throw new IllegalArgumentException(CONTEXT_STORE + " \"" + store + "\" is unknown (known: "
                    + MEMORY_STORE + ")");
        }
        String advertised = parameters.apply(ADVERTISED_HOST);
        StoreLimits limits = StoreLimits.defaults().toBuilder()
                .maxSessions((int) number(parameters, MAX_SESSIONS, 1, Integer.MAX_VALUE))
                .idleTimeoutMillis(number(parameters, SESSION_LIFETIME_MILLIS, 1, Long.MAX_VALUE))
                .build();
        return new ModuleSettings(required(parameters, STREAM_BIND_HOST),
                advertised == null || advertised.isBlank() ? null : advertised.trim(),
                port(parameters, TCP_PORT), port(parameters, UDP_PORT),
                (int) number(parameters, MAX_MESSAGE_BYTES, 1, Integer.MAX_VALUE), limits,
                number(parameters, PURGE_INTERVAL_MILLIS, 1, Long.MAX_VALUE),
                (int) number(parameters, DISPATCH_THREADS, 1, 1024));
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
