package org.hhfr.axis;

import org.apache.axis2.context.MessageContext;

/** A service's own helper that reads Axis2's current message context for it, as services' utility classes do. */
final class CallerDescription {
    private CallerDescription() {
    }

    static String of(MessageContext current) {
        return current.getAxisService().getName() + "." + current.getAxisOperation().getName().getLocalPart()
                + " over " + current.getIncomingTransportName();
    }

    static String current() {
        return of(MessageContext.getCurrentMessageContext());
    }
}
