package org.hhfr.transports.netty;

import java.net.InetAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the early handshakes parked on the server, per client address and in all, within their
 * {@link EarlyHandshakeLimits}. Thread-safe: every event loop parks and releases here.
 */
final class ParkedHandshakes {
    private final EarlyHandshakeLimits limits;
    private final AtomicInteger parked = new AtomicInteger();
    private final ConcurrentMap<InetAddress, Integer> perAddress = new ConcurrentHashMap<>();

    ParkedHandshakes(EarlyHandshakeLimits limits) {
        this.limits = limits;
    }

    EarlyHandshakeLimits limits() {
        return limits;
    }

    /** Takes a place for a handshake from {@code address}; {@code false} when a limit is reached. */
    boolean park(InetAddress address) {
        if (parked.incrementAndGet() > limits.maxParked()) {
            parked.decrementAndGet();
            return false;
        }
        boolean[] taken = new boolean[1];
        perAddress.compute(address, (key, count) -> {
            int now = count == null ? 0 : count;
            taken[0] = now < limits.maxPerAddress();
            return taken[0] ? now + 1 : count;
        });
        if (!taken[0]) {
            parked.decrementAndGet();
        }
        return taken[0];
    }

    /** Gives back the place of a handshake from {@code address} that {@link #park} took. */
    void release(InetAddress address) {
        perAddress.computeIfPresent(address, (key, count) -> count > 1 ? count - 1 : null);
        parked.decrementAndGet();
    }

    /** Handshakes parked now. */
    int size() {
        return parked.get();
    }
}
