package org.hhfr.transports.netty;

import java.io.IOException;
import org.hhfr.transports.ErrorCode;

/**
 * A client's stream session ended without a graceful close: the server refused or aborted it, the peer
 * stopped answering, or the client was closed. Pending calls complete exceptionally with it.
 */
public final class StreamSessionException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient ErrorCode code;

    public StreamSessionException(ErrorCode code, String message) {
        super(code + ": " + message);
        this.code = code;
    }

    /** Why, as the protocol names it; UNKNOWN_SESSION means: negotiate a new session. */
    public ErrorCode code() {
        return code;
    }
}
