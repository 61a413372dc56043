package org.hhfr.client;

import java.util.ArrayDeque;

/**
 * Tells the app's {@link EventListener} what a session's state machine did: each change of its
 * {@link SessionState} that the app cares about becomes one event, and a TCP stream's reconnections too. A stream
 * that goes on at the session's next node reconnects and resumes: it is the same session, not a new negotiation.
 * Recorded by {@link SessionDriver} under the session's lock and by a stream's reader thread, and told in that
 * order, outside the lock, one at a time; nothing after {@code closed}, the last event of a session (a stream's
 * reader may still report a reconnection as the session closes). A listener that throws does not stop the session:
 * its exception goes to the thread's uncaught exception handler.
 */
final class SessionEvents implements TcpChannel.Reconnections {
    private final EventListener listener;
    private final Session session;
    /** The service is reached over https, so every stream is encrypted. */
    private final boolean encryptedOnly;

    /** The events not told yet, in the order they happened. Guarded by itself. */
    private final ArrayDeque<Runnable> untold = new ArrayDeque<>();
    /** Whether a thread is telling the listener an event now. Guarded by {@link #untold}. */
    private boolean telling;
    /** Whether {@code closed} was recorded: no event follows it. Guarded by {@link #untold}. */
    private boolean closed;
    /**
     * Whether the last step moved the lost stream on to the session's next node (from streaming to resuming), told
     * as a reconnection: the step that ends it is told as resumed, or as the stream lost. Guarded by the session's
     * lock.
     */
    private boolean failingOver;

    SessionEvents(EventListener listener, Session session, boolean encryptedOnly) {
        this.listener = listener;
        this.session = session;
        this.encryptedOnly = encryptedOnly;
    }

    /**
     * The machine went from {@code before} to {@code after}; {@code streamed} is its stream's grant (if it
     * streams), {@code reason} what caused the step (a decline's reason, a failure's message) or null. Called
     * under the session's lock, so that events keep the order of the steps: it only records the event, which
     * {@link #tell} tells.
     */
    void changed(SessionState before, SessionState after, StreamGrant streamed, String reason) {
        if (before == after) {
            return;
        }
        boolean failoverEnds = failingOver;
        failingOver = before == SessionState.STREAMING && after == SessionState.RESUMING;
        switch (after) {
            case RESUMING:
                if (failingOver) {
                    record(() -> listener.reconnecting(session, reason));
                }
                break;
            case STREAMING:
                if (failoverEnds) {
                    record(() -> listener.resumed(session)); // the same session at the next node: nothing negotiated
                    break;
                }
                record(() -> {
                    listener.negotiated(session, streamed.mode(), streamed.ticket.policy());
                    listener.streamProtection(session, encryptedOnly || streamed.encrypted);
                });
                break;
            case SOAP:
                record(() -> listener.fellBackToSoap(session, reason != null ? reason : "the stream was not granted"));
                break;
            case NEW:
                // The negotiation got no answer: the calls that waited for it went over SOAP.
                record(() -> listener.fellBackToSoap(session, (reason != null ? reason
                        : "the negotiation got no answer") + "; the next call offers again"));
                break;
            case NEGOTIATING: // after a failover: every node failed, and the session negotiates again at once
            case STREAM_LOST:
                if (after == SessionState.STREAM_LOST || failoverEnds) {
                    record(() -> listener.streamLost(session, reason != null ? reason : "the stream was lost"));
                }
                break;
            case CLOSED:
                record(() -> listener.closed(session));
                synchronized (untold) {
                    closed = true;
                }
                break;
            default:
                break;
        }
    }

    @Override
    public void reconnecting(String cause) {
        record(() -> listener.reconnecting(session, cause));
        tell();
    }

    @Override
    public void resumed() {
        record(() -> listener.resumed(session));
        tell();
    }

    private void record(Runnable event) {
        synchronized (untold) {
            if (!closed) {
                untold.add(event);
            }
        }
    }

    /**
     * Tells the listener the events recorded, in order, outside the session's lock: on this thread, unless another
     * one is telling the session's events already, which then tells these too. What the listener throws goes to
     * the thread's uncaught exception handler.
     */
    void tell() {
        while (true) {
            Runnable event;
            synchronized (untold) {
                if (telling || untold.isEmpty()) {
                    return;
                }
                telling = true;
                event = untold.poll();
            }
            try {
                event.run();
            } catch (RuntimeException | Error e) {
                AppBug.report(e); // an Error too (an assertion, Kotlin's TODO()): the session's actions must go on
            } finally {
                synchronized (untold) {
                    telling = false;
                }
            }
        }
    }
}
