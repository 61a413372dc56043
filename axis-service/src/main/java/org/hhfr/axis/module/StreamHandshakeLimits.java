package org.hhfr.axis.module;

import java.util.function.Function;

import org.hhfr.transports.netty.StreamServerConfig;

/**
 * How the stream server bounds the TCP connections that have not authenticated yet, read from the module's
 * parameters; a parameter left out keeps the stream server's default.
 *
 * @param maxHandshakesPerAddress TCP stream connections of one client address (an IPv6 client is its /64) that have
 *                                not authenticated yet; one more is closed at once, unread
 * @param maxHandshakes           the same, of every address together
 */
public record StreamHandshakeLimits(int maxHandshakesPerAddress, int maxHandshakes) {
    public static final String MAX_HANDSHAKES_PER_ADDRESS = "maxHandshakesPerAddress";
    public static final String MAX_HANDSHAKES = "maxHandshakes";

    /**
     * Reads and checks the parameters; {@code parameters} answers a name with its text, or {@code null}.
     *
     * @throws IllegalArgumentException naming the first parameter that is not a number or out of range
     */
    static StreamHandshakeLimits read(Function<String, String> parameters) {
        return new StreamHandshakeLimits(
                count(parameters, MAX_HANDSHAKES_PER_ADDRESS, 1, StreamServerConfig.DEFAULT_MAX_HANDSHAKES_PER_ADDRESS),
                count(parameters, MAX_HANDSHAKES, 1, StreamServerConfig.DEFAULT_MAX_HANDSHAKES));
    }

    /** Sets these limits on a stream server's configuration. */
    StreamServerConfig.Builder applyTo(StreamServerConfig.Builder config) {
        return config.maxHandshakesPerAddress(maxHandshakesPerAddress).maxHandshakes(maxHandshakes);
    }

    private static int count(Function<String, String> parameters, String name, int min, int absent) {
        return (int) ModuleSettings.optionalNumber(parameters, name, min, Integer.MAX_VALUE, absent);
    }
}
