package org.hhfr.transports.netty;

import com.google.auto.value.AutoValue;
import java.net.InetAddress;
import org.hhfr.transports.reliability.PathEstimate;

/**
 * What a session's UDP stream that finished gracefully learned of its path to the client: the estimate, the
 * client's address and when it ended. The session's next stream sends from it when its client writes from the
 * same address within {@link PathEstimate#LIFETIME_NANOS}, so a returning client's downloads start from the
 * path's bandwidth instead of from the initial window. Keyed by session, not by address: clients behind one
 * carrier NAT share an address but not a session.
 */
@AutoValue
abstract class EndedPath {
    static EndedPath of(InetAddress client, PathEstimate estimate, long endedAtNanos) {
        return new AutoValue_EndedPath(client, estimate, endedAtNanos);
    }

    abstract InetAddress client();

    abstract PathEstimate estimate();

    abstract long endedAtNanos();

    /** The estimate, for a stream whose client writes from {@code from} at {@code now}; else null. */
    PathEstimate forStreamFrom(InetAddress from, long now) {
        return from.equals(client()) && now - endedAtNanos() <= PathEstimate.LIFETIME_NANOS ? estimate() : null;
    }
}
