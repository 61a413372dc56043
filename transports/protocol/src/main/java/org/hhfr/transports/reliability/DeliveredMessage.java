package org.hhfr.transports.reliability;

/** A whole application message, reassembled from its fragments, as it leaves the engine in order. */
public final class DeliveredMessage {
    private final long messageNumber;
    private final int operation;
    private final long correlation;
    private final byte[] payload;

    DeliveredMessage(long messageNumber, int operation, long correlation, byte[] payload) {
        this.messageNumber = messageNumber;
        this.operation = operation;
        this.correlation = correlation;
        this.payload = payload;
    }

    /** The number of its first fragment in the peer's sequence; what a response names as its correlation. */
    public long messageNumber() {
        return messageNumber;
    }

    public int operation() {
        return operation;
    }

    /** The number of our own message this one answers, or 0 when it answers none. */
    public long correlation() {
        return correlation;
    }

    /** The body, owned by the caller from here on. */
    public byte[] payload() {
        return payload;
    }

    @Override
    public String toString() {
        return "message " + messageNumber + " (" + payload.length + " bytes)";
    }
}
