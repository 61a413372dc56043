package org.hhfr.negotiation.server;

/**
 * Hears how each offer was decided, e.g. to count them; called on the negotiating thread, so it must be quick
 * and must not throw. Every method does nothing unless overridden.
 */
public interface NegotiationListener {
    /** Hears nothing. */
    NegotiationListener NONE = new NegotiationListener() {
    };

    /** An offer was accepted over {@code transportUri}; {@code resumed} when it named an existing session. */
    default void accepted(String transportUri, boolean resumed) {
    }

    /** An accepted offer had {@code term} countered. */
    default void countered(CounteredTerm term) {
    }

    /**
     * The session id an offer proposed is in use: the session was stored under an id of the store's own, and the
     * client's early stream is refused. Frequent refusals mean a client draws ids badly, or someone probes ids.
     */
    default void proposalRefused() {
    }

    /** An offer was declined: the client stays on plain SOAP. */
    default void declined(DeclineReason reason) {
    }
}
