package org.hhfr.client;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.reliability.PathEstimate;

/**
 * What this client's UDP streams learned of their paths (bandwidth and round trip), so that its next stream over
 * the same path starts from it instead of from the initial window, and the address token its server last gave a
 * stream of each session on the path, which the session's next stream shows so that the server sends to it at
 * once (WIRE-FORMAT 5.1; the server honours a session's tokens on its own streams only). A
 * path is the local address the socket sent from and the server's address. That tells most networks apart, not
 * all: two Wi-Fi networks may give the same private address, and a cellular handover may keep it (the stream's
 * first round trip then checks the estimate, and the server honours a token only from the IP address it gave it
 * to). An estimate is used for {@link PathEstimate#LIFETIME_NANOS} after its stream ended, then forgotten; a token
 * is kept until a newer one of its session comes (the server decides how long it honours one). At most
 * {@link #CAPACITY} paths and sessions' tokens are kept, the least recently used first out. Thread-safe.
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
        if (estimate != null && isSpecific(local)) {
            Kept path = keep(path(local, remote));
            path.estimate = estimate;
            path.estimatedAt = clock.getAsLong();
        }
    }

    /** The estimate of that path a stream learned within the lifetime, or null. */
    synchronized PathEstimate of(InetAddress local, InetSocketAddress remote) {
        Kept held = isSpecific(local) ? kept.get(path(local, remote)) : null;
        if (held == null || held.estimate == null) {
            return null;
        }
        if (clock.getAsLong() - held.estimatedAt > PathEstimate.LIFETIME_NANOS) {
            held.estimate = null;
            return null;
        }
        return held.estimate;
    }

    /**
     * Keeps the address token the server sent a stream of {@code session} from {@code local} to {@code remote}:
     * the server honours it on the session's streams only.
     */
    synchronized void rememberToken(InetAddress local, InetSocketAddress remote, SessionId session, long token) {
        if (isSpecific(local)) {
            keep(tokenKey(local, remote, session)).token = token;
        }
    }

    /** The last address token a stream of {@code session} over that path was given, or null. */
    synchronized Long tokenOf(InetAddress local, InetSocketAddress remote, SessionId session) {
        Kept held = isSpecific(local) ? kept.get(tokenKey(local, remote, session)) : null;
        return held != null ? held.token : null;
    }

    private Kept keep(String key) {
        Kept path = kept.computeIfAbsent(key, absent -> new Kept());
        if (kept.size() > CAPACITY) {
            kept.remove(kept.keySet().iterator().next());
        }
        return path;
    }

    private static boolean isSpecific(InetAddress local) {
        return local != null && !local.isAnyLocalAddress();
    }

    private static String path(InetAddress local, InetSocketAddress remote) {
        return local.getHostAddress() + ">" + remote;
    }

    /** Where a session's token over a path is kept: apart from the path's estimate, which all sessions share. */
    private static String tokenKey(InetAddress local, InetSocketAddress remote, SessionId session) {
        return path(local, remote) + " " + session.text();
    }

    /** What is kept of one path (its estimate) or of one session over a path (its token). */
    private static final class Kept {
        PathEstimate estimate;
        long estimatedAt;
        Long token;
    }
}
