package org.hhfr.transports.client;

/**
 * How long a client waits before its next attempt to replace a broken connection: doubling from the first
 * delay up to the longest, and back to none once a connection was welcomed. Not thread-safe: one per stream,
 * used by the thread or context that reconnects.
 */
public final class ReconnectBackoff {
    private final long firstMillis;
    private final long maxMillis;
    private long lastMillis;

    public ReconnectBackoff(long firstMillis, long maxMillis) {
        if (firstMillis <= 0 || maxMillis < firstMillis) {
            throw new IllegalArgumentException("backoff from " + firstMillis + " to " + maxMillis + " ms");
        }
        this.firstMillis = firstMillis;
        this.maxMillis = maxMillis;
    }

    /** The delay before the next attempt: the first delay, then twice the last, at most the longest. */
    public long nextDelayMillis() {
        lastMillis = lastMillis == 0 ? firstMillis : Math.min(maxMillis, 2 * lastMillis);
        return lastMillis;
    }

    /** A connection was welcomed: the next break is retried after the first delay again. */
    public void reset() {
        lastMillis = 0;
    }
}
