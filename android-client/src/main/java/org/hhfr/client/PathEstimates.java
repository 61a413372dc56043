package org.hhfr.client;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

import org.hhfr.transports.reliability.PathEstimate;

/**
 * What this client's UDP streams learned of their paths (bandwidth and round trip), so that its next stream over
 * the same path starts from it instead of from the initial window. A path is the local address the socket sent
 * from and the server's address. That tells most networks apart, not all: two Wi-Fi networks may give the same
 * private address, and a cellular handover may keep it (the stream's first round trip then checks the
 * estimate). An estimate is used for {@link PathEstimate#LIFETIME_NANOS} after its stream ended, then
 * forgotten; at most {@link #CAPACITY} paths are kept, the least recently used first out. Thread-safe.
 */
final class PathEstimates {
    static final int CAPACITY = 32;

    private final LongSupplier clock;
    /** In access order: the first is the least recently used. */
    private final Map<String, Kept> kept = new LinkedHashMap<>(16, 0.75f, true);

    /** @param clock monotonic nanoseconds */
    PathEstimates(LongSupplier clock) {
        this.clock = clock;
    }

    /** Keeps what a stream from {@code local} to {@code remote} learned; null (no sample) keeps nothing. */
    synchronized void remember(InetAddress local, InetSocketAddress remote, PathEstimate estimate) {
        if (estimate != null && local != null && !local.isAnyLocalAddress()) {
            kept.put(path(local, remote), new Kept(estimate, clock.getAsLong()));
            if (kept.size() > CAPACITY) {
                kept.remove(kept.keySet().iterator().next());
            }
        }
    }

    /** The estimate of that path a stream learned within the lifetime, or null. */
    synchronized PathEstimate of(InetAddress local, InetSocketAddress remote) {
        if (local == null || local.isAnyLocalAddress()) {
            return null;
        }
        String path = path(local, remote);
        Kept held = kept.get(path);
        if (held == null) {
            return null;
        }
        if (clock.getAsLong() - held.keptAt > PathEstimate.LIFETIME_NANOS) {
            kept.remove(path);
            return null;
        }
        return held.estimate;
    }

    private static String path(InetAddress local, InetSocketAddress remote) {
        return local.getHostAddress() + ">" + remote;
    }

    private static final class Kept {
        final PathEstimate estimate;
        final long keptAt;

        Kept(PathEstimate estimate, long keptAt) {
            this.estimate = estimate;
            this.keptAt = keptAt;
        }
    }
}
