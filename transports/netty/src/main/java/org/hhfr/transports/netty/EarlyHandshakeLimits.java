package org.hhfr.transports.netty;

import org.hhfr.schemas.Bounds;

/**
 * How a {@link StreamServer} bounds early handshakes: HELLOs flagged EARLY (WIRE-FORMAT 3.4) for a session the
 * store does not hold yet, because the negotiation proposing it may still be running. Such a connection is
 * parked, unread, until the session appears; beyond these bounds, or past the wait, it is refused with
 * UNKNOWN_SESSION, and its client sends the calls it carried again once its negotiation answered.
 *
 * <p>A session negotiated on this node releases its parked handshakes as soon as it is stored (the store tells
 * the server). Only a session another node stored in a shared store is looked for in the store, on one thread
 * of the server's, a few times per handshake with growing intervals and at most {@code maxLookupsPerSecond}
 * times a second over all parked handshakes, so that a flood of early HELLOs for sessions that never come costs
 * the store a fixed load; a handshake not looked for in time waits out its wait and is refused.
 *
 * @param maxPerAddress       handshakes parked at once for one client address: an IPv4 address, or for IPv6 the
 *                            /64 the address lies in (one host commonly owns a whole /64 and may send from any
 *                            address in it); an IPv4-mapped IPv6 address counts as its IPv4 address
 * @param maxParked           handshakes parked at once on the server
 * @param maxBytes            bytes of frames one parked connection may have sent behind its HELLO
 * @param waitMillis          how long a handshake waits for its session
 * @param maxLookupsPerSecond store lookups a second, over all parked handshakes, for sessions stored by another
 *                            node; 0 for none (a single node, whose own negotiations release every handshake)
 */
public record EarlyHandshakeLimits(int maxPerAddress, int maxParked, int maxBytes, long waitMillis,
                                   int maxLookupsPerSecond) {
    /** 8 per address, 1,024 on the server, 256 KiB each, 2 s, 100 store lookups a second. */
    public static final EarlyHandshakeLimits DEFAULTS = new EarlyHandshakeLimits(8, 1_024, 256 << 10, 2_000, 100);
    /**
     * For early UDP streams: 8 per address, 1,024 on the server, 32 KiB each (a client's first window of
     * datagrams is about 12 KB; each datagram is charged 128 bytes beyond its length for what holding it costs),
     * 2 s, 100 store lookups a second of their own.
     */
    public static final EarlyHandshakeLimits DATAGRAM_DEFAULTS =
            new EarlyHandshakeLimits(8, 1_024, 32 << 10, 2_000, 100);

    public EarlyHandshakeLimits {
        Bounds.requireAtLeast(maxPerAddress, 0, "maxPerAddress");
        Bounds.requireAtLeast(maxParked, 0, "maxParked");
        Bounds.requirePositive(maxBytes, "maxBytes");
        Bounds.requirePositive(waitMillis, "waitMillis");
        Bounds.requireAtLeast(maxLookupsPerSecond, 0, "maxLookupsPerSecond");
    }

    /** Early handshakes are refused at once, as any HELLO for an unknown session. */
    public static EarlyHandshakeLimits none() {
        return new EarlyHandshakeLimits(0, 0, 1, 1, 0);
    }
}
