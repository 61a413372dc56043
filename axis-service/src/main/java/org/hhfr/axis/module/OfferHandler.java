package org.hhfr.axis.module;

import java.io.IOException;
import java.util.Iterator;
import java.util.List;

import javax.xml.namespace.QName;

import org.apache.axiom.soap.SOAPHeader;
import org.apache.axiom.soap.SOAPHeaderBlock;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.handlers.AbstractHandler;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.negotiation.server.SoapNegotiationService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Optimistic negotiation, in the operation's in-flow: when a call carries an {@code hhfr:Offer} header, the
 * offer is decided (a session stored or a decline with its reason), the header is marked processed, and the
 * answer waits in the operation context for {@link AnswerHandler} to put into the response. The call itself
 * goes on to the service either way.
 */
final class OfferHandler extends AbstractHandler {
    private static final Logger LOG = LoggerFactory.getLogger(OfferHandler.class);
    static final String NAME = "HhfrOffer";
    /** Operation-context property holding the {@link HeaderBlock} answer for the response. */
    static final String ANSWER_PROPERTY = "org.hhfr.axis.answer";

    private static final QName OFFER = new QName(SoapNegotiationService.OFFER.namespace(),
            SoapNegotiationService.OFFER.localName());

    private final HhfrNegotiation negotiation;

    OfferHandler(HhfrNegotiation negotiation) {
        this.negotiation = negotiation;
    }

    @Override
    public InvocationResponse invoke(MessageContext message) throws AxisFault {
        SOAPHeader header = message.getEnvelope().getHeader();
        if (header == null || message.getOperationContext() == null
                || NegotiateReceiver.OPERATION.equals(message.getAxisOperation().getName())) {
            return InvocationResponse.CONTINUE;
        }
        Iterator<SOAPHeaderBlock> offers = header.getHeaderBlocksWithName(OFFER);
        if (!offers.hasNext()) {
            return InvocationResponse.CONTINUE;
        }
        offers.next().setProcessed();
        List<HeaderBlock> headers = AxiomHeaderBlocks.of(message.getEnvelope());
        try {
            HeaderBlock answer = NegotiatingConnection.during(message,
                    () -> negotiation.answerFor(headers, ServiceOperations.of(message)));
            message.getOperationContext().setProperty(ANSWER_PROPERTY, answer);
        } catch (IOException e) {
            // the negotiation never makes a call fail: without an answer the client stays on SOAP
            LOG.warn("no HHFR answer for a call to {}: {}", message.getAxisService().getName(), e.getMessage());
        }
        return InvocationResponse.CONTINUE;
    }
}
