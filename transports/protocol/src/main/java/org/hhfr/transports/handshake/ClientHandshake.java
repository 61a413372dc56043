package org.hhfr.transports.handshake;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.frame.WelcomeFrame;

/**
 * A client's side of the TCP handshakes of one stream of a session (the epoch of its keys). Each connection
 * starts with {@link #hello()}: HELLO until the server has welcomed the client once, RESUME after that, with an
 * attempt number that grows by one per connection. Keep this object (like the engine) for the whole stream: a
 * client that loses it cannot resume, because the server refuses attempt numbers it has already seen; it opens
 * a new stream with a higher epoch instead.
 */
public final class ClientHandshake {
    private final SessionId session;
    private final SessionKeys keys;
    /** The session was proposed in a negotiation still under way: HELLOs carry {@link HelloFrame#EARLY}. */
    private final boolean early;
    private long attempt;
    private boolean welcomed;

    public ClientHandshake(SessionId session, SessionKeys keys) {
        this(session, keys, false);
    }

    /**
     * @param early the client proposed this session in a negotiation that may still be running: until welcomed,
     *              its HELLOs ask the server to wait for the session (WIRE-FORMAT 3.4)
     */
    public ClientHandshake(SessionId session, SessionKeys keys, boolean early) {
        this.session = session;
        this.keys = keys;
        this.early = early;
    }

    /**
     * The first frame for a new connection. Frames from the engine may follow it at once, before WELCOME;
     * on every connection after the first, call the engine's {@code onTransportReset} too.
     */
    public HelloFrame hello() {
        attempt++;
        return HelloFrame.create(welcomed, early && !welcomed, session, attempt, keys);
    }

    /** Whether the current connection is not the session's first. */
    public boolean isReconnect() {
        return attempt > 1;
    }

    /**
     * Checks the server's first frame on the current connection.
     *
     * @throws WireException the server's refusal (its ERROR, with its code), or AUTHENTICATION_FAILED when the
     *                       WELCOME does not prove the session token or answers another attempt
     */
    public void onServerFirstFrame(Frame frame) throws WireException {
        if (frame.type() == FrameType.ERROR) {
            ErrorFrame error = (ErrorFrame) frame;
            throw new WireException(error.code() != null ? error.code() : ErrorCode.ABORTED,
                    "server refused the handshake: " + error.reason());
        }
        if (frame.type() != FrameType.WELCOME || !((WelcomeFrame) frame).isProvenBy(keys, session, attempt)) {
            throw new WireException(ErrorCode.AUTHENTICATION_FAILED,
                    frame.type() + " does not prove the session token for attempt " + attempt);
        }
        welcomed = true;
    }
}
