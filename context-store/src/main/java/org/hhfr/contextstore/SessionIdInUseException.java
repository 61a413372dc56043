package org.hhfr.contextstore;

/**
 * A session id a client proposed is already held by the store (live, or expired and not yet removed). The store
 * never replaces or joins that session; the negotiation grants a session under an id of its own instead.
 */
public final class SessionIdInUseException extends ContextStoreException {
    private static final long serialVersionUID = 1L;

    public SessionIdInUseException() {
        super("the proposed session id is in use");
    }
}
