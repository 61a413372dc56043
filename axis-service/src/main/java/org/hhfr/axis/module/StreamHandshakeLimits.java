package org.hhfr.axis.module;

import java.util.function.Function;

import org.hhfr.transports.netty.EarlyHandshakeLimits;
import org.hhfr.transports.netty.StreamServerConfig;

/**
 * How the stream server bounds what clients have not authenticated yet, read from the module's parameters; a
 * parameter left out keeps the stream server's default. Early streams are those a client opens while its
 * negotiation still runs, for the session it proposed: they wait, unread, until the negotiation stored it.
 *
 * @param maxHandshakesPerAddress TCP stream connections of one client address (an IPv6 client is its /64) that have
 *                                not authenticated yet; one more is closed at once, unread
 * @param maxHandshakes           the same, of every address together
 * @param handshakeTimeoutMillis  how long a new TCP stream connection may take to authenticate (its TLS handshake
 *                                and its HELLO, an early HELLO's wait for its session included) before it is closed
 * @param earlyHandshakes         the early TCP streams' HELLOs that wait for their session: per client address, in
 *                                all, and how long; their bytes and store lookups keep the stream server's defaults
 * @param earlyDatagrams          the same for early UDP streams, whose first datagrams wait for their session
 */
public record StreamHandshakeLimits(int maxHandshakesPerAddress, int maxHandshakes, long handshakeTimeoutMillis,
        EarlyHandshakeLimits earlyHandshakes, EarlyHandshakeLimits earlyDatagrams) {
    public static final String MAX_HANDSHAKES_PER_ADDRESS = "maxHandshakesPerAddress";
    public static final String MAX_HANDSHAKES = "maxHandshakes";
    public static final String HANDSHAKE_TIMEOUT_MILLIS = "handshakeTimeoutMillis";
    public static final String MAX_EARLY_HANDSHAKES_PER_ADDRESS = "maxEarlyHandshakesPerAddress";
    public static final String MAX_EARLY_HANDSHAKES = "maxEarlyHandshakes";
    public static final String EARLY_HANDSHAKE_WAIT_MILLIS = "earlyHandshakeWaitMillis";
    public static final String MAX_EARLY_UDP_STREAMS_PER_ADDRESS = "maxEarlyUdpStreamsPerAddress";
    public static final String MAX_EARLY_UDP_STREAMS = "maxEarlyUdpStreams";
    public static final String EARLY_UDP_STREAM_WAIT_MILLIS = "earlyUdpStreamWaitMillis";
    /**
     * The longest handshake timeout or early wait an operator may set, two minutes: far beyond what a TLS
     * handshake over a slow cellular link takes, and short enough that a connection or datagrams that never
     * authenticate do not hold their place for good.
     */
    static final long MAX_WAIT_MILLIS = 120_000;

    public StreamHandshakeLimits {
        if (earlyHandshakes.waitMillis() >= handshakeTimeoutMillis) {
            throw new IllegalArgumentException(EARLY_HANDSHAKE_WAIT_MILLIS + " (" + earlyHandshakes.waitMillis()
                    + ") must be shorter than " + HANDSHAKE_TIMEOUT_MILLIS + " (" + handshakeTimeoutMillis
                    + "), which bounds an early HELLO's whole handshake");
        }
    }

    /**
     * Reads and checks the parameters; {@code parameters} answers a name with its text, or {@code null}.
     *
     * @throws IllegalArgumentException naming the first parameter that is not a number or out of range, or an
     *                                  early HELLO's wait that its handshake's timeout would cut short
     */
    static StreamHandshakeLimits read(Function<String, String> parameters) {
        return new StreamHandshakeLimits(
                count(parameters, MAX_HANDSHAKES_PER_ADDRESS, 1, StreamServerConfig.DEFAULT_MAX_HANDSHAKES_PER_ADDRESS),
                count(parameters, MAX_HANDSHAKES, 1, StreamServerConfig.DEFAULT_MAX_HANDSHAKES),
                ModuleSettings.optionalNumber(parameters, HANDSHAKE_TIMEOUT_MILLIS, 1, MAX_WAIT_MILLIS,
                        StreamServerConfig.DEFAULT_HANDSHAKE_TIMEOUT_MILLIS),
                early(parameters, MAX_EARLY_HANDSHAKES_PER_ADDRESS, MAX_EARLY_HANDSHAKES, EARLY_HANDSHAKE_WAIT_MILLIS,
                        EarlyHandshakeLimits.DEFAULTS),
                early(parameters, MAX_EARLY_UDP_STREAMS_PER_ADDRESS, MAX_EARLY_UDP_STREAMS,
                        EARLY_UDP_STREAM_WAIT_MILLIS, EarlyHandshakeLimits.DATAGRAM_DEFAULTS));
    }

    /** Sets these limits on a stream server's configuration. */
    StreamServerConfig.Builder applyTo(StreamServerConfig.Builder config) {
        return config.maxHandshakesPerAddress(maxHandshakesPerAddress).maxHandshakes(maxHandshakes)
                .handshakeTimeoutMillis(handshakeTimeoutMillis)
                .earlyHandshakes(earlyHandshakes).earlyDatagrams(earlyDatagrams);
    }

    /** Early streams' places per address and in all (0: none wait) and their wait, over {@code defaults}. */
    private static EarlyHandshakeLimits early(Function<String, String> parameters, String maxPerAddress,
                                              String maxParked, String waitMillis, EarlyHandshakeLimits defaults) {
        return new EarlyHandshakeLimits(count(parameters, maxPerAddress, 0, defaults.maxPerAddress()),
                count(parameters, maxParked, 0, defaults.maxParked()), defaults.maxBytes(),
                ModuleSettings.optionalNumber(parameters, waitMillis, 1, MAX_WAIT_MILLIS, defaults.waitMillis()),
                defaults.maxLookupsPerSecond());
    }

    private static int count(Function<String, String> parameters, String name, int min, int absent) {
        return (int) ModuleSettings.optionalNumber(parameters, name, min, Integer.MAX_VALUE, absent);
    }
}
