package org.hhfr.client;

import java.io.IOException;

/**
 * The one checked exception of the client: a call, a send or an open did not succeed. Subclasses say why
 * when the app can act on it (a timeout, a SOAP fault, a size limit, a closed session); the message is
 * always a readable sentence naming the service or limit concerned.
 */
public class HhfrException extends IOException {
    private static final long serialVersionUID = 1L;

    public HhfrException(String message) {
        super(message);
    }

    public HhfrException(String message, Throwable cause) {
        super(message, cause);
    }
}
