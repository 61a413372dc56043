package org.hhfr.benchmarks.session;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.hhfr.benchmarks.link.CellularTrace;

/**
 * An emulated access network: round-trip time and the rate of each direction (0 = not limited), or, on emulated
 * links only, a pair of real cellular traces that drive the two directions instead of rates. It also gives the
 * physical lower bound of a session on this link, the yardstick every mode is compared with.
 *
 * @param trace the traces that drive the link (then both rates are 0), or null for fixed rates
 */
public record NetworkProfile(String name, double rttMillis, long downBitsPerSecond, long upBitsPerSecond,
        CellularTrace trace) {
    public static final NetworkProfile LOOPBACK = new NetworkProfile("loopback", 0, 0, 0);
    public static final NetworkProfile WIFI = new NetworkProfile("wifi", 5, 0, 0);
    public static final NetworkProfile THREE_G = new NetworkProfile("3g", 150, 1_000_000, 384_000);
    public static final NetworkProfile EDGE = new NetworkProfile("edge", 400, 200_000, 100_000);
    /** Only on emulated links ({@link #emulatedNamed}). */
    public static final NetworkProfile LTE = new NetworkProfile("lte", 50, 12_000_000, 5_000_000);
    /**
     * The trace-driven profiles of {@code hhfr-link} and their round trips, which are those of the fixed-rate
     * profiles of the same generation (3g, lte): the traces give capacity only, the propagation delay is set apart.
     */
    private static final Map<String, TraceLink> TRACE_LINKS = Map.of(
            "umts-trace", new TraceLink(150, "TMobile-UMTS-driving"),
            "evdo-trace", new TraceLink(150, "Verizon-EVDO-driving"),
            "lte-trace", new TraceLink(50, "Verizon-LTE-short"));

    private record TraceLink(double rttMillis, String trace) {
    }

    /** A profile of fixed rates. */
    public NetworkProfile(String name, double rttMillis, long downBitsPerSecond, long upBitsPerSecond) {
        this(name, rttMillis, downBitsPerSecond, upBitsPerSecond, null);
    }

    public NetworkProfile {
        if (rttMillis < 0 || downBitsPerSecond < 0 || upBitsPerSecond < 0) {
            throw new IllegalArgumentException("a profile's delay and rates cannot be negative: " + name);
        }
        if (trace != null && (downBitsPerSecond > 0 || upBitsPerSecond > 0)) {
            throw new IllegalArgumentException("a trace-driven profile has no fixed rates: " + name);
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
     * wifi, 3g, edge (as {@link #named}), lte (50 ms, 12 Mbit/s down, 5 Mbit/s up), or a trace-driven one:
     * umts-trace and evdo-trace (150 ms, Mahimahi's T-Mobile UMTS and Verizon EV-DO traces recorded while driving),
     * lte-trace (50 ms, Verizon LTE); each also with the suffix {@code -loss1} or {@code -loss3} (1% or 3% random
     * loss each way, which only the emulator applies). The name is passed to {@code hhfr-link --profile} as it is.
     *
     * @throws IllegalArgumentException no such profile
     */
    public static NetworkProfile emulatedNamed(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        String base = lower.replaceFirst("-loss[13]$", "");
        TraceLink traced = TRACE_LINKS.get(base);
        if (traced != null) {
            return new NetworkProfile(lower, traced.rttMillis, 0, 0, CellularTrace.bundled(traced.trace));
        }
        NetworkProfile profile = base.equals(LTE.name) ? LTE : null;
        for (NetworkProfile known : all()) {
            if (known.name.equals(base)) {
                profile = known;
            }
        }
        if (profile == null) {
            throw new IllegalArgumentException("no emulated link profile '" + name + "' (known: loopback, wifi, 3g, "
                    + "edge, lte, umts-trace, evdo-trace, lte-trace, each also with -loss1 or -loss3)");
        }
        return new NetworkProfile(lower, profile.rttMillis, profile.downBitsPerSecond, profile.upBitsPerSecond);
    }

    /**
     * The trace-driven emulated profile of this name ({@code umts-trace}, {@code lte-trace-loss3}...), or empty
     * for any other name, known or not.
     */
    public static Optional<NetworkProfile> traceDriven(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return TRACE_LINKS.containsKey(lower.replaceFirst("-loss[13]$", "")) ? Optional.of(emulatedNamed(lower))
                : Optional.empty();
    }

    public boolean isShaped() {
        return rttMillis > 0 || downBitsPerSecond > 0 || upBitsPerSecond > 0;
    }

    /**
     * The fastest any protocol could run a session over this link: one round trip to set up the connection,
     * one round trip for the first request and its answer, and every byte serialised at the link's rate in
     * its direction (a perfectly pipelined session; the other requests' round trips hide behind the rates).
     * Headers are not counted, nor the set-up's packets' share of the link.
     *
     * <p>On a trace-driven link the bytes leave at the trace's delivery opportunities instead, the session
     * starting with the trace: the request's bytes are ready after the set-up round trip and leave with the
     * uplink trace's next opportunities (1,500 bytes each, {@link org.hhfr.benchmarks.link.DeliveryTrace}), reach
     * the server half a round trip later, and the answer's bytes then leave with the downlink trace's next ones
     * and take the other half. {@code hhfr bench --links emulated} starts the traces again at each session's first
     * packet (the client asks hhfr-link to, on its control socket, once the link is quiet before the session), which
     * is where this bound puts the start: the sessions of a cell meet the same capacity.
     */
    public double lowerBoundMillis(long bytesUp, long bytesDown) {
        return lowerBoundMillis(bytesUp, bytesDown, 1);
    }

    /**
     * As {@link #lowerBoundMillis(long, long)} for a session of {@code messages} equal calls, pipelined at best:
     * the answers may flow down while later requests still go up, so the bound is the later of two ends, all the
     * requests up then the last answer down, and the first request up then all the answers down.
     */
    public double lowerBoundMillis(long bytesUp, long bytesDown, int messages) {
        long upEach = bytesUp / Math.max(messages, 1);
        long downEach = bytesDown / Math.max(messages, 1);
        if (trace != null) {
            double allSent = trace.up().deliveredMillis(rttMillis, bytesUp);
            double firstSent = trace.up().deliveredMillis(rttMillis, upEach);
            return Math.max(trace.down().deliveredMillis(allSent + rttMillis / 2, downEach),
                    trace.down().deliveredMillis(firstSent + rttMillis / 2, bytesDown)) + rttMillis / 2;
        }
        return 2 * rttMillis + Math.max(
                transferMillis(bytesUp, upBitsPerSecond) + transferMillis(downEach, downBitsPerSecond),
                transferMillis(upEach, upBitsPerSecond) + transferMillis(bytesDown, downBitsPerSecond));
    }

    private static double transferMillis(long bytes, long bitsPerSecond) {
        return bitsPerSecond == 0 ? 0 : bytes * 8_000.0 / bitsPerSecond;
    }
}
