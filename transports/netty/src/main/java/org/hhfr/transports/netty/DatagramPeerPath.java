package org.hhfr.transports.netty;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.Iterator;
import java.util.List;
import org.hhfr.transports.driver.SerialContext;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.PathFrame;
import org.hhfr.transports.path.PathValidation;
import org.jspecify.annotations.Nullable;

/**
 * The server's side of a UDP stream's client addresses: a {@link PathValidation} over the stream's
 * {@link DatagramLink}. The link sends to the stream's peer, the address of its first datagram until another is
 * validated, and to a peer not validated yet only within its amplification budget: the client's token proves who
 * sent a datagram, not that its source address is the sender's, so anyone who negotiated a session could
 * otherwise have the stream sent to an address of their choosing. When the link holds datagrams back for that
 * budget, the peer gets PATH_CHALLENGEs; a new address that the newest verified datagram came from gets them at
 * once (within its own budget). Challenges are repeated on a timer of the loop; the link moves to a new address,
 * or sends freely to the first, on a matching PATH_RESPONSE. Where the server gives address tokens, the first
 * datagram to each peer carries an ADDRESS_TOKEN for its IP address, and a client that shows it on its next stream
 * of the session from that address has that stream's first address validated at once ({@link AddressTokens}).
 * Path frames never reach the engine. Confined to the session's event loop.
 */
final class DatagramPeerPath {
    /** A challenge travels alone: the short header, the frame and the tag. */
    private static final int CHALLENGE_DATAGRAM_SIZE = DatagramWriter.SHORT_OVERHEAD + PathFrame.ENCODED_SIZE;
    private static final SecureRandom CHALLENGES = new SecureRandom();

    private final DatagramLink link;
    private final EventLoop loop;
    private final TransportMetrics metrics;
    /** The session's {@link AddressTokens#key} on this server; null when the server gives and honours none. */
    private final byte @Nullable [] tokenKey;
    private final PathValidation<InetSocketAddress> validation;
    /** The timer for the validation's next deadline; null when none is armed. */
    private SerialContext.Timer timer;
    /** Whether the peer showed a token already: a stream's first address has one try, a check of two HMACs. */
    private boolean tokenTried;
    private long armedFor = PathValidation.NO_DEADLINE;

    /**
     * Packs an ADDRESS_TOKEN for {@code first} into the stream's first datagram, unless the server gives none.
     *
     * @param first        where the stream's first datagram came from
     * @param tokenKey     the session's {@link AddressTokens#key} on this server; null when the server gives and
     *                     honours none ({@link StreamServerConfig#addressTokens()})
     * @param timeoutNanos how long an address may take to answer a challenge before the stream stays as it is
     */
    DatagramPeerPath(Channel channel, InetSocketAddress first, DatagramWriter writer, byte @Nullable [] tokenKey,
                     long timeoutNanos, EventLoop loop, TransportMetrics metrics) {
        this.validation = new PathValidation<>(first, CHALLENGES, timeoutNanos, CHALLENGE_DATAGRAM_SIZE);
        this.link = new DatagramLink(channel, writer, validation);
        this.tokenKey = tokenKey;
        this.loop = loop;
        this.metrics = metrics;
        giveToken(first);
    }

    /** The stream's link, which sends within the budget of an address not validated yet. */
    DatagramLink link() {
        return link;
    }

    /**
     * A datagram of {@code size} bytes from {@code sender} verified under the stream's keys: takes the path frames
     * out of its {@code frames} (a client's PATH_CHALLENGE is not answered: only the server validates), sends what
     * the link held back and the budget now admits, and challenges an address when one is due.
     *
     * @param newest whether its packet number is the highest so far
     * @return whether the link moved to a newly validated address
     */
    boolean received(InetSocketAddress sender, int size, boolean newest, List<Frame> frames, long now) {
        validation.received(sender, size, newest, now);
        for (Iterator<Frame> it = frames.iterator(); it.hasNext(); ) {
            Frame frame = it.next();
            if (frame instanceof PathFrame) {
                it.remove();
                PathFrame path = (PathFrame) frame;
                if (path.type() == FrameType.ADDRESS_TOKEN) {
                    proveByToken(sender, path.data());
                } else {
                    validation.responded(path, now);
                }
            }
        }
        boolean moved = !validation.peer().equals(link.peer());
        if (moved) {
            link.peer(validation.peer());
            giveToken(validation.peer());
        }
        link.sendHeldBack();
        challengeIfDue(now);
        return moved;
    }

    /**
     * An address token from {@code sender}: validates the peer if it is the sender, the token its IP's and the
     * server honours tokens. Only the first one the unvalidated peer shows is checked, so that a datagram packed
     * with guesses costs the loop no more than one.
     */
    private void proveByToken(InetSocketAddress sender, long token) {
        if (tokenKey == null || tokenTried || validation.isPeerValidated() || !sender.equals(validation.peer())) {
            return;
        }
        tokenTried = true;
        if (AddressTokens.honours(token, tokenKey, sender.getAddress().getAddress(), System.currentTimeMillis())
                && validation.provenByToken(sender)) {
            metrics.increment(TransportMetrics.Counter.ADDRESS_TOKENS_HONOURED);
        }
    }

    /**
     * Packs the token of {@code peer}'s IP address into the next datagram to it (the stream's sends flush it), if
     * the server gives tokens.
     */
    private void giveToken(InetSocketAddress peer) {
        if (tokenKey == null) {
            return;
        }
        validation.exempt(PathFrame.ENCODED_SIZE);
        link.write(PathFrame.addressToken(AddressTokens.issue(tokenKey, peer.getAddress().getAddress(),
                System.currentTimeMillis())));
    }

    /** An engine turn of the stream ended: datagrams it could not send for the budget get the peer challenged. */
    void afterTurn(long now) {
        challengeIfDue(now);
    }

    /** The stream ended: no more challenges. */
    void stop() {
        disarm();
    }

    private void challengeIfDue(long now) {
        if (link.isHoldingBack()) {
            validation.validatePeer(now);
        }
        PathFrame challenge = validation.challenge(now);
        if (challenge != null) {
            link.sendAside(challenge, validation.candidate());
        }
        long deadline = validation.nextDeadline();
        if (deadline != armedFor) {
            disarm();
            if (deadline != PathValidation.NO_DEADLINE) {
                armedFor = deadline;
                timer = EventLoopTimers.of(loop).schedule(this::deadlineReached, Math.max(0, deadline - now));
            }
        }
    }

    private void deadlineReached() {
        timer = null;
        armedFor = PathValidation.NO_DEADLINE;
        long now = System.nanoTime();
        validation.tick(now);
        challengeIfDue(now);
    }

    private void disarm() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
        armedFor = PathValidation.NO_DEADLINE;
    }
}
