package org.hhfr.contextstore;

/**
 * A new session was refused because its client address already holds {@link StoreLimits#maxSessionsPerAddress()}
 * live sessions: one address cannot take the whole store. The negotiation declines (the client stays on plain
 * SOAP); the address's older sessions are unaffected.
 */
public final class AddressLimitException extends ContextStoreException {
    private static final long serialVersionUID = 1L;

    private final int limit;

    public AddressLimitException(int limit) {
        super("this client address holds its maximum of " + limit + " live sessions; use one of them or try again"
                + " when one has expired");
        this.limit = limit;
    }

    /** The most sessions one client address holds. */
    public int limit() {
        return limit;
    }
}
