package org.hhfr.transports.netty;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.hhfr.transports.fault.StreamFault;

/**
 * What a client is told when the dispatch of its request failed: the dispatcher's own
 * {@link StreamFaultException} (a dispatcher that cannot decode a request throws one with the Sender code),
 * otherwise a Receiver fault with the exception's message. Only the message travels (one line, bounded), never
 * the exception's class or stack trace; the server logs those.
 */
final class DispatchFailure {
    private DispatchFailure() {
    }

    static StreamFault toFault(Throwable error) {
        Throwable cause = unwrap(error);
        if (cause instanceof StreamFaultException) {
            return ((StreamFaultException) cause).fault();
        }
        return StreamFault.of(StreamFault.Code.RECEIVER, cause.getMessage());
    }

    /**
     * The unexpected error behind a failed dispatch, worth its stack trace in the log, or {@code null} when the
     * dispatcher answered with a fault on purpose (a {@link StreamFaultException} without a cause: a fault the
     * service raised, a request that does not fit), which is an outcome and logged in one line.
     */
    static Throwable unexpected(Throwable error) {
        Throwable cause = unwrap(error);
        return cause instanceof StreamFaultException ? cause.getCause() : cause;
    }

    private static Throwable unwrap(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
