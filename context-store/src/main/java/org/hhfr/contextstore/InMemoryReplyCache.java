package org.hhfr.contextstore;

import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.hhfr.transports.auth.SessionId;

/**
 * The default {@link ReplyCache}: the replies of this node's sessions in its memory, so it serves a single node
 * (a call sent again on a newer stream of the same node). Several nodes need a shared one. Bounded: a session
 * keeps at most {@code maxCallsPerSession} calls, the oldest recorded replies going first when it is full.
 */
public final class InMemoryReplyCache implements ReplyCache {
    /** Calls kept per session by default: far above what a stream's window lets be in flight. */
    public static final int DEFAULT_MAX_CALLS_PER_SESSION = 4096;

    private final int maxCallsPerSession;
    private final MonotonicClock clock;
    private final ConcurrentMap<SessionId, Calls> sessions = new ConcurrentHashMap<>();

    /** {@link #DEFAULT_MAX_CALLS_PER_SESSION} on the system clock. */
    public InMemoryReplyCache() {
        this(DEFAULT_MAX_CALLS_PER_SESSION, MonotonicClock.SYSTEM);
    }

    public InMemoryReplyCache(int maxCallsPerSession, MonotonicClock clock) {
        if (maxCallsPerSession < 1) {
            throw new IllegalArgumentException("maxCallsPerSession must be positive: " + maxCallsPerSession);
        }
        this.maxCallsPerSession = maxCallsPerSession;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public ReplyClaim claim(SessionId session, long callNumber, String node, long epoch, long leaseMillis) {
        Calls calls = sessions.computeIfAbsent(session, id -> new Calls());
        long now = clock.millis();
        synchronized (calls) {
            if (epoch < calls.latestEpoch) {
                return ReplyClaim.superseded();
            }
            calls.latestEpoch = epoch;
            Call entry = calls.get(callNumber);
            if (entry != null && entry.reply != null) {
                return ReplyClaim.replied(entry.reply);
            }
            if (entry != null && !entry.claimedBy(node, epoch) && now - entry.leaseEndMillis < 0) {
                return ReplyClaim.busy();
            }
            calls.put(callNumber, new Call(node, epoch, now + leaseMillis, null));
            calls.trim(maxCallsPerSession);
            return ReplyClaim.run();
        }
    }

    @Override
    public void record(SessionId session, long callNumber, CachedReply reply) {
        Objects.requireNonNull(reply, "reply");
        Calls calls = sessions.computeIfAbsent(session, id -> new Calls());
        synchronized (calls) {
            calls.put(callNumber, new Call("", 0, 0, reply));
            calls.trim(maxCallsPerSession);
        }
    }

    @Override
    public void forget(SessionId session, Collection<Long> callNumbers) {
        Calls calls = sessions.get(session);
        if (calls == null) {
            return;
        }
        synchronized (calls) {
            for (Long callNumber : callNumbers) {
                calls.remove(callNumber);
            }
        }
    }

    @Override
    public void removeSession(SessionId session) {
        sessions.remove(session);
    }

    /** One call: claimed by a node's stream until its lease ends, or replied. */
    private static final class Call {
        final String node;
        final long epoch;
        final long leaseEndMillis;
        final CachedReply reply;

        Call(String node, long epoch, long leaseEndMillis, CachedReply reply) {
            this.node = node;
            this.epoch = epoch;
            this.leaseEndMillis = leaseEndMillis;
            this.reply = reply;
        }

        boolean claimedBy(String claimer, long claimerEpoch) {
            return node.equals(claimer) && epoch == claimerEpoch;
        }
    }

    /** A session's calls in the order they were claimed or recorded. Guarded by itself. */
    private static final class Calls extends LinkedHashMap<Long, Call> {
        private static final long serialVersionUID = 1L;

        /** The highest epoch of a stream that claimed a call of the session. */
        long latestEpoch;

        /** Drops the oldest replies (live claims stay) while more than {@code max} calls are held. */
        void trim(int max) {
            Iterator<Map.Entry<Long, Call>> oldest = entrySet().iterator();
            while (size() > max && oldest.hasNext()) {
                if (oldest.next().getValue().reply != null) {
                    oldest.remove();
                }
            }
        }
    }
}
