package org.hhfr.axis.stream;

import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.streamer.XmlRepresentation;

/**
 * The dispatcher a stream transport uses: the fast {@link PojoDispatch} when nothing but the Java method
 * needs to see the call, the Infoset {@link EnvelopeDispatch} when handlers are engaged that might. The road
 * is chosen when the route is bound, not per message.
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
        return PojoDispatch.serves(service, operation) ? pojo.bind(service, operation)
                : envelope.bind(service, operation);
    }

    /** The road calls on this session take. */
    public StreamedCallDispatcher dispatcherFor(StreamContext session) throws StreamedCallException {
        AxisService service = ServiceLookup.service(context, session);
        return PojoDispatch.serves(service, ServiceLookup.operation(service, session)) ? pojo : envelope;
    }
}
