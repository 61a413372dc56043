package org.hhfr.contextstore;

import java.util.Collection;
import org.hhfr.transports.auth.SessionId;

/**
 * The replies of the calls a session's server nodes have run, shared by every node that serves the session, so
 * that a call a client sends again (its stream, or the node under it, was lost before the reply arrived) is
 * answered with the recorded reply and never run twice. A call is named by the session and the <em>call
 * number</em> the client gave it, which stays the same on every stream the client sends it on.
 *
 * <p>The protocol of one call on a node: {@link #claim} it before running it; {@link ReplyClaim.Kind#REPLIED
 * REPLIED}: send the recorded reply; {@link ReplyClaim.Kind#BUSY BUSY}: another node runs it, ask again later;
 * {@link ReplyClaim.Kind#RUN RUN}: run it, {@link #record} the reply, and only then send it. Once the client
 * acknowledged the reply it never asks for it again, and the node {@link #forget}s it: what a session holds is
 * bounded by the replies in flight.
 *
 * <p>Claims are made by a stream, named by its node and epoch, and the cache keeps the highest epoch that
 * claimed a call of the session: a claim of an older stream is {@link ReplyClaim.Kind#SUPERSEDED SUPERSEDED}.
 * Forgetting a reply erases the call's only record, and a stream the client left (its node cut off from the
 * client but running) may still hold a copy of the call it has not dispatched yet; once the client's newer
 * stream claimed anything, that copy can never run.
 *
 * <p>A claim is held for a lease. A node that dies while running a call leaves a claim that no reply follows;
 * once its lease has passed the call may be claimed, and run, by another node. So a call is run exactly once
 * unless its node stops between the start of its run and the record of its reply: then a second run may follow
 * (at least once), and a service with effects outside the node should make them idempotent for that window.
 *
 * <p>Implementations are thread-safe; every method may block on a remote store and fail with
 * {@link ContextStoreException}, so a server calls them off its I/O threads.
 */
public interface ReplyCache {
    /**
     * Decides what the stream of {@code epoch} on {@code node} does with call {@code callNumber} of {@code
     * session}: nothing, if a stream of a higher epoch claimed a call of the session; else its recorded reply,
     * wait for the stream whose claim is live, or run it, now claimed by this stream for {@code leaseMillis}.
     */
    ReplyClaim claim(SessionId session, long callNumber, String node, long epoch, long leaseMillis)
            throws ContextStoreException;

    /** Records the reply of a claimed call, replacing its claim; the node sends it only after this returns. */
    void record(SessionId session, long callNumber, CachedReply reply) throws ContextStoreException;

    /** Drops the replies (or claims) of calls whose replies the client has acknowledged. */
    void forget(SessionId session, Collection<Long> callNumbers) throws ContextStoreException;

    /** Drops everything of a session that left the context store. */
    void removeSession(SessionId session) throws ContextStoreException;
}
