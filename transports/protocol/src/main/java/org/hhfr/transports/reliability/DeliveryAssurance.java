package org.hhfr.transports.reliability;

/**
 * The WS-RM delivery assurances this engine offers. Both deliver in order (InOrder); a negotiated AtLeastOnce
 * is satisfied by {@link #EXACTLY_ONCE}, which never delivers a duplicate.
 */
public enum DeliveryAssurance {
    /** Every message is delivered once, in order; lost ones are retransmitted. The default. */
    EXACTLY_ONCE,
    /**
     * No retransmission: a message is delivered at most once and only if it is newer than every message
     * delivered before it, so late ones are dropped with the lost ones. Nothing is held back for ordering.
     */
    AT_MOST_ONCE
}
