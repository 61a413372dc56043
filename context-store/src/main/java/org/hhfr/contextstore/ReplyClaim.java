package org.hhfr.contextstore;

import java.util.Objects;

/** What a node may do with a call it received, as {@link ReplyCache#claim} decided it. Immutable. */
public final class ReplyClaim {
    /** The decision. */
    public enum Kind {
        /** The call is this node's to run: no reply is recorded and no live claim of another node holds it. */
        RUN,
        /** The call ran already: send {@link #reply()} again, never run it. */
        REPLIED,
        /** Another node runs the call now (its lease is live): ask again later. */
        BUSY,
        /**
         * A newer stream of the session has claimed calls: the client moved on, and whatever this stream still
         * holds is a stale copy that the newer stream answers. Never run it (it may have run there already and
         * been forgotten), and do not ask again.
         */
        SUPERSEDED
    }

    private static final ReplyClaim RUN = new ReplyClaim(Kind.RUN, null);
    private static final ReplyClaim BUSY = new ReplyClaim(Kind.BUSY, null);
    private static final ReplyClaim SUPERSEDED = new ReplyClaim(Kind.SUPERSEDED, null);

    private final Kind kind;
    private final CachedReply reply;

    private ReplyClaim(Kind kind, CachedReply reply) {
        this.kind = kind;
        this.reply = reply;
    }

    public static ReplyClaim run() {
        return RUN;
    }

    public static ReplyClaim busy() {
        return BUSY;
    }

    public static ReplyClaim superseded() {
        return SUPERSEDED;
    }

    public static ReplyClaim replied(CachedReply reply) {
        return new ReplyClaim(Kind.REPLIED, Objects.requireNonNull(reply, "reply"));
    }

    public Kind kind() {
        return kind;
    }

    /** The recorded reply; {@code null} unless {@link Kind#REPLIED}. */
    public CachedReply reply() {
        return reply;
    }

    @Override
    public String toString() {
        return kind == Kind.REPLIED ? "REPLIED " + reply : kind.name();
    }
}
