package org.hhfr.axis.stream;

import java.io.IOException;

/**
 * A streamed call failed: the service faulted, the operation is unknown, or a message did not fit its
 * structure. The message is the readable reason a transport reports to the client (never a stack trace);
 * {@link #senderFault()} says whether the request was at fault rather than the service.
 */
public final class StreamedCallException extends IOException {
    private static final long serialVersionUID = 1L;
    private final boolean senderFault;

    public StreamedCallException(String reason, boolean senderFault, Throwable cause) {
        super(reason, cause);
        this.senderFault = senderFault;
    }

    public boolean senderFault() {
        return senderFault;
    }
}
