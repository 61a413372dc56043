package org.hhfr.client;

import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.hhfr.contextstore.CachedReply;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.InMemoryReplyCache;
import org.hhfr.contextstore.ReplyCache;
import org.hhfr.contextstore.ReplyClaim;
import org.hhfr.transports.auth.SessionId;

/** The server's reply cache (in memory), counting the replies it keeps: recorded and neither forgotten nor dropped. */
final class KeptReplies implements ReplyCache {
    private final ReplyCache cache = new InMemoryReplyCache();
    private final Set<String> kept = ConcurrentHashMap.newKeySet();

    @Override
    public ReplyClaim claim(SessionId session, long callNumber, String node, long epoch, long leaseMillis)
            throws ContextStoreException {
        return cache.claim(session, callNumber, node, epoch, leaseMillis);
    }

    @Override
    public void record(SessionId session, long callNumber, CachedReply reply) throws ContextStoreException {
        cache.record(session, callNumber, reply);
        kept.add(session.text() + " " + callNumber);
    }

    @Override
    public void forget(SessionId session, Collection<Long> callNumbers) throws ContextStoreException {
        cache.forget(session, callNumbers);
        for (Long callNumber : callNumbers) {
            kept.remove(session.text() + " " + callNumber);
        }
    }

    @Override
    public void removeSession(SessionId session) throws ContextStoreException {
        cache.removeSession(session);
        kept.removeIf(call -> call.startsWith(session.text() + " "));
    }

    /** Replies kept now, of every session. */
    int size() {
        return kept.size();
    }
}
