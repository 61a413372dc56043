package org.hhfr.client;

/** The session (or its client) was closed before or while the call ran. */
public final class SessionClosedException extends HhfrException {
    private static final long serialVersionUID = 1L;

    public SessionClosedException(String message) {
        super(message);
    }
}
