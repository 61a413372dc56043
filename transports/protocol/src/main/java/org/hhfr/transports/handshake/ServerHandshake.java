package org.hhfr.transports.handshake;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.frame.WelcomeFrame;

/**
 * A server's memory of one stream's TCP handshakes, and the rules for accepting the next (which stream a
 * HELLO may open at all, by its epoch, is the server's session-level rule). Found through the
 * HELLO's session id, it accepts a handshake whose proof verifies and whose attempt number is above every one
 * accepted before; so a recorded handshake cannot be replayed, and a client that lost its state (and counts
 * from 1 again) is refused instead of having its fresh messages dropped as duplicates. A RESUME is refused
 * when no handshake was ever accepted: this server does not hold the session's sequences.
 */
public final class ServerHandshake {
    private long lastAttempt;
    private boolean resumed;

    /**
     * Checks a client's first frame.
     *
     * @return the WELCOME to send back
     * @throws WireException AUTHENTICATION_FAILED, REPLAYED or HANDSHAKE_MISMATCH; send it as an ERROR frame
     *                       and close the connection
     */
    public WelcomeFrame accept(HelloFrame hello, SessionKeys keys) throws WireException {
        if (!hello.isProvenBy(keys)) {
            throw new WireException(ErrorCode.AUTHENTICATION_FAILED,
                    hello.type() + " does not prove the token of session " + hello.session());
        }
        if (hello.attempt() <= lastAttempt) {
            throw new WireException(ErrorCode.REPLAYED, "attempt " + hello.attempt()
                    + " is not above the last accepted attempt " + lastAttempt);
        }
        if (hello.isResume() && lastAttempt == 0) {
            throw new WireException(ErrorCode.HANDSHAKE_MISMATCH,
                    "RESUME for session " + hello.session() + ", whose stream never started here");
        }
        resumed = lastAttempt > 0;
        lastAttempt = hello.attempt();
        return WelcomeFrame.answering(hello, keys);
    }

    /**
     * Whether the handshake just accepted continues a stream an earlier connection carried; if so, call the
     * engine's {@code onTransportReset}.
     */
    public boolean resumed() {
        return resumed;
    }
}
