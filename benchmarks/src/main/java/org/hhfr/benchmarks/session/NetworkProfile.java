package org.hhfr.benchmarks.session;

import java.util.List;
import java.util.Locale;

/**
 * An emulated access network: round-trip time and the rate of each direction (0 = not limited). It also
 * gives the physical lower bound of a session on this link, the yardstick every mode is compared with.
 */
public record NetworkProfile(String name, double rttMillis, long downBitsPerSecond, long upBitsPerSecond) {
    public static final NetworkProfile LOOPBACK = new NetworkProfile("loopback", 0, 0, 0);
    public static final NetworkProfile WIFI = new NetworkProfile("wifi", 5, 0, 0);
    public static final NetworkProfile THREE_G = new NetworkProfile("3g", 150, 1_000_000, 384_000);
    public static final NetworkProfile EDGE = new NetworkProfile("edge", 400, 200_000, 100_000);

    public NetworkProfile {
        if (rttMillis < 0 || downBitsPerSecond < 0 || upBitsPerSecond < 0) {
            throw new IllegalArgumentException("a profile's delay and rates cannot be negative: " + name);
        }
    }

    public static List<NetworkProfile> all() {
        return List.of(LOOPBACK, WIFI, THREE_G, EDGE);
    }

    /** @throws IllegalArgumentException no profile has this name */
    public static NetworkProfile named(String name) {
        for (NetworkProfile profile : all()) {
            if (profile.name.equals(name.toLowerCase(Locale.ROOT))) {
                return profile;
            }
        }
        throw new IllegalArgumentException("no network profile '" + name + "' (known: loopback, wifi, 3g, edge)");
    }

    public boolean isShaped() {
        return rttMillis > 0 || downBitsPerSecond > 0 || upBitsPerSecond > 0;
    }

    /**
     * The fastest any protocol could run a session over this link: one round trip to set up the connection,
     * one round trip for the first request and its answer, and every byte serialised at the link's rate in
     * its direction (a perfectly pipelined session; the other requests' round trips hide behind the rates).
     */
    public double lowerBoundMillis(long bytesUp, long bytesDown) {
        return 2 * rttMillis + transferMillis(bytesUp, upBitsPerSecond) + transferMillis(bytesDown, downBitsPerSecond);
    }

    private static double transferMillis(long bytes, long bitsPerSecond) {
        return bitsPerSecond == 0 ? 0 : bytes * 8_000.0 / bitsPerSecond;
    }
}
