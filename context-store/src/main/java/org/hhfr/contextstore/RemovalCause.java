package org.hhfr.contextstore;

/** Why a session left a store, as told to {@link EvictionListener}s. */
public enum RemovalCause {
    /** Idle too long or past its lifetime, found by a purge or by an access. */
    EXPIRED,
    /** Removed on purpose, e.g. the stream ended or the client said goodbye. */
    REMOVED,
    /**
     * The store was closed; this node no longer serves the session (a shared store may still hold it for
     * other nodes).
     */
    CLOSED
}
