package org.hhfr.axis;

import org.apache.axis2.context.MessageContext;

/** Services' shared way to their call's details: a default method reading Axis2's current message context. */
public interface ContextAware {
    default String calledAs() {
        MessageContext current = MessageContext.getCurrentMessageContext();
        return current.getAxisService().getName() + "." + current.getAxisOperation().getName().getLocalPart()
                + " over " + current.getIncomingTransportName();
    }
}
