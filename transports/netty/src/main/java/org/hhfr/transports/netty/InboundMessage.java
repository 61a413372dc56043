package org.hhfr.transports.netty;

import java.util.concurrent.atomic.AtomicBoolean;

/** One whole message from a client, in the order the client sent it. */
public final class InboundMessage {
    private final int operation;
    private final long messageNumber;
    /** The client's number of the call, the same on every stream it is sent on; 0 when it has none. */
    private final long callNumber;
    private final byte[] payload;
    /** Taken by whichever comes first: its dispatch starting, or the client's cancel. */
    private final AtomicBoolean claimed = new AtomicBoolean();
    /** The client sent a cancel for it. */
    private volatile boolean cancelled;

    InboundMessage(int operation, long messageNumber, long callNumber, byte[] payload) {
        this.operation = operation;
        this.messageNumber = messageNumber;
        this.callNumber = callNumber;
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

    /** The client's number of the call (see {@link CallReplies}); 0 when it has none. */
    long callNumber() {
        return callNumber;
    }

    /** The body in the session's representation; owned by the dispatcher. */
    public byte[] payload() {
        return payload;
    }

    /** True for the first caller only: the dispatch that starts it, or the cancel that skips it. */
    boolean claim() {
        return claimed.compareAndSet(false, true);
    }

    /**
     * The client cancelled it: true if that skips it (its dispatch had not started). Otherwise the cancel is
     * kept, for a dispatch that finds it must wait ({@link #waitUnlessCancelled}).
     */
    boolean cancel() {
        cancelled = true;
        return claim();
    }

    /**
     * Its dispatch must wait (another stream runs the call): true if it waits, a cancel meanwhile skipping it;
     * false if the client cancelled it already, and this caller now skips it.
     */
    boolean waitUnlessCancelled() {
        claimed.set(false);
        return !(cancelled && claim());
    }

    @Override
    public String toString() {
        return "message " + messageNumber + " op " + operation + " (" + payload.length + " bytes)";
    }
}
