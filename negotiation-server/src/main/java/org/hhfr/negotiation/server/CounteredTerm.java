package org.hhfr.negotiation.server;

/** A term of an offered policy the server granted only changed: a counter-offer, named in the answer's reason. */
public enum CounteredTerm {
    /** The window, lowered to the server's maximum. */
    WINDOW,
    /** The retransmission interval, raised to the server's minimum. */
    RETRANSMISSION_INTERVAL,
    /** The session's lifetime without use, lowered to the store's idle expiry. */
    LIFETIME
}
