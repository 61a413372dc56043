package org.hhfr.contextstore;

/**
 * Told when a session leaves the store, so that a transport can close the stream that belongs to it. Called
 * once per session, on the thread whose operation removed it (a purge, an access that found it expired, a
 * remove, a close), with no lock held. Keep it quick; hand slow work to an executor.
 */
public interface EvictionListener {
    void onEviction(StoredSession session, RemovalCause cause);
}
