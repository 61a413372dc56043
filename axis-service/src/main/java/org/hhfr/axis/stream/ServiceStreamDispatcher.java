package org.hhfr.axis.stream;

import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.streamer.XmlRepresentation;

/**
 * The dispatcher a stream transport uses: the fast {@link PojoDispatch} when nothing but the Java method
 * needs to see the call, the Infoset {@link EnvelopeDispatch} when something else might: handlers engaged on
 * the service, static header blocks or an HTTP identity stored with the session (they are handed to the
 * service with every message, as if each envelope carried them), or header blocks of the message's own. The
 * road is chosen when the route is bound, not per message; on the fast road, a message that brings headers of
 * its own takes the Infoset road alone.
 */
public final class ServiceStreamDispatcher implements StreamedCallDispatcher {
    private final ConfigurationContext context;
    private final PojoDispatch pojo;
    private final EnvelopeDispatch envelope;

    public ServiceStreamDispatcher(ConfigurationContext context) {
        this.context = context;
        this.pojo = new PojoDispatch(context);
        this.envelope = new EnvelopeDispatch(context, new XmlRepresentation());
    }

    @Override
    public StreamedCall bind(StreamContext session) throws StreamedCallException {
        AxisService service = ServiceLookup.service(context, session);
        AxisOperation operation = ServiceLookup.operation(service, session);
        StreamedCall throughAxis2 = envelope.bind(service, operation);
        if (!takesPojoRoad(session, service, operation)) {
            return throughAxis2;
        }
        StreamedCall direct = pojo.bind(service, operation);
        return (stream, request, messageHeaders) -> messageHeaders.isEmpty()
                ? direct.call(stream, request, messageHeaders) : throughAxis2.call(stream, request, messageHeaders);
    }

    /** The road calls on this session take (those without headers of their own). */
    public StreamedCallDispatcher dispatcherFor(StreamContext session) throws StreamedCallException {
        AxisService service = ServiceLookup.service(context, session);
        return takesPojoRoad(session, service, ServiceLookup.operation(service, session)) ? pojo : envelope;
    }

    private static boolean takesPojoRoad(StreamContext session, AxisService service, AxisOperation operation) {
        return session.staticHeaders().isEmpty() && session.identity().isAnonymous()
                && PojoDispatch.serves(service, operation);
    }
}
