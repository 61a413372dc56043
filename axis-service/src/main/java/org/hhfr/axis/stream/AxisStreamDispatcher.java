package org.hhfr.axis.stream;

import java.util.Collections;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

import org.hhfr.contextstore.ServiceOperation;
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
 * structure, runs it through the bound {@link StreamedCall} (the same service method as SOAP) and encodes the
 * response. Runs on the stream server's dispatch executor.
 *
 * <p>The route of a session (its representation, the service, the operation and the road) is bound on the
 * first message of the first session negotiated for that operation and representation, and kept: later
 * messages look nothing up. Routes are as many as the deployed operations times the representations, so the
 * table needs no eviction; a route that cannot be bound is not kept, and is tried again on the next message.
 *
 * <p>A message that cannot be decoded, or a call that faults, fails that call alone: it completes with a
 * {@link StreamFaultException} (Sender when the request was at fault, Receiver when the service was), which
 * the stream server sends back as a per-message fault; the stream goes on.
 */
public final class AxisStreamDispatcher implements StreamDispatcher {
    private final StreamedCallDispatcher calls;
    private final Representations representations;
    private final Map<RouteKey, Route> routes = new ConcurrentHashMap<>();

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
        Route route = routeOf(context);
        Message request;
        try {
            request = route.representation.decode(context.request(), message.payload());
        } catch (MalformedMessageException e) {
            throw new StreamedCallException("message " + message.messageNumber() + " is not a valid "
                    + context.request().root().name() + ": " + e.getMessage(), true, e);
        }
        Message response = route.call.call(context, request, Collections.emptyList());
        return route.representation.encode(response);
    }

    private Route routeOf(StreamContext context) throws StreamedCallException {
        RouteKey key = new RouteKey(context.operation(), context.representationUri());
        Route route = routes.get(key);
        if (route != null) {
            return route;
        }
        if (!representations.supports(context.representationUri())) {
            throw new StreamedCallException("representation " + context.representationUri()
                    + " is not available here", false, null);
        }
        Route bound = new Route(representations.get(context.representationUri()), calls.bind(context));
        Route raced = routes.putIfAbsent(key, bound);
        return raced != null ? raced : bound;
    }

    /** What a route is bound for: the operation (with its SOAP version and action) and the representation. */
    private record RouteKey(ServiceOperation operation, String representationUri) {
    }

    /** A bound route: the representation's codec and the call to the service operation. */
    private record Route(Representation representation, StreamedCall call) {
    }
}
