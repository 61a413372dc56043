package org.hhfr.transports.netty;

/** One whole message from a client, in the order the client sent it. */
public final class InboundMessage {
    private final int operation;
    private final long messageNumber;
    private final byte[] payload;

    InboundMessage(int operation, long messageNumber, byte[] payload) {
        this.operation = operation;
        this.messageNumber = messageNumber;
        this.payload = payload;
    }

    /** Which operation of the session's service it invokes; 0 for the default (or only) one. */
    public int operation() {
        return operation;
    }

    /** Its number in the client's sequence; the response carries it as its correlation. */
    public long messageNumber() {
        return messageNumber;
    }

    /** The body in the session's representation; owned by the dispatcher. */
    public byte[] payload() {
        return payload;
    }

    @Override
    public String toString() {
        return "message " + messageNumber + " op " + operation + " (" + payload.length + " bytes)";
    }
}
