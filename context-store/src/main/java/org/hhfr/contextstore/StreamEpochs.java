package org.hhfr.contextstore;

import org.hhfr.transports.auth.SessionId;

/**
 * The latest stream epoch of each session, shared by the server nodes that serve it. A node admits a new stream
 * only when it raises the session's latest epoch here, so it never takes up a stream that already ran on some
 * node, itself before a restart included (that stream's sequences are gone with the node that ran it; its
 * client moves on to a new stream, with a higher epoch), and recorded traffic of an earlier stream enters none.
 *
 * <p>Implementations are thread-safe; both methods may block on a remote store.
 */
public interface StreamEpochs {
    /** A single node's: its own memory of each session's latest stream already keeps the rule. */
    StreamEpochs LOCAL = new StreamEpochs() {
        @Override
        public boolean advance(SessionId session, long epoch) {
            return true;
        }

        @Override
        public void removeSession(SessionId session) {
        }
    };

    /** Makes {@code epoch} the session's latest if it is above the latest; false, and nothing changes, if not. */
    boolean advance(SessionId session, long epoch) throws ContextStoreException;

    /** Forgets the session's epochs: it left the context store. */
    void removeSession(SessionId session) throws ContextStoreException;
}
