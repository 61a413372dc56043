package org.hhfr.transports.path;

import java.util.Random;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.PathFrame;

/**
 * Where a server sends one UDP stream's datagrams, and the validation of a client's addresses (RFC 9000 sections
 * 8 and 9). The stream goes to its {@link #peer()}: the address its first datagram came from, then the last one
 * validated. An address is <b>validated</b> once the client answered a PATH_CHALLENGE sent there (8 unpredictable
 * bytes; a PATH_RESPONSE with the same bytes, from any address, proves the client received the challenge
 * there). Until then, what goes to an address is limited to {@value #AMPLIFICATION_FACTOR} times the bytes
 * received from it, so that a forged source address cannot turn the server into an amplifier: a datagram that
 * verified under the stream's keys proves the sender holds the session's token, not that it receives at the
 * address it names, and anyone who negotiated a session holds a token.
 *
 * <p>The first address: the stream sends there at once, each datagram only if it fits the budget with room left
 * for a challenge ({@link #admits}); once one does not, the address is challenged ({@link #validatePeer}). So a
 * stream whose answers stay within three times what its client sends costs no challenge, and neither does one
 * whose client proved the address with a token from an earlier stream ({@link #provenByToken}).
 *
 * <p>A new address: a datagram that verified, arrives from another address and carries the highest packet number
 * so far (not one overtaken on the way) makes that address the <b>candidate</b>: the stream stays at its peer, and
 * the candidate gets challenges, within its own budget; a matching response makes it the peer. At most
 * {@value #MAX_CHALLENGES} challenges go out to one candidate, spread over the timeout; a validation that times
 * out is abandoned and the stream stays where it was (a later newest datagram from the address starts a new one).
 * A newer candidate replaces an earlier one. Pure: time is an argument, randomness injected. Not thread-safe.
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
    /** What went to and came from the peer while it is not validated; null once it is. */
    private Budget peerBudget = new Budget();
    /** The address being validated (the peer itself, when it is challenged); null when none is. */
    private A candidate;
    private Budget candidateBudget;
    private long startedAt;
    private long nextChallengeAt;
    /** The data of the challenges sent to the candidate: a response may answer any of them. */
    private final long[] challenges = new long[MAX_CHALLENGES];
    private int issued;

    /**
     * @param peer         the stream's first address (where its first datagram came from), not validated yet
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

    /** Where the stream's datagrams go: its first address, or the last one validated. */
    public A peer() {
        return peer;
    }

    /** Whether the client answered a challenge at the {@link #peer()}: what goes there is no longer limited. */
    public boolean isPeerValidated() {
        return peerBudget == null;
    }

    /** The address being validated, or null; the peer itself while it is challenged. */
    public A candidate() {
        return candidate;
    }

    /** Bytes that may still go to the candidate: three times what came from it, less what went to it. */
    public long budget() {
        return candidate == null ? 0 : candidateBudget.left();
    }

    /**
     * A datagram of {@code size} bytes from {@code from} verified under the stream's keys and was fresh.
     *
     * @param newest whether its packet number is above every one accepted before it
     */
    public void received(A from, int size, boolean newest, long now) {
        tick(now);
        if (from.equals(peer)) {
            if (peerBudget != null) {
                peerBudget.received += size;
            }
            return;
        }
        if (from.equals(candidate)) {
            candidateBudget.received += size;
            return;
        }
        if (newest) {
            Budget budget = new Budget();
            budget.received = size;
            startValidation(from, budget, now);
        }
    }

    /**
     * Whether a datagram of {@code size} bytes may go to the {@link #peer()} now: always once it is validated;
     * before, if it fits the budget and leaves room for a challenge, so that the peer can always be challenged
     * when the stream has more for it.
     */
    public boolean admits(int size) {
        return peerBudget == null || (long) size + challengeSize <= peerBudget.left();
    }

    /**
     * {@code bytes} the server adds to what goes to the unvalidated peer that its budget does not count: the address
     * token of the stream's first datagram, so that giving one never makes an answer that fits the budget without it
     * wait for a challenge. Nothing once the peer is validated.
     */
    public void exempt(int bytes) {
        if (peerBudget != null) {
            peerBudget.sent -= bytes;
        }
    }

    /** A datagram of {@code size} bytes {@linkplain #admits admitted} went to the peer. */
    public void sent(int size) {
        if (peerBudget != null) {
            peerBudget.sent += size;
        }
    }

    /**
     * The stream has more for its unvalidated peer than the budget admits: the peer is challenged, unless it is
     * validated, being challenged, or a new address is (whose validation decides where the stream goes).
     */
    public void validatePeer(long now) {
        tick(now);
        if (peerBudget != null && candidate == null) {
            startValidation(peer, peerBudget, now);
        }
    }

    private void startValidation(A address, Budget budget, long now) {
        candidate = address;
        candidateBudget = budget;
        startedAt = now;
        nextChallengeAt = now;
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
        candidateBudget.sent += challengeSize;
        nextChallengeAt = now + timeoutNanos / MAX_CHALLENGES;
        return PathFrame.challenge(data);
    }

    /**
     * A verified PATH_RESPONSE arrived. When its data matches a challenge sent to the current candidate, the
     * candidate becomes the validated peer.
     *
     * @return whether the candidate was validated
     */
    public boolean responded(PathFrame response, long now) {
        tick(now);
        if (candidate == null || response.type() != FrameType.PATH_RESPONSE) {
            return false;
        }
        for (int i = 0; i < issued; i++) {
            if (challenges[i] == response.data()) {
                peer = candidate;
                peerBudget = null;
                candidate = null;
                return true;
            }
        }
        return false;
    }

    /**
     * The client showed, from {@code address}, a token the server gave a datagram to that IP address on an earlier
     * stream of the session: the address reaches the client. When it is the unvalidated peer, the peer becomes
     * validated (and a challenge to it being made is dropped); any other address is left to its challenge.
     *
     * @return whether the peer was validated now
     */
    public boolean provenByToken(A address) {
        if (peerBudget == null || !address.equals(peer)) {
            return false;
        }
        peerBudget = null;
        if (peer.equals(candidate)) {
            candidate = null;
        }
        return true;
    }

    /**
     * Abandons a validation that ran out of time; the stream stays at its peer (a peer not validated stays
     * limited, and is challenged again when the stream next has more for it than its budget admits).
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

    /** The bytes exchanged with an address not validated yet. */
    private static final class Budget {
        long received;
        long sent;

        long left() {
            return AMPLIFICATION_FACTOR * received - sent;
        }
    }
}
