package org.hhfr.transports.frame;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Bytes that every connection of one endpoint together may hold in partial frames. Each
 * {@link StreamFrameDecoder} reserves its buffer here while a frame is incomplete and gives it back when the
 * frame completes or the connection ends, so many slow or stalling peers cannot together hold more than
 * {@link #maxBytes()}. Thread-safe.
 */
public final class FrameBufferBudget {
    /** Default for a server: 64 MiB of partial frames across all its connections. */
    public static final long DEFAULT_MAX_BYTES = 64L << 20;

    private final long maxBytes;
    private final AtomicLong reserved = new AtomicLong();

    private FrameBufferBudget(long maxBytes) {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("the frame buffer budget must be positive: " + maxBytes);
        }
        this.maxBytes = maxBytes;
    }

    /** A budget of {@code maxBytes} across the connections that share it. */
    public static FrameBufferBudget of(long maxBytes) {
        return new FrameBufferBudget(maxBytes);
    }

    /** A budget for one connection alone (a client's): only the frame limits bound it. */
    public static FrameBufferBudget unshared() {
        return new FrameBufferBudget(Long.MAX_VALUE);
    }

    /** The most bytes held at once. */
    public long maxBytes() {
        return maxBytes;
    }

    /** Bytes held in partial frames now. */
    public long reservedBytes() {
        return reserved.get();
    }

    /** Reserves {@code bytes} if they fit under {@link #maxBytes()}; false leaves the budget unchanged. */
    boolean tryReserve(long bytes) {
        while (true) {
            long now = reserved.get();
            if (bytes > maxBytes - now) {
                return false;
            }
            if (reserved.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    /** Gives back bytes reserved before. */
    void release(long bytes) {
        reserved.addAndGet(-bytes);
    }
}
