package org.hhfr.axis.stream;

import org.hhfr.contextstore.StreamContext;

/**
 * Runs requests that arrived on negotiated streams through the service operation the stream was negotiated
 * for: what a stream transport calls once it has admitted the session and decoded the message. The same
 * service method serves the stream and plain SOAP. The route is bound once ({@link #bind}: service, operation,
 * road), then each message only runs through it.
 */
public interface StreamedCallDispatcher {
    /**
     * Finds the service and operation {@code session} was negotiated for and binds the road its calls take. The
     * result serves every message of every session negotiated for the same operation.
     *
     * @throws StreamedCallException the service or operation is not deployed, or cannot be called
     */
    StreamedCall bind(StreamContext session) throws StreamedCallException;
}
