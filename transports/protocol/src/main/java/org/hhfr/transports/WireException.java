package org.hhfr.transports;

/**
 * Input from the network that violates the HHFR wire protocol. It is the only checked exception the decoders,
 * the datagram reader and the reliability engine throw; the {@link #code()} is what an adapter sends back in an
 * ERROR frame and counts, the message says what exactly was wrong.
 */
public final class WireException extends Exception {
    private static final long serialVersionUID = 1L;

    private final ErrorCode code;

    public WireException(ErrorCode code, String reason) {
        super(code + ": " + reason);
        this.code = code;
    }

    public ErrorCode code() {
        return code;
    }

    /** The readable reason without the code prefix. */
    public String reason() {
        return getMessage().substring(code.toString().length() + 2);
    }
}
