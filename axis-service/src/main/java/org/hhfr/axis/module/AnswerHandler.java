package org.hhfr.axis.module;

import org.apache.axis2.AxisFault;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.context.OperationContext;
import org.apache.axis2.handlers.AbstractHandler;
import org.hhfr.contextstore.HeaderBlock;

/** Puts the {@code hhfr:Answer} that {@link OfferHandler} prepared into the response's header. */
final class AnswerHandler extends AbstractHandler {
    static final String NAME = "HhfrAnswer";

    @Override
    public InvocationResponse invoke(MessageContext message) throws AxisFault {
        OperationContext operation = message.getOperationContext();
        Object answer = operation == null ? null : operation.getProperty(OfferHandler.ANSWER_PROPERTY);
        if (answer instanceof HeaderBlock) {
            AxiomHeaderBlocks.add(message.getEnvelope(), (HeaderBlock) answer);
        }
        return InvocationResponse.CONTINUE;
    }
}
