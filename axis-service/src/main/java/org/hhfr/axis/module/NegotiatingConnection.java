package org.hhfr.axis.module;

import java.io.IOException;

import org.apache.axis2.context.MessageContext;

/**
 * The server address a negotiating client reached, for the duration of the negotiation on this thread, so
 * the stream endpoints handed out in the answer name an address that client can reach (the negotiation's
 * {@code StreamEndpoints} is asked without any request at hand).
 */
public final class NegotiatingConnection {
    private static final ThreadLocal<String> LOCAL_ADDRESS = new ThreadLocal<>();

    private NegotiatingConnection() {
    }

    /** The server-side address of the connection being negotiated on, or {@code null} outside a negotiation. */
    public static String localAddress() {
        return LOCAL_ADDRESS.get();
    }

    /** Runs one negotiation step with the local address of {@code message}'s connection known. */
    static <T> T during(MessageContext message, Step<T> step) throws IOException {
        Object address = message.getProperty(MessageContext.TRANSPORT_ADDR);
        LOCAL_ADDRESS.set(address instanceof String ? (String) address : null);
        try {
            return step.run();
        } finally {
            LOCAL_ADDRESS.remove();
        }
    }

    /** A negotiation step. */
    interface Step<T> {
        T run() throws IOException;
    }
}
