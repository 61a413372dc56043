package org.hhfr.transports.netty;

import java.net.InetAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.hhfr.contextstore.ClientAddressBlock;

/**
 * Places that peers not authenticated yet hold on the server, counted per client address (per
 * {@link ClientAddressBlock}: an IPv4 address, an IPv6 /64) and in all, each within its limit: one address cannot
 * take them all, and many addresses together cannot take more than the server gives. Thread-safe: every event loop
 * takes and gives back places here.
 */
final class ClientPlaces {
    private final int maxPerAddress;
    private final int max;
    private final AtomicInteger taken = new AtomicInteger();
    private final ConcurrentMap<ClientAddressBlock, Integer> perAddress = new ConcurrentHashMap<>();

    ClientPlaces(int maxPerAddress, int max) {
        this.maxPerAddress = maxPerAddress;
        this.max = max;
    }

    /** Takes a place for {@code address}, {@link #release}d when done; {@code false} when a limit is reached. */
    boolean take(InetAddress address) {
        if (taken.incrementAndGet() > max) {
            taken.decrementAndGet();
            return false;
        }
        boolean[] took = new boolean[1];
        perAddress.compute(ClientAddressBlock.of(address), (key, count) -> {
            int now = count == null ? 0 : count;
            took[0] = now < maxPerAddress;
            return took[0] ? now + 1 : count;
        });
        if (!took[0]) {
            taken.decrementAndGet();
        }
        return took[0];
    }

    /** Gives back a place {@link #take} took for {@code address}. */
    void release(InetAddress address) {
        perAddress.computeIfPresent(ClientAddressBlock.of(address), (key, count) -> count > 1 ? count - 1 : null);
        taken.decrementAndGet();
    }
}
