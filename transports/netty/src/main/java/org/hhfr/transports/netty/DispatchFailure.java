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
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof StreamFaultException) {
            return ((StreamFaultException) cause).fault();
        }
        return StreamFault.of(StreamFault.Code.RECEIVER, cause.getMessage());
    }
}
