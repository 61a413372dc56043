package org.hhfr.transports.netty;

import org.hhfr.transports.fault.StreamFault;

/**
 * One call failed with a fault; the stream goes on. A {@link NettyStreamClient} call completes exceptionally
 * with it when the server answers a fault. A {@link StreamDispatcher} may throw it (or fail its stage with it)
 * to choose the code, e.g. {@link StreamFault.Code#SENDER} for a request it cannot decode; any other exception
 * becomes a {@link StreamFault.Code#RECEIVER} fault carrying the exception's message.
 */
public final class StreamFaultException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient StreamFault fault;

    public StreamFaultException(StreamFault.Code code, String reason) {
        this(StreamFault.of(code, reason));
    }

    /**
     * A fault answering an unexpected error of the service: the client gets the fault, the server's log the
     * error's trace (a fault without one is an outcome, logged in one line).
     */
    public StreamFaultException(StreamFault.Code code, String reason, Throwable unexpected) {
        super(StreamFault.of(code, reason).toString(), unexpected);
        this.fault = StreamFault.of(code, reason);
    }

    StreamFaultException(StreamFault fault) {
        super(fault.toString());
        this.fault = fault;
    }

    StreamFault fault() {
        return fault;
    }

    public StreamFault.Code code() {
        return fault.code();
    }

    /** The reason as it travels: one line, at most {@value StreamFault#MAX_REASON_BYTES} bytes of UTF-8. */
    public String reason() {
        return fault.reason();
    }
}
