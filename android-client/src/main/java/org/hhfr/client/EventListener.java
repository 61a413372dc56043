package org.hhfr.client;

import org.hhfr.contextstore.ReliabilityPolicy;

/**
 * What happens to a session's road, for logging and metrics (OkHttp's {@code EventListener} habit): extend it,
 * override what interests you, and give it to {@link HhfrClient.Builder#eventListener}. Every method does
 * nothing by default. Methods are called outside the library's locks, on the thread that saw the event (a
 * caller, a background task, a stream's reader), one at a time per session and in the order the events happened
 * (a thread still telling an earlier event of the session tells the later ones too): keep them short and never
 * block in them. What a method
 * throws does not disturb the session, whose calls go on: it goes to that thread's uncaught exception handler
 * (on Android, the app's crash handler), as a bug of the app.
 */
public abstract class EventListener {
    /** The listener that ignores everything (the default). */
    public static final EventListener NONE = new EventListener() {
    };

    /**
     * The session streams: a stream the service granted (or one reopened from a ticket as the session opens) is
     * open, in {@code mode} under the {@code agreed} terms (what both ends run).
     */
    public void negotiated(Session session, Mode mode, ReliabilityPolicy agreed) {
    }

    /**
     * Told right after {@link #negotiated}: whether the stream is encrypted (TLS on TCP, AES-GCM datagrams on UDP),
     * as it always is for a service reached over https or whose answer asked for it, or in cleartext (an http
     * service whose server allows it). A cleartext stream is never opened for an https service.
     */
    public void streamProtection(Session session, boolean encrypted) {
    }

    /**
     * The session falls back to plain SOAP: {@code reason} says why. When the negotiation got no answer
     * (unreachable, timed out), until the next call offers again; when the service's answer declined or the stream
     * could not be opened or was refused, until a call made once {@link HhfrClient.Builder#offerAgainAfterMillis}
     * passed offers again (each such fallback is told).
     */
    public void fellBackToSoap(Session session, String reason) {
    }

    /**
     * A TCP stream's connection broke or fell silent ({@code cause}); the stream reconnects. Also a stream lost
     * ({@code cause}) that goes on at the session's next node, over TCP or UDP: the same session, not negotiated
     * again.
     */
    public void reconnecting(Session session, String cause) {
    }

    /**
     * A reconnected TCP stream was accepted again (what was unacknowledged is resent), or the session's stream
     * opened at its next node (the unanswered calls are sent again there): nothing was lost.
     */
    public void resumed(Session session) {
    }

    /**
     * The stream is lost for good ({@code cause}; also when no next node took it): its calls in flight failed; the
     * next call negotiates again.
     */
    public void streamLost(Session session, String cause) {
    }

    /** The session was closed: the last event of the session, none follows it. */
    public void closed(Session session) {
    }
}
