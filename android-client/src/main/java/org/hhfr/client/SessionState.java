package org.hhfr.client;

/** Where a {@link SessionStateMachine} stands: which road the session's calls take, or what it waits for. */
enum SessionState {
    /** Nothing is settled yet: the next call carries the offer. */
    NEW,
    /** An offer (riding on a call) or a separate negotiation request is out; new calls wait for its answer. */
    NEGOTIATING,
    /** A negotiation granted a stream, which is being connected; new calls wait for it. */
    CONNECTING,
    /** A stream is being reopened from a ticket, without negotiating; new calls wait for it. */
    RESUMING,
    /** Calls travel on the stream. */
    STREAMING,
    /** The stream failed for good (expired, refused, given up); the next call negotiates again. */
    STREAM_LOST,
    /** Calls travel as plain SOAP: no stream is wanted, or the service declined, or the stream could not open. */
    SOAP,
    /** Closed: new calls fail, a stream that opens late is closed at once. */
    CLOSED
}
