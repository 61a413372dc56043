package org.hhfr.transports.fault;

/**
 * The client's request to abandon one of its calls: a DATA message in the client's sequence, CORRELATED to the
 * request it cancels, with the reserved operation {@link #OPERATION} and an empty payload (WIRE-FORMAT 2.1).
 * A server that has not started that request skips it and answers nothing; one that already started it goes
 * on, and the client drops the response. It is advice: the client has forgotten the call before it sends this.
 */
public final class StreamCancel {
    /** Operation 2^31 - 2, reserved next to {@link StreamFault#OPERATION}: never an application operation. */
    public static final int OPERATION = Integer.MAX_VALUE - 1;
    private static final byte[] EMPTY = new byte[0];

    private StreamCancel() {
    }

    /** The cancel message's payload: none. */
    public static byte[] payload() {
        return EMPTY;
    }
}
