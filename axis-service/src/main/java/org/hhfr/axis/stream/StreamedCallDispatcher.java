package org.hhfr.axis.stream;

import java.util.List;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.streamer.Message;

/**
 * Runs a request that arrived on a negotiated stream through the service operation the stream was negotiated
 * for, and returns the response: what a stream transport calls once it has admitted the session and decoded
 * the message. The same service method serves the stream and plain SOAP.
 */
public interface StreamedCallDispatcher {
    /**
     * @param session        the admitted session's context (operation, structures, static headers)
     * @param request        the decoded request, of {@code session.request()}
     * @param messageHeaders the message's own SOAP header blocks (not the static ones)
     * @return the response, of {@code session.response()}
     * @throws StreamedCallException the call failed; its message is the fault reason to report
     */
    Message call(StreamContext session, Message request, List<HeaderBlock> messageHeaders)
            throws StreamedCallException;
}
