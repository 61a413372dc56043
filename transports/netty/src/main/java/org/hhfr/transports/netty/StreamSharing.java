package org.hhfr.transports.netty;

import java.util.Objects;
import org.hhfr.contextstore.InMemoryReplyCache;
import org.hhfr.contextstore.ReplyCache;
import org.hhfr.contextstore.StreamEpochs;

/**
 * What a stream server shares with the other nodes serving the same sessions, beyond the context store: the
 * replies of numbered calls, so a call sent again (on a newer stream, perhaps to another node) is answered with
 * its recorded reply and never run twice, and the sessions' latest stream epochs, so no node takes up a stream
 * that already ran. A node claims a call for {@code claimLeaseMillis} before running it; another node takes
 * over a call whose lease passed unreplied (its node stopped), so the lease must exceed the longest call.
 *
 * @param replies          the replies of the sessions' calls
 * @param epochs           the sessions' latest stream epochs
 * @param node             this node's name, unique among the nodes
 * @param claimLeaseMillis how long a claim holds a call against the other nodes and streams
 */
public record StreamSharing(ReplyCache replies, StreamEpochs epochs, String node, long claimLeaseMillis) {
    /** Thirty seconds: a call running longer than that could be taken over by another node. */
    public static final long DEFAULT_CLAIM_LEASE_MILLIS = 30_000;

    public StreamSharing {
        Objects.requireNonNull(replies, "replies");
        Objects.requireNonNull(epochs, "epochs");
        Objects.requireNonNull(node, "node");
        if (node.isEmpty()) {
            throw new IllegalArgumentException("node name is empty");
        }
        if (claimLeaseMillis <= 0) {
            throw new IllegalArgumentException("claimLeaseMillis must be positive: " + claimLeaseMillis);
        }
    }

    /** A single node's: replies in its memory, epochs in its registry. */
    public static StreamSharing local() {
        return new StreamSharing(new InMemoryReplyCache(), StreamEpochs.LOCAL, "local", DEFAULT_CLAIM_LEASE_MILLIS);
    }

    /** Shared with the other nodes, claims held for {@link #DEFAULT_CLAIM_LEASE_MILLIS}. */
    public static StreamSharing shared(ReplyCache replies, StreamEpochs epochs, String node) {
        return new StreamSharing(replies, epochs, node, DEFAULT_CLAIM_LEASE_MILLIS);
    }
}
