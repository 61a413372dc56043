package org.hhfr.transports.frame;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;

/**
 * A message, or one fragment of a message, with its per-message header: the message number in the sender's
 * sequence, the operation it invokes, and the number of the peer's message it answers (its correlation).
 *
 * <p>Body: {@code varint messageNumber}, then {@code varint zigzag(messageNumber - correlation)} if flag
 * CORRELATED, then {@code varint operation} if flag OPERATION, then the payload to the end of the frame. A
 * message split into fragments takes one message number per fragment; every fragment but the last has flag
 * MORE, every fragment but the first has flag CONTINUATION, and only the first carries operation and
 * correlation. The payload array is shared, not copied: callers must not change it afterwards.
 */
public final class DataFrame extends Frame {
    /** Largest message number, as in WS-RM (xs:unsignedLong restricted to 2^63 - 1). */
    public static final long MAX_MESSAGE_NUMBER = Long.MAX_VALUE;
    /** Most bytes the type byte and header add to a payload, not counting the length prefix. */
    public static final int MAX_HEADER_SIZE = 1 + 9 + Varint.MAX_SIZE + 5;

    static final int FLAG_CORRELATED = 0x1;
    static final int FLAG_OPERATION = 0x2;
    static final int FLAG_MORE = 0x4;
    static final int FLAG_CONTINUATION = 0x8;

    private final long messageNumber;
    private final int operation;
    private final long correlation;
    private final boolean more;
    private final boolean continuation;
    private final byte[] payload;

    private DataFrame(long messageNumber, int operation, long correlation, boolean more, boolean continuation,
                      byte[] payload) {
        this.messageNumber = messageNumber;
        this.operation = operation;
        this.correlation = correlation;
        this.more = more;
        this.continuation = continuation;
        this.payload = payload;
    }

    /** A whole message, or the first fragment of one when {@code more}. */
    public static DataFrame first(long messageNumber, int operation, long correlation, boolean more,
                                  byte[] payload) {
        checkNumber(messageNumber);
        if (operation < 0) {
            throw new IllegalArgumentException("operation must not be negative: " + operation);
        }
        if (correlation < 0) {
            throw new IllegalArgumentException("correlation must not be negative: " + correlation);
        }
        return new DataFrame(messageNumber, operation, correlation, more, false, payload);
    }

    /** A later fragment: the last one when {@code !more}. */
    public static DataFrame continuation(long messageNumber, boolean more, byte[] payload) {
        checkNumber(messageNumber);
        return new DataFrame(messageNumber, 0, 0, more, true, payload);
    }

    private static void checkNumber(long messageNumber) {
        if (messageNumber < 1) {
            throw new IllegalArgumentException("message numbers start at 1: " + messageNumber);
        }
    }

    @Override
    public FrameType type() {
        return FrameType.DATA;
    }

    public long messageNumber() {
        return messageNumber;
    }

    /** Which operation of the session's service the message invokes; 0 is the default (or only) one. */
    public int operation() {
        return operation;
    }

    /** The message number, in the peer's sequence, of the message this one answers; 0 for none. */
    public long correlation() {
        return correlation;
    }

    /** Whether more fragments of the same message follow. */
    public boolean hasMore() {
        return more;
    }

    /** Whether this continues a message begun by the previous message number. */
    public boolean isContinuation() {
        return continuation;
    }

    /** The payload (shared, not a copy). */
    public byte[] payload() {
        return payload;
    }

    @Override
    int flags() {
        return (correlation != 0 ? FLAG_CORRELATED : 0)
                | (operation != 0 ? FLAG_OPERATION : 0)
                | (more ? FLAG_MORE : 0)
                | (continuation ? FLAG_CONTINUATION : 0);
    }

    @Override
    int bodySize() {
        return Varint.size(messageNumber)
                + (correlation != 0 ? Varint.size(Varint.zigZag(messageNumber - correlation)) : 0)
                + (operation != 0 ? Varint.size(operation) : 0)
                + payload.length;
    }

    @Override
    int writeBody(byte[] dst, int offset) {
        offset = Varint.write(messageNumber, dst, offset);
        if (correlation != 0) {
            offset = Varint.write(Varint.zigZag(messageNumber - correlation), dst, offset);
        }
        if (operation != 0) {
            offset = Varint.write(operation, dst, offset);
        }
        System.arraycopy(payload, 0, dst, offset, payload.length);
        return offset + payload.length;
    }

    static DataFrame read(WireReader in, int flags) throws WireException {
        boolean continuation = (flags & FLAG_CONTINUATION) != 0;
        if (continuation && (flags & (FLAG_CORRELATED | FLAG_OPERATION)) != 0) {
            throw new WireException(ErrorCode.MALFORMED, "DATA continuation fragment carries a message header");
        }
        long number = in.readVarint("DATA message number", 1, MAX_MESSAGE_NUMBER);
        long correlation = 0;
        if ((flags & FLAG_CORRELATED) != 0) {
            correlation = number - Varint.unZigZag(in.readVarint64("DATA correlation"));
            if (correlation < 1) {
                throw new WireException(ErrorCode.MALFORMED, "DATA correlation outside 1.." + MAX_MESSAGE_NUMBER);
            }
        }
        int operation = 0;
        if ((flags & FLAG_OPERATION) != 0) {
            operation = in.readInt("DATA operation", 1, Integer.MAX_VALUE);
        }
        return new DataFrame(number, operation, correlation, (flags & FLAG_MORE) != 0, continuation, in.readRest());
    }

    @Override
    public String toString() {
        return "DATA " + messageNumber + (operation != 0 ? " op " + operation : "")
                + (correlation != 0 ? " answers " + correlation : "") + (continuation ? " cont" : "")
                + (more ? " more" : "") + " (" + payload.length + " bytes)";
    }
}
