package org.hhfr.negotiation;

import java.io.IOException;

/**
 * A stream was opened (or resumed) for a session the server does not know: it expired, was evicted, the
 * server restarted, or the token is wrong. The client forgets its ticket and negotiates again. The message
 * names the session id, never the token.
 */
public class UnknownSessionException extends IOException {
    private static final long serialVersionUID = 1L;

    public UnknownSessionException(String message) {
        super(message);
    }
}
