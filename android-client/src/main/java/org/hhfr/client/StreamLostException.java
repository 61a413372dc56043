package org.hhfr.client;

/**
 * The stream carrying the call failed for good (the peer stopped answering through every reconnect attempt,
 * refused the session, or broke the protocol) while the call was in flight: the service may or may not have
 * run it. The session itself stays usable; its next call negotiates again or falls back to SOAP.
 */
public final class StreamLostException extends HhfrException {
    private static final long serialVersionUID = 1L;

    public StreamLostException(String message, Throwable cause) {
        super(message, cause);
    }
}
