package org.hhfr.contextstore;

/** The WS-ReliableMessaging delivery assurance a stream agreed on. */
public enum DeliveryAssurance {
    /** Every message is delivered, and only once: retransmit until acknowledged, drop duplicates. */
    EXACTLY_ONCE,
    /** A message is delivered once or not at all: duplicates dropped, losses not repaired. */
    AT_MOST_ONCE
}
