package org.hhfr.axis.stream;

import java.util.Collections;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.hhfr.contextstore.StreamContext;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Representation;
import org.hhfr.streamer.Representations;
import org.hhfr.transports.fault.StreamFault;
import org.hhfr.transports.netty.InboundMessage;
import org.hhfr.transports.netty.StreamDispatcher;
import org.hhfr.transports.netty.StreamFaultException;
import org.hhfr.transports.netty.StreamSession;

/**
 * The stream server's dispatcher: decodes each message with the session's representation and request
 * structure, runs it through {@link StreamedCallDispatcher} (the same service method as SOAP) and encodes the
 * response. Runs on the stream server's dispatch executor.
 *
 * <p>A message that cannot be decoded, or a call that faults, fails that call alone: it completes with a
 * {@link StreamFaultException} (Sender when the request was at fault, Receiver when the service was), which
 * the stream server sends back as a per-message fault; the stream goes on.
 */
public final class AxisStreamDispatcher implements StreamDispatcher {
    private final StreamedCallDispatcher calls;
    private final Representations representations;

    public AxisStreamDispatcher(StreamedCallDispatcher calls, Representations representations) {
        this.calls = calls;
        this.representations = representations;
    }

    @Override
    public CompletionStage<byte[]> dispatch(StreamSession session, InboundMessage message) {
        try {
            return CompletableFuture.completedFuture(call(session.context(), message));
        } catch (StreamedCallException e) {
            return CompletableFuture.failedFuture(new StreamFaultException(
                    e.senderFault() ? StreamFault.Code.SENDER : StreamFault.Code.RECEIVER, e.getMessage()));
        }
    }

    private byte[] call(StreamContext context, InboundMessage message) throws StreamedCallException {
        if (message.operation() != 0) {
            throw new StreamedCallException("a stream carries one operation; message " + message.messageNumber()
                    + " names operation " + message.operation(), true, null);
        }
        if (!representations.supports(context.representationUri())) {
            throw new StreamedCallException("representation " + context.representationUri()
                    + " is not available here", false, null);
        }
        Representation representation = representations.get(context.representationUri());
        Message request;
        try {
            request = representation.decode(context.request(), message.payload());
        } catch (MalformedMessageException e) {
            throw new StreamedCallException("message " + message.messageNumber() + " is not a valid "
                    + context.request().root().name() + ": " + e.getMessage(), true, e);
        }
        Message response = calls.call(context, request, Collections.emptyList());
        return representation.encode(response);
    }
}
