package org.hhfr.contextstore;

/**
 * Told when this store has stored a new session ({@link ContextStore#create} or
 * {@link ContextStore#createProposed}), so that a transport on the same node can serve it at once: a stream
 * connection that arrived for a proposed session before its negotiation stored it goes on without asking the
 * store again. Called once per session, on the thread that created it, after the session is stored and before
 * {@code create} returns, with no lock held. A store shared by several nodes tells only the listeners of the
 * node that created the session. Keep it quick; hand slow work to an executor.
 */
public interface CreationListener {
    void onCreation(StoredSession session);
}
