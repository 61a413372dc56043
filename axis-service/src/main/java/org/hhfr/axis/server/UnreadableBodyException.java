package org.hhfr.axis.server;

import java.io.IOException;

import org.apache.hc.core5.http.HttpStatus;

/**
 * A request body the server stopped reading: over the size limit, not received within the request timeout, or
 * with broken framing. The client gets a SOAP Sender fault with this reason and {@link #status()}, and the
 * connection is closed, never drained or reused.
 */
final class UnreadableBodyException extends IOException {
    private static final long serialVersionUID = 1L;

    private final int status;

    private UnreadableBodyException(int status, String reason, Throwable cause) {
        super(reason, cause);
        this.status = status;
    }

    static UnreadableBodyException tooLarge(long limit) {
        return new UnreadableBodyException(HttpStatus.SC_REQUEST_TOO_LONG,
                "the request is larger than the limit of " + limit + " bytes", null);
    }

    static UnreadableBodyException timedOut(long millis) {
        return new UnreadableBodyException(HttpStatus.SC_REQUEST_TIMEOUT,
                "the request body did not arrive within the request timeout of " + millis + " ms", null);
    }

    /** Framing the HTTP parser refused (a bad chunk size, a body cut short); its own words are kept out. */
    static UnreadableBodyException broken(IOException cause) {
        return new UnreadableBodyException(HttpStatus.SC_BAD_REQUEST,
                "the request body ended early or its chunked framing is broken", cause);
    }

    /** The HTTP status the fault goes out with. */
    int status() {
        return status;
    }
}
