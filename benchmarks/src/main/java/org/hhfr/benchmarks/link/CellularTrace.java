package org.hhfr.benchmarks.link;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A pair of Mahimahi's cellular traces bundled with {@code hhfr-link}: the downlink ({@code NAME.down}, server to
 * phone) and the uplink ({@code NAME.up}). Each is loaded once and shared, so two profiles on the same trace are
 * equal.
 *
 * @param name the traces' name without the direction, such as {@code TMobile-UMTS-driving}
 * @param about what was recorded, for captions: "T-Mobile UMTS (3G), driving"
 */
public record CellularTrace(String name, String about, DeliveryTrace down, DeliveryTrace up) {
    /** Where the bundled traces come from, for captions (link-emulator/traces/README.md tells more). */
    public static final String SOURCE = "Mahimahi's traces (Winstein, Sivaraman, Balakrishnan, NSDI 2013)";
    private static final Map<String, String> KNOWN = Map.of(
            "TMobile-UMTS-driving", "T-Mobile UMTS (3G), driving",
            "Verizon-EVDO-driving", "Verizon EV-DO (3G), driving",
            "Verizon-LTE-short", "Verizon LTE");
    private static final Map<String, CellularTrace> LOADED = new ConcurrentHashMap<>();

    /** @throws IllegalArgumentException no bundled pair of traces has this name */
    public static CellularTrace bundled(String name) {
        String about = KNOWN.get(name);
        if (about == null) {
            throw new IllegalArgumentException("no bundled cellular trace " + name + " (known: " + KNOWN.keySet() + ")");
        }
        return LOADED.computeIfAbsent(name, n -> new CellularTrace(n, about, DeliveryTrace.bundled(n + ".down"),
                DeliveryTrace.bundled(n + ".up")));
    }

    /** "TMobile-UMTS-driving (T-Mobile UMTS (3G), driving; 2.0 Mbit/s down, 0.94 up on average)" */
    public String describe() {
        return String.format(Locale.ROOT, "%s (%s; %.2g Mbit/s down, %.2g up on average)", name, about,
                down.meanBitsPerSecond() / 1e6, up.meanBitsPerSecond() / 1e6);
    }
}
