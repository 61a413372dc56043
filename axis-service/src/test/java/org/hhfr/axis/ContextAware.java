package org.hhfr.axis;

import org.apache.axis2.context.MessageContext;

/** Services' shared way to their call's details: a default method reading Axis2's current message context. */
public interface ContextAware {
    default String calledAs() {
        return CallerDescription.of(MessageContext.getCurrentMessageContext());
    }
}
