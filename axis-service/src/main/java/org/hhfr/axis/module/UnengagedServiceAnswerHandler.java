package org.hhfr.axis.module;

import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPHeader;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.OperationContext;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.handlers.AbstractHandler;
import org.apache.axis2.wsdl.WSDLConstants;
import org.hhfr.negotiation.server.DeclineReason;

/**
 * Answers an offer made to a service that does not engage the module: the call was served as plain SOAP, and
 * the response's answer declines the stream and says why, so the client's fallback carries a reason instead
 * of looking like a server without HHFR. The module places it in Axis2's global out-flow (MessageOut phase),
 * so it sees every service's responses; a service that engages the module is left to {@link OfferHandler} and
 * {@link AnswerHandler}.
 */
final class UnengagedServiceAnswerHandler extends AbstractHandler {
    @Override
    public InvocationResponse invoke(MessageContext response) throws AxisFault {
        AxisService service = response.getAxisService();
        ModuleRuntime runtime = HhfrModule.runtime(response.getConfigurationContext());
        if (runtime != null && service != null && !service.isEngaged(HhfrModule.NAME)
                && offered(response.getOperationContext())) {
            AnswerHandler.addTo(response.getEnvelope(), runtime.negotiation().decline(
                    DeclineReason.SERVICE_NOT_ENGAGED, "the service " + service.getName() + " does not engage the "
                            + HhfrModule.NAME + " module: it is served as plain SOAP"));
        }
        return InvocationResponse.CONTINUE;
    }

    /** Whether the request this responds to carried an offer. */
    private static boolean offered(OperationContext operation) throws AxisFault {
        MessageContext request = operation == null ? null
                : operation.getMessageContext(WSDLConstants.MESSAGE_LABEL_IN_VALUE);
        SOAPEnvelope envelope = request == null ? null : request.getEnvelope();
        SOAPHeader header = envelope == null ? null : envelope.getHeader();
        return header != null && header.getHeaderBlocksWithName(OfferHandler.OFFER).hasNext();
    }
}
