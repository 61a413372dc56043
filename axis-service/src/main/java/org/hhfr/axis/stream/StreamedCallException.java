package org.hhfr.axis.stream;

import java.io.IOException;

/**
 * A streamed call failed: the service faulted, the operation is unknown, or a message did not fit its
 * structure. The message is the readable reason a transport reports to the client (never a stack trace);
 * {@link #senderFault()} says whether the request was at fault rather than the service. Most failures are
 * outcomes (a fault the service raised on purpose, a request that does not fit), logged in one line; an
 * {@linkplain #serverError unexpected error} of the service (a {@code RuntimeException} it did not mean to
 * throw) is also logged with its trace.
 */
public final class StreamedCallException extends IOException {
    private static final long serialVersionUID = 1L;
    private final boolean senderFault;
    private final boolean unexpected;

    public StreamedCallException(String reason, boolean senderFault, Throwable cause) {
        this(reason, senderFault, cause, false);
    }

    private StreamedCallException(String reason, boolean senderFault, Throwable cause, boolean unexpected) {
        super(reason, cause);
        this.senderFault = senderFault;
        this.unexpected = unexpected;
    }

    /** The service failed unexpectedly with {@code error}: a Receiver fault, and the server logs the trace. */
    public static StreamedCallException serverError(String reason, Throwable error) {
        return new StreamedCallException(reason, false, error, true);
    }

    public boolean senderFault() {
        return senderFault;
    }

    /** Whether this is an unexpected error of the server, whose cause is worth a stack trace in the log. */
    public boolean isUnexpected() {
        return unexpected;
    }

    /**
     * Whether {@code failure}, raised by a service, is an unexpected error rather than a fault raised on purpose:
     * an unchecked exception or an error anywhere among its causes ({@code AxisFault} and declared checked
     * exceptions are the service's faults).
     */
    static boolean isUnexpected(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof RuntimeException || cause instanceof Error) {
                return true;
            }
        }
        return false;
    }
}
