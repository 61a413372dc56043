package org.hhfr.axis.module;

import org.apache.axis2.context.MessageContext;

/** The server-side address of the connection a SOAP message arrived on, as Axis2's HTTP transport records it. */
final class ReachedAddress {
    /** Where a message that came through no HTTP connection (Axis2 called in-process) is taken to have arrived. */
    static final String LOOPBACK = "127.0.0.1";

    private ReachedAddress() {
    }

    static String of(MessageContext message) {
        Object address = message.getProperty(MessageContext.TRANSPORT_ADDR);
        return address instanceof String ? (String) address : LOOPBACK;
    }
}
