package org.hhfr.contextstore;

/**
 * A new session was refused because the store already holds its maximum number of live sessions, even after
 * expired ones were purged. The negotiation declines (the client falls back to plain SOAP) rather than the
 * store growing without bound.
 */
public final class SessionLimitException extends ContextStoreException {
    private static final long serialVersionUID = 1L;

    private final int limit;

    public SessionLimitException(int limit) {
        super("session limit reached: " + limit + " sessions are live and none has expired; try again later");
        this.limit = limit;
    }

    /** The maximum number of sessions the store holds. */
    public int limit() {
        return limit;
    }
}
