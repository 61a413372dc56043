package org.hhfr.axis.module;

import org.apache.axis2.context.MessageContext;
import org.jspecify.annotations.Nullable;

/**
 * Where a SOAP message arrived: the server-side address of its connection, as Axis2's HTTP transport records it,
 * and whether that connection was HTTPS (Axis2's incoming transport name; the embedded server serving HTTPS
 * says so for every message through the module's {@code cleartextStreams} parameter instead).
 *
 * @param address       the server-side address the client reached
 * @param overHttps     the message came over HTTPS
 * @param clientAddress the client's end of the connection (its sessions count against it), or {@code null}
 */
record ReachedAddress(String address, boolean overHttps, @Nullable String clientAddress) {
    /** Where a message that came through no HTTP connection (Axis2 called in-process) is taken to have arrived. */
    static final ReachedAddress LOOPBACK = new ReachedAddress("127.0.0.1", false, null);

    static ReachedAddress of(MessageContext message) {
        Object address = message.getProperty(MessageContext.TRANSPORT_ADDR);
        return new ReachedAddress(address instanceof String ? (String) address : LOOPBACK.address(),
                "https".equalsIgnoreCase(message.getIncomingTransportName()),
                message.getProperty(MessageContext.REMOTE_ADDR) instanceof String client ? client : null);
    }
}
