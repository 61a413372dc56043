package org.hhfr.axis.module;

import java.util.Iterator;
import java.util.List;

import javax.xml.namespace.QName;

import org.apache.axiom.soap.SOAPHeader;
import org.apache.axiom.soap.SOAPHeaderBlock;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.handlers.AbstractHandler;
import org.hhfr.axis.stream.EnvelopeDispatch;
import org.hhfr.contextstore.CallerIdentity;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.server.SoapNegotiationService;

/**
 * Optimistic negotiation, in the operation's in-flow: when a call carries an {@code hhfr:Offer} header, the
 * header is marked processed and the offer kept in the operation context, with the envelope's header blocks
 * and the caller as HTTP saw it. It is decided only when the call answers: {@link AnswerHandler}, in the
 * out-flow, stores the session (or declines) and puts the answer into the response. So a call that a handler
 * refuses (a missing credential, say) or that faults negotiates nothing, whatever the order of the handlers:
 * a session exists only for a call that went through the service's whole chain. While the module is not
 * running (it could not start), offers are left unanswered and the client stays on SOAP. A streamed call
 * negotiates nothing, whatever header blocks it brings.
 */
public final class OfferHandler extends AbstractHandler {
    /** Operation-context property holding the {@link PendingOffer} for the response. */
    static final String OFFER_PROPERTY = "org.hhfr.axis.offer";

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
                || !ServiceOperations.isServiceOperation(message.getAxisOperation())
                || EnvelopeDispatch.TRANSPORT.equals(message.getIncomingTransportName())) {
            return InvocationResponse.CONTINUE;
        }
        Iterator<SOAPHeaderBlock> offers = header.getHeaderBlocksWithName(OFFER);
        if (!offers.hasNext()) {
            return InvocationResponse.CONTINUE;
        }
        offers.next().setProcessed();
        message.getOperationContext().setProperty(OFFER_PROPERTY, new PendingOffer(runtime.negotiation(),
                AxiomHeaderBlocks.of(message.getEnvelope()), ServiceOperations.of(message), ReachedAddress.of(message),
                HttpCaller.of(message)));
        return InvocationResponse.CONTINUE;
    }

    /** An offer read from a call, decided once the call answers. */
    static final class PendingOffer {
        private final HhfrNegotiation negotiation;
        private final List<HeaderBlock> headers;
        private final ServiceOperation operation;
        private final ReachedAddress reachedAddress;
        private final CallerIdentity caller;

        PendingOffer(HhfrNegotiation negotiation, List<HeaderBlock> headers, ServiceOperation operation,
                     ReachedAddress reachedAddress, CallerIdentity caller) {
            this.negotiation = negotiation;
            this.headers = headers;
            this.operation = operation;
            this.reachedAddress = reachedAddress;
            this.caller = caller;
        }

        /** Decides the offer: a session stored for the caller, or a decline with its reason. */
        Answer decide() {
            return negotiation.answerTo(headers, operation, reachedAddress, caller);
        }
    }
}
