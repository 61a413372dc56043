package org.hhfr.axis.module;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import javax.xml.namespace.QName;

import org.apache.axiom.om.OMXMLBuilderFactory;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.receivers.AbstractInOutMessageReceiver;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.server.SoapResponse;

/**
 * Serves the explicit {@code negotiate} operation that the module adds to each service it is engaged on
 * (SOAPAction {@code urn:hhfr:negotiation:1#negotiate}): the request envelope goes to the negotiation's
 * {@code SoapNegotiationService}, whose response envelope, or fault, becomes Axis2's response. It is an
 * operation of the service, so the service's handlers (a credential check among them) see it as they see any
 * call; the session it makes keeps the caller's HTTP identity and static headers. While the
 * module is not running (it could not start), the answer is a fault saying so.
 */
final class NegotiateReceiver extends AbstractInOutMessageReceiver {
    static final QName OPERATION = new QName("negotiate");
    static final String ACTION = Negotiator.NEGOTIATE_ACTION;

    @Override
    public void invokeBusinessLogic(MessageContext in, MessageContext out) throws AxisFault {
        ModuleRuntime runtime = HhfrModule.runtime(in.getConfigurationContext());
        if (runtime == null) {
            throw new AxisFault("HHFR is not running on this server");
        }
        SoapVersion version = ServiceOperations.versionOf(in);
        AxisService service = in.getAxisService();
        try {
            ByteArrayOutputStream request = new ByteArrayOutputStream();
            in.getEnvelope().serialize(request, true);
            SoapResponse response = runtime.negotiation().negotiate(new ByteArrayInputStream(request.toByteArray()),
                    version, action -> ServiceOperations.forAction(service, action, version), ReachedAddress.of(in),
                    HttpCaller.of(in));
            SOAPEnvelope envelope = OMXMLBuilderFactory.createSOAPModelBuilder(
                    new ByteArrayInputStream(response.envelope()), StandardCharsets.UTF_8.name()).getSOAPEnvelope();
            if (envelope.hasFault()) {
                throw new AxisFault(envelope.getBody().getFault());
            }
            out.setEnvelope(envelope);
        } catch (IOException e) {
            throw AxisFault.makeFault(e);
        }
    }
}
