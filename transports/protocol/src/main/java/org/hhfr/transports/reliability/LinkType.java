package org.hhfr.transports.reliability;

/** What the engine runs over, which decides whether it keeps retransmission timers. */
public enum LinkType {
    /**
     * A TCP connection: reliable and ordered while it lasts. Nothing is retransmitted on a timer; when the
     * connection breaks and a new one resumes the session, unacknowledged messages are sent again.
     */
    STREAM,
    /** UDP datagrams: lost, duplicated and reordered. Unacknowledged messages are retransmitted on timeouts. */
    DATAGRAM
}
