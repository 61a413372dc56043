package org.hhfr.axis.stream;

import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Representation;
import org.hhfr.streamer.Representations;
import org.hhfr.transports.WireException;
import org.hhfr.transports.fault.StreamFault;
import org.hhfr.transports.frame.HeadedPayload;
import org.hhfr.transports.netty.InboundMessage;
import org.hhfr.transports.netty.StreamDispatcher;
import org.hhfr.transports.netty.StreamFaultException;
import org.hhfr.transports.netty.StreamRoute;
import org.hhfr.transports.netty.StreamSession;

/**
 * The stream server's dispatcher: decodes each message with the session's representation and request
 * structure, runs it through the bound {@link StreamedCall} (the same service method as SOAP) and encodes the
 * response. Runs on the stream server's dispatch executor.
 *
 * <p>A stream's route (its representation's codec, and the service, operation and road of its call) is bound
 * once, when the stream's session starts on the server ({@link #bind}); its messages look nothing up. A route
 * that cannot be bound (the representation is not available, the service was undeployed) answers each of the
 * stream's messages with a Receiver fault naming why.
 *
 * <p>A message may carry header blocks of its own ({@link HeadedPayload}): they are read within the SOAP header
 * limits and follow the session's static headers into the call; one that would replace a static header (and so
 * the identity the session negotiated with) is refused.
 *
 * <p>A message that cannot be decoded, or a call that faults, fails that call alone: it completes with a
 * {@link StreamFaultException} (Sender when the request was at fault, Receiver when the service was), which
 * the stream server sends back as a per-message fault; the stream goes on.
 */
public final class AxisStreamDispatcher implements StreamDispatcher {
    private final StreamedCallDispatcher calls;
    private final Representations representations;
    private final MessageHeaders messageHeaders = new MessageHeaders(SoapLimits.defaults());

    public AxisStreamDispatcher(StreamedCallDispatcher calls, Representations representations) {
        this.calls = calls;
        this.representations = representations;
    }

    @Override
    public StreamRoute bind(StreamSession session) {
        StreamContext context = session.context();
        try {
            if (!representations.supports(context.representationUri())) {
                throw new StreamedCallException("representation " + context.representationUri()
                        + " is not available here", false, null);
            }
            Representation representation = representations.get(context.representationUri());
            StreamedCall call = calls.bind(context);
            return message -> answer(() -> call(context, representation, call, message));
        } catch (StreamedCallException e) {
            return message -> answer(() -> {
                throw e;
            });
        }
    }

    @Override
    public CompletionStage<byte[]> dispatch(StreamSession session, InboundMessage message) {
        return bind(session).dispatch(message);
    }

    private static CompletionStage<byte[]> answer(Invocation invocation) {
        try {
            return CompletableFuture.completedFuture(invocation.run());
        } catch (StreamedCallException e) {
            StreamFault.Code code = e.senderFault() ? StreamFault.Code.SENDER : StreamFault.Code.RECEIVER;
            return CompletableFuture.failedFuture(e.isUnexpected()
                    ? new StreamFaultException(code, e.getMessage(), e.getCause())
                    : new StreamFaultException(code, e.getMessage()));
        }
    }

    private byte[] call(StreamContext context, Representation representation, StreamedCall call,
                        InboundMessage message) throws StreamedCallException {
        byte[] body = message.payload();
        List<HeaderBlock> headers = Collections.emptyList();
        if (message.operation() == HeadedPayload.OPERATION) {
            HeadedPayload headed = split(message);
            headers = messageHeaders.read(headed.headers(), context, message.messageNumber());
            body = headed.body();
        } else if (message.operation() != 0) {
            throw new StreamedCallException("a stream carries one operation; message " + message.messageNumber()
                    + " names operation " + message.operation(), true, null);
        }
        Message request;
        try {
            request = representation.decode(context.request(), body);
        } catch (MalformedMessageException e) {
            throw new StreamedCallException("message " + message.messageNumber() + " is not a valid "
                    + context.request().root().name() + ": " + e.getMessage(), true, e);
        }
        Message response = call.call(context, request, headers);
        return representation.encode(response);
    }

    private HeadedPayload split(InboundMessage message) throws StreamedCallException {
        try {
            return HeadedPayload.split(message.payload(), messageHeaders.maxSectionBytes());
        } catch (WireException e) {
            throw new StreamedCallException("the header section of message " + message.messageNumber()
                    + " is not usable: " + e.getMessage(), true, e);
        }
    }

    /** One message's work, which may fail as a call does. */
    @FunctionalInterface
    private interface Invocation {
        byte[] run() throws StreamedCallException;
    }
}
