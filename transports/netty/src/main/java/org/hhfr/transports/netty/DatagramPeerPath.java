package org.hhfr.transports.netty;

import io.netty.channel.EventLoop;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.Iterator;
import java.util.List;
import org.hhfr.transports.driver.SerialContext;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.PathFrame;
import org.hhfr.transports.path.PathValidation;

/**
 * The server's side of a UDP stream's address migration: a {@link PathValidation} over the stream's
 * {@link DatagramLink}. The link keeps sending to the validated address; a new address that the newest verified
 * datagram came from gets PATH_CHALLENGEs (within the amplification budget, repeated on a timer of the loop),
 * and the link moves there on a matching PATH_RESPONSE. Path frames never reach the engine. Confined to the
 * session's event loop.
 */
final class DatagramPeerPath {
    /** A challenge travels alone: the short header, the frame and the tag. */
    private static final int CHALLENGE_DATAGRAM_SIZE = DatagramWriter.SHORT_OVERHEAD + PathFrame.ENCODED_SIZE;
    private static final SecureRandom CHALLENGES = new SecureRandom();

    private final DatagramLink link;
    private final EventLoop loop;
    private final PathValidation<InetSocketAddress> validation;
    /** The timer for the validation's next deadline; null when none is armed. */
    private SerialContext.Timer timer;
    private long armedFor = PathValidation.NO_DEADLINE;

    /** @param timeoutNanos how long a new address may take to answer before the stream stays where it is */
    DatagramPeerPath(DatagramLink link, long timeoutNanos, EventLoop loop) {
        this.link = link;
        this.loop = loop;
        this.validation = new PathValidation<>(link.peer(), CHALLENGES, timeoutNanos, CHALLENGE_DATAGRAM_SIZE);
    }

    /**
     * A datagram of {@code size} bytes from {@code sender} verified under the stream's keys: takes the path frames
     * out of its {@code frames} (a client's PATH_CHALLENGE is not answered: only the server validates), and
     * challenges a new address when one is due.
     *
     * @param newest whether its packet number is the highest so far
     * @return whether the link moved to a newly validated address
     */
    boolean received(InetSocketAddress sender, int size, boolean newest, List<Frame> frames, long now) {
        validation.received(sender, size, newest, now);
        boolean moved = false;
        for (Iterator<Frame> it = frames.iterator(); it.hasNext(); ) {
            Frame frame = it.next();
            if (frame instanceof PathFrame) {
                it.remove();
                moved |= validation.responded((PathFrame) frame, now);
            }
        }
        if (moved) {
            link.peer(validation.peer());
        }
        challengeIfDue(now);
        return moved;
    }

    /** The stream ended: no more challenges. */
    void stop() {
        disarm();
    }

    private void challengeIfDue(long now) {
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
