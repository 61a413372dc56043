package org.hhfr.transports.reliability;

/**
 * The WS-ReliableMessaging delivery assurance a stream agreed on (part of context-store's
 * {@code ReliabilityPolicy}), as the {@link ReliabilityEngine} carries it out. Both deliver in order
 * (InOrder); a negotiated AtLeastOnce is satisfied by {@link #EXACTLY_ONCE}, which never delivers a duplicate.
 */
public enum DeliveryAssurance {
    /** Every message is delivered, and only once, in order: retransmit until acknowledged, drop duplicates. */
    EXACTLY_ONCE,
    /**
     * A message is delivered once or not at all: no retransmission, and only if it is newer than every message
     * delivered before it, so late ones are dropped with the lost ones. Nothing is held back for ordering.
     */
    AT_MOST_ONCE
}
