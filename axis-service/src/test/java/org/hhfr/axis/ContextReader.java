package org.hhfr.axis;

import org.apache.axis2.context.MessageContext;

/** A POJO service that reads Axis2's current message context, as services do for their caller's details. */
public class ContextReader {
    public String where(String prefix) {
        MessageContext current = MessageContext.getCurrentMessageContext();
        return prefix + current.getAxisService().getName() + "." + current.getAxisOperation().getName().getLocalPart()
                + " over " + current.getIncomingTransportName();
    }
}
