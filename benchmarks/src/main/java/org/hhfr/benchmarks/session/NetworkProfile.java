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
    /** Only on emulated links ({@link #emulatedNamed}). */
    public static final NetworkProfile LTE = new NetworkProfile("lte", 50, 12_000_000, 5_000_000);

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

    /**
     * A profile of {@code hhfr-link} (link-emulator) that {@code hhfr bench --links emulated} runs: loopback,
     * wifi, 3g, edge (as {@link #named}) or lte (50 ms, 12 Mbit/s down, 5 Mbit/s up), each also with the suffix
     * {@code -loss1} or {@code -loss3} (1% or 3% random loss each way, which only the emulator applies). The
     * name is passed to {@code hhfr-link --profile} as it is.
     *
     * @throws IllegalArgumentException no such profile
     */
    public static NetworkProfile emulatedNamed(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        String base = lower.replaceFirst("-loss[13]$", "");
        NetworkProfile profile = base.equals(LTE.name) ? LTE : null;
        for (NetworkProfile known : all()) {
            if (known.name.equals(base)) {
                profile = known;
            }
        }
        if (profile == null) {
            throw new IllegalArgumentException("no emulated link profile '" + name
                    + "' (known: loopback, wifi, 3g, edge, lte, each also with -loss1 or -loss3)");
        }
        return new NetworkProfile(lower, profile.rttMillis, profile.downBitsPerSecond, profile.upBitsPerSecond);
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
