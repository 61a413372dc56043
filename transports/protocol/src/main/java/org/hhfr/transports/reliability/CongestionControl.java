package org.hhfr.transports.reliability;

/**
 * Which congestion controller bounds and paces a datagram stream's DATA (a stream over TCP has the kernel's).
 * Only the sender's choice matters: the peer needs no agreement and the wire does not change.
 */
public enum CongestionControl {
    /**
     * A model of the path in the spirit of BBR: the bottleneck bandwidth measured from delivery rates and the
     * minimum round trip; random loss does not shrink the window. The default: on a lossy mobile link it keeps
     * the link busy where NewReno halves its window on every loss.
     */
    BBR,
    /** RFC 9002's loss-based NewReno with HyStart++: halves the window once per loss episode. */
    NEW_RENO
}
