package org.hhfr.transports.path;

import java.util.Random;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.PathFrame;

/**
 * Where a server sends one UDP stream's datagrams, and the validation of a client's new address before the
 * stream moves there (RFC 9000 sections 8.2 and 9). The stream goes to its <b>validated</b> address ({@link
 * #peer()}): the one its first datagram came from, then the last one validated. A datagram that verified under
 * the stream's keys, arrives from another address and carries the highest packet number so far (not one
 * overtaken on the way) makes that address the <b>candidate</b>: the server keeps sending the stream to the
 * validated address, and sends the candidate a PATH_CHALLENGE with 8 unpredictable bytes; a PATH_RESPONSE with
 * the same bytes (from any address: it proves the client received the challenge there) makes the candidate the
 * validated address. Until then, what goes to the candidate is limited to {@value #AMPLIFICATION_FACTOR} times
 * the bytes received from it, so a forged source address cannot turn the server into an amplifier. At most
 * {@value #MAX_CHALLENGES} challenges go out, spread over the timeout; a validation that times out is abandoned
 * and the stream stays where it was (a later newest datagram from the address starts a new one). A newer
 * candidate replaces an earlier one. Pure: time is an argument, randomness injected. Not thread-safe.
 *
 * @param <A> the address type (a socket address in an adapter)
 */
public final class PathValidation<A> {
    /** What may be sent to an unvalidated address, as a multiple of what was received from it. */
    public static final int AMPLIFICATION_FACTOR = 3;
    /** Challenges sent to one candidate at most, one per third of the timeout. */
    public static final int MAX_CHALLENGES = 3;
    /** {@link #nextDeadline()} when nothing is pending. */
    public static final long NO_DEADLINE = Long.MAX_VALUE;

    private final Random random;
    private final long timeoutNanos;
    private final int challengeSize;
    private A peer;
    /** The address being validated; null when none is. */
    private A candidate;
    private long startedAt;
    private long nextChallengeAt;
    private long receivedFromCandidate;
    private long sentToCandidate;
    /** The data of the challenges sent to the candidate: a response may answer any of them. */
    private final long[] challenges = new long[MAX_CHALLENGES];
    private int issued;

    /**
     * @param peer         the stream's first address (where its first datagram came from)
     * @param random       the source of the challenges' data: a {@code SecureRandom} outside tests
     * @param timeoutNanos how long a candidate may take to answer (about three retransmission timeouts)
     * @param challengeSize the bytes of a datagram carrying one challenge (what it costs the budget)
     */
    public PathValidation(A peer, Random random, long timeoutNanos, int challengeSize) {
        if (timeoutNanos <= 0 || challengeSize <= 0) {
            throw new IllegalArgumentException("timeout and challenge size must be positive: " + timeoutNanos
                    + ", " + challengeSize);
        }
        this.peer = peer;
        this.random = random;
        this.timeoutNanos = timeoutNanos;
        this.challengeSize = challengeSize;
    }

    /** The validated address: where the stream's datagrams go. */
    public A peer() {
        return peer;
    }

    /** The address being validated, or null. */
    public A candidate() {
        return candidate;
    }

    /** Bytes that may still go to the candidate: three times what came from it, less what went to it. */
    public long budget() {
        return candidate == null ? 0 : AMPLIFICATION_FACTOR * receivedFromCandidate - sentToCandidate;
    }

    /**
     * A datagram of {@code size} bytes from {@code from} verified under the stream's keys and was fresh.
     *
     * @param newest whether its packet number is above every one accepted before it
     */
    public void received(A from, int size, boolean newest, long now) {
        tick(now);
        if (from.equals(peer)) {
            return;
        }
        if (from.equals(candidate)) {
            receivedFromCandidate += size;
            return;
        }
        if (!newest) {
            return;
        }
        candidate = from;
        startedAt = now;
        nextChallengeAt = now;
        receivedFromCandidate = size;
        sentToCandidate = 0;
        issued = 0;
    }

    /**
     * The challenge to send to the {@link #candidate()} now, recorded as sent; or null: no candidate, not due
     * yet, all challenges sent, or its datagram would exceed the budget (it fits once more arrives from the
     * candidate).
     */
    public PathFrame challenge(long now) {
        tick(now);
        if (candidate == null || !canChallenge() || now - nextChallengeAt < 0) {
            return null;
        }
        long data = random.nextLong();
        challenges[issued++] = data;
        sentToCandidate += challengeSize;
        nextChallengeAt = now + timeoutNanos / MAX_CHALLENGES;
        return PathFrame.challenge(data);
    }

    /**
     * A verified PATH_RESPONSE arrived. When its data matches a challenge sent to the current candidate, the
     * candidate becomes the validated address.
     *
     * @return whether the stream moved to the candidate
     */
    public boolean responded(PathFrame response, long now) {
        tick(now);
        if (candidate == null || response.type() != FrameType.PATH_RESPONSE) {
            return false;
        }
        for (int i = 0; i < issued; i++) {
            if (challenges[i] == response.data()) {
                peer = candidate;
                candidate = null;
                return true;
            }
        }
        return false;
    }

    /**
     * Abandons a validation that ran out of time; the stream stays at its validated address.
     *
     * @return whether one was abandoned now
     */
    public boolean tick(long now) {
        if (candidate != null && now - startedAt >= timeoutNanos) {
            candidate = null;
            return true;
        }
        return false;
    }

    /**
     * When {@link #challenge} or {@link #tick} has something to do next: the next challenge, if one is left and
     * fits the budget, else the timeout; {@link #NO_DEADLINE} without a candidate.
     */
    public long nextDeadline() {
        if (candidate == null) {
            return NO_DEADLINE;
        }
        long timeout = startedAt + timeoutNanos;
        return canChallenge() && nextChallengeAt - timeout < 0 ? nextChallengeAt : timeout;
    }

    private boolean canChallenge() {
        return issued < MAX_CHALLENGES && challengeSize <= budget();
    }
}
