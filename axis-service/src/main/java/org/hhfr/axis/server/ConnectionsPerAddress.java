package org.hhfr.axis.server;

import java.net.InetAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.hhfr.contextstore.ClientAddressBlock;

/**
 * Open HTTP connections counted per client address, so that one address cannot hold more than its share of the
 * request threads (each open connection holds one). An address counts in its {@link ClientAddressBlock} (an
 * IPv4 address, an IPv6 /64), so an IPv6 host does not get another share for each address it sends from. A
 * connection beyond {@code max} for its block is refused; closing a connection gives its slot back.
 * Thread-safe; a block with no open connection is forgotten.
 */
final class ConnectionsPerAddress {
    private final int max;
    private final ConcurrentMap<ClientAddressBlock, Integer> open = new ConcurrentHashMap<>();

    ConnectionsPerAddress(int max) {
        this.max = max;
    }

    /** The most connections one address (its block) may hold open. */
    int max() {
        return max;
    }

    /**
     * Counts a new connection from {@code address} in its block; false (and nothing counted) when the block already
     * holds the most.
     */
    boolean tryOpen(InetAddress address) {
        boolean[] admitted = new boolean[1];
        open.compute(ClientAddressBlock.of(address), (key, count) -> {
            int now = count == null ? 0 : count;
            admitted[0] = now < max;
            return admitted[0] ? now + 1 : count;
        });
        return admitted[0];
    }

    /** A connection counted by {@link #tryOpen} closed. */
    void closed(InetAddress address) {
        open.computeIfPresent(ClientAddressBlock.of(address), (key, count) -> count <= 1 ? null : count - 1);
    }
}
