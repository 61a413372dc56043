package org.hhfr.transports.netty;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hhfr.contextstore.CachedReply;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.ReplyClaim;
import org.hhfr.transports.auth.SessionId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One stream's side of the {@link StreamSharing#replies() reply cache}: a numbered call (one whose request carries
 * the client's call number) is claimed before it runs and its reply recorded before it is sent, so a call the
 * client sends again on another stream, on this node or another, is answered with that reply and never run
 * twice; the replies the client acknowledged are forgotten. Calls without a number run as they come.
 *
 * <p>{@link #claim}, {@link #record} and {@link #forget} may block on a remote cache: they run on the dispatch
 * executor. {@link #sent} and {@link #acknowledged} are the session's, on its event loop.
 */
final class CallReplies {
    private static final Logger LOG = LoggerFactory.getLogger(CallReplies.class);

    private final StreamSharing settings;
    private final SessionId session;
    /** With the node, names the stream that claims: a newer stream of the session on this node waits too. */
    private final long epoch;
    /**
     * Sent replies of numbered calls, in the order offered: {call number, last message number}; null when none
     * is unacknowledged. Loop only.
     */
    private ArrayDeque<long[]> unacknowledged;

    CallReplies(StreamSharing settings, SessionId session, long epoch) {
        this.settings = settings;
        this.session = session;
        this.epoch = epoch;
    }

    /**
     * What to do with {@code message}: run it (always, for an unnumbered one), send a recorded reply, ask again
     * later, or drop it because the client moved on to a newer stream. While the cache cannot be reached the
     * call runs unclaimed, as an open stream keeps running through a store outage: only a failover in that time
     * could run it a second time.
     */
    ReplyClaim claim(InboundMessage message) {
        if (message.callNumber() == 0) {
            return ReplyClaim.run();
        }
        try {
            return settings.replies().claim(session, message.callNumber(), settings.node(), epoch,
                    settings.claimLeaseMillis());
        } catch (ContextStoreException e) {
            LOG.debug("session {}: call {} runs unclaimed, the reply cache is unavailable: {}", session,
                    message.callNumber(), e.getMessage());
            return ReplyClaim.run();
        }
    }

    /** Records the reply of a numbered call before it is sent; {@code null} (no response) is not recorded. */
    void record(InboundMessage message, CachedReply reply) {
        if (message.callNumber() == 0 || reply == null) {
            return;
        }
        try {
            settings.replies().record(session, message.callNumber(), reply);
        } catch (ContextStoreException e) {
            LOG.debug("session {}: reply of call {} not recorded: {}", session, message.callNumber(),
                    e.getMessage());
        }
    }

    /** A reply was offered to the engine, its last fragment numbered {@code lastNumber}. */
    void sent(long callNumber, long lastNumber) {
        if (callNumber != 0) {
            if (unacknowledged == null) {
                unacknowledged = new ArrayDeque<>(2);
            }
            unacknowledged.add(new long[] {callNumber, lastNumber});
        }
    }

    /** Takes the call numbers whose replies lie wholly below {@code acknowledgedBelow}. */
    List<Long> acknowledged(long acknowledgedBelow) {
        List<Long> done = Collections.emptyList();
        while (unacknowledged != null && unacknowledged.peek()[1] < acknowledgedBelow) {
            if (done.isEmpty()) {
                done = new ArrayList<>();
            }
            done.add(unacknowledged.poll()[0]);
            if (unacknowledged.isEmpty()) {
                unacknowledged = null;
            }
        }
        return done;
    }

    /** Forgets replies the client acknowledged: it will never ask for them again. */
    void forget(List<Long> callNumbers) {
        try {
            settings.replies().forget(session, callNumbers);
        } catch (ContextStoreException e) {
            LOG.debug("session {}: acknowledged replies not forgotten: {}", session, e.getMessage());
        }
    }
}
