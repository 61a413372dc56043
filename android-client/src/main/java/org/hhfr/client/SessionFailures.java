package org.hhfr.client;

import java.net.URL;

/** What a session's calls fail with when its state machine fails them, naming the operation and the service. */
final class SessionFailures {
    private SessionFailures() {
    }

    static HhfrException of(SessionAction.Failure failure, Operation operation, URL serviceUrl) {
        if (failure == SessionAction.Failure.TOO_MANY_WAITING) {
            return new HhfrException(Session.MAX_WAITING_CALLS + " calls already wait for the negotiation of "
                    + operation + " at " + serviceUrl + "; retry once the first call returned");
        }
        if (failure == SessionAction.Failure.STREAM_LOST) {
            return new StreamLostException("the stream of " + operation + " was lost before the call was answered "
                    + "and no endpoint of its session took the call over; it may have run", null);
        }
        return closed(operation);
    }

    /** What a call made on the closed session fails with. */
    static SessionClosedException closed(Operation operation) {
        return new SessionClosedException("the session for " + operation + " is closed");
    }
}
