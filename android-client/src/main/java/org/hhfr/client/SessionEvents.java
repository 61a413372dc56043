package org.hhfr.client;

/**
 * Tells the app's {@link EventListener} what a session's state machine did: each change of its
 * {@link SessionState} that the app cares about becomes one event, and a TCP stream's reconnections too.
 * Called by {@link SessionDriver} after it released the session's lock, and by a stream's reader thread. A
 * listener that throws does not stop the session: its exception goes to the thread's uncaught exception handler.
 */
final class SessionEvents implements TcpChannel.Reconnections {
    private final EventListener listener;
    private final Session session;
    /** The service is reached over https, so every stream is encrypted. */
    private final boolean encryptedOnly;

    SessionEvents(EventListener listener, Session session, boolean encryptedOnly) {
        this.listener = listener;
        this.session = session;
        this.encryptedOnly = encryptedOnly;
    }

    /**
     * The machine went from {@code before} to {@code after}; {@code streamed} is its stream's grant (if it
     * streams), {@code reason} what caused the step (a decline's reason, a failure's message) or null.
     */
    void changed(SessionState before, SessionState after, StreamGrant streamed, String reason) {
        if (before == after) {
            return;
        }
        try {
            switch (after) {
                case STREAMING:
                    listener.negotiated(session, streamed.mode(), streamed.ticket.policy());
                    listener.streamProtection(session, encryptedOnly || streamed.encrypted);
                    break;
                case SOAP:
                    listener.fellBackToSoap(session, reason != null ? reason : "the stream was not granted");
                    break;
                case NEW:
                    // The negotiation got no answer: the calls that waited for it went over SOAP.
                    listener.fellBackToSoap(session, (reason != null ? reason : "the negotiation got no answer")
                            + "; the next call offers again");
                    break;
                case STREAM_LOST:
                    listener.streamLost(session, reason != null ? reason : "the stream was lost");
                    break;
                case CLOSED:
                    listener.closed(session);
                    break;
                default:
                    break;
            }
        } catch (RuntimeException e) {
            AppBug.report(e);
        }
    }

    @Override
    public void reconnecting(String cause) {
        try {
            listener.reconnecting(session, cause);
        } catch (RuntimeException e) {
            AppBug.report(e);
        }
    }

    @Override
    public void resumed() {
        try {
            listener.resumed(session);
        } catch (RuntimeException e) {
            AppBug.report(e);
        }
    }
}
