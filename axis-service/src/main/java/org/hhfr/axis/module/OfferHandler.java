package org.hhfr.axis.module;

import java.util.Iterator;
import java.util.List;

import javax.xml.namespace.QName;

import org.apache.axiom.soap.SOAPHeader;
import org.apache.axiom.soap.SOAPHeaderBlock;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.handlers.AbstractHandler;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.server.SoapNegotiationService;

/**
 * Optimistic negotiation, in the operation's in-flow: when a call carries an {@code hhfr:Offer} header, the
 * offer is decided (a session stored or a decline with its reason), the header is marked processed, and the
 * answer waits in the operation context for {@link AnswerHandler} to put into the response. The call itself
 * goes on to the service either way. While the module is not running (it could not start), offers are left
 * unanswered and the client stays on SOAP.
 */
public final class OfferHandler extends AbstractHandler {
    /** Operation-context property holding the {@link Answer} for the response. */
    static final String ANSWER_PROPERTY = "org.hhfr.axis.answer";

    /** The header block that carries an offer. */
    static final QName OFFER = new QName(SoapNegotiationService.OFFER.namespace(),
            SoapNegotiationService.OFFER.localName());

    /** Axis2 makes the handler from {@code module.xml}. */
    public OfferHandler() {
    }

    @Override
    public InvocationResponse invoke(MessageContext message) {
        ModuleRuntime runtime = HhfrModule.runtime(message.getConfigurationContext());
        SOAPHeader header = message.getEnvelope().getHeader();
        if (runtime == null || header == null || message.getOperationContext() == null
                || !ServiceOperations.isServiceOperation(message.getAxisOperation())) {
            return InvocationResponse.CONTINUE;
        }
        Iterator<SOAPHeaderBlock> offers = header.getHeaderBlocksWithName(OFFER);
        if (!offers.hasNext()) {
            return InvocationResponse.CONTINUE;
        }
        offers.next().setProcessed();
        List<HeaderBlock> headers = AxiomHeaderBlocks.of(message.getEnvelope());
        Answer answer = runtime.negotiation().answerTo(headers, ServiceOperations.of(message),
                ReachedAddress.of(message));
        message.getOperationContext().setProperty(ANSWER_PROPERTY, answer);
        return InvocationResponse.CONTINUE;
    }
}
