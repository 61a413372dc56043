package org.hhfr.axis;

import org.apache.axis2.context.MessageContext;

/** A POJO service that reads Axis2's current message context, as services do for their caller's details. */
public class ContextReader {
    public String where(String prefix) {
        return prefix + CallerDescription.of(MessageContext.getCurrentMessageContext());
    }
}
