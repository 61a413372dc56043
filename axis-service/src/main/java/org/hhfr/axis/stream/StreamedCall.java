package org.hhfr.axis.stream;

import java.util.List;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.streamer.Message;

/** The bound route of streamed calls to one service operation (see {@link StreamedCallDispatcher#bind}). */
public interface StreamedCall {
    /**
     * @param session        the admitted session's context (structures, static headers), negotiated for the
     *                       operation this route was bound for
     * @param request        the decoded request, of {@code session.request()}
     * @param messageHeaders the message's own SOAP header blocks (not the static ones)
     * @return the response, of {@code session.response()}
     * @throws StreamedCallException the call failed; its message is the fault reason to report
     */
    Message call(StreamContext session, Message request, List<HeaderBlock> messageHeaders)
            throws StreamedCallException;
}
