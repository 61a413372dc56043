package org.hhfr.transports.reliability;

import com.google.auto.value.AutoValue;
import java.util.concurrent.TimeUnit;

/**
 * What a datagram stream's congestion controller learned of its path: the bottleneck bandwidth and the
 * propagation round trip. A sender that opens a new stream over the same path soon after (a returning client, a
 * session's next stream) can {@linkplain ReliabilityEngine#resumePath start from it} instead of from the initial
 * window, as QUIC's careful resume and bandwidth resumption do.
 */
@AutoValue
public abstract class PathEstimate {
    /**
     * How long after its stream ended an estimate is used for a new stream over the same path: long enough for an
     * app's next burst of calls, short enough that the path is likely the same.
     */
    public static final long LIFETIME_NANOS = TimeUnit.MINUTES.toNanos(10);

    /** @throws IllegalArgumentException unless both are positive */
    public static PathEstimate of(long bytesPerSecond, long minRttNanos) {
        if (bytesPerSecond <= 0 || minRttNanos <= 0) {
            throw new IllegalArgumentException("a path estimate needs a positive bandwidth and round trip: "
                    + bytesPerSecond + " B/s, " + minRttNanos + " ns");
        }
        return new AutoValue_PathEstimate(bytesPerSecond, minRttNanos);
    }

    /** The bottleneck bandwidth, bytes per second. */
    public abstract long bytesPerSecond();

    /** The smallest round trip seen, nanoseconds. */
    public abstract long minRttNanos();

    /** Bytes in flight that keep the path busy: bandwidth × round trip. */
    public long bandwidthDelayProduct() {
        return (long) ((double) bytesPerSecond() * minRttNanos() / 1e9);
    }
}
