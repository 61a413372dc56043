package org.hhfr.axis.module;

import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axiom.soap.SOAPHeader;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.OperationContext;
import org.apache.axis2.handlers.AbstractHandler;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.HhfrUris;

/**
 * Decides the offer {@link OfferHandler} kept, now that the call answers (a fault takes the out-fault flow,
 * which has no such handler, so a refused or failed call negotiates nothing), and puts the {@code hhfr:Answer}
 * into the response's header, as a block Axiom fills from {@link AnswerHeaderSource} when it writes the
 * response.
 */
public final class AnswerHandler extends AbstractHandler {
    /** Axis2 makes the handler from {@code module.xml}. */
    public AnswerHandler() {
    }

    @Override
    public InvocationResponse invoke(MessageContext message) {
        OperationContext operation = message.getOperationContext();
        Object offer = operation == null ? null : operation.getProperty(OfferHandler.OFFER_PROPERTY);
        if (offer instanceof OfferHandler.PendingOffer) {
            operation.removeProperty(OfferHandler.OFFER_PROPERTY);
            addTo(message.getEnvelope(), ((OfferHandler.PendingOffer) offer).decide());
        }
        return InvocationResponse.CONTINUE;
    }

    /** Adds {@code answer} to the envelope's header (made if it has none). */
    static void addTo(SOAPEnvelope envelope, Answer answer) {
        SOAPFactory factory = (SOAPFactory) envelope.getOMFactory();
        SOAPHeader header = envelope.getHeader() != null ? envelope.getHeader() : factory.createSOAPHeader(envelope);
        header.addChild(factory.createSOAPHeaderBlock("Answer", factory.createOMNamespace(HhfrUris.NAMESPACE, ""),
                new AnswerHeaderSource(answer)));
    }
}
