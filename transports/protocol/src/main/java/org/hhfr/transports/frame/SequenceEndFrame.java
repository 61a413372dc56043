package org.hhfr.transports.frame;

import org.hhfr.transports.WireException;

/**
 * CLOSE or TERMINATE: both name the last message number of the sender's sequence (0 when it sent nothing).
 * CLOSE announces it (WS-RM CloseSequence with LastMsgNumber); TERMINATE follows once the sender has seen all of
 * it acknowledged, and lets the receiver forget the sequence (TerminateSequence). Body: {@code varint last}.
 */
public final class SequenceEndFrame extends Frame {
    private final FrameType type;
    private final long lastMessageNumber;

    private SequenceEndFrame(FrameType type, long lastMessageNumber) {
        if (lastMessageNumber < 0) {
            throw new IllegalArgumentException("last message number must not be negative: " + lastMessageNumber);
        }
        this.type = type;
        this.lastMessageNumber = lastMessageNumber;
    }

    public static SequenceEndFrame close(long lastMessageNumber) {
        return new SequenceEndFrame(FrameType.CLOSE, lastMessageNumber);
    }

    public static SequenceEndFrame terminate(long lastMessageNumber) {
        return new SequenceEndFrame(FrameType.TERMINATE, lastMessageNumber);
    }

    @Override
    public FrameType type() {
        return type;
    }

    public long lastMessageNumber() {
        return lastMessageNumber;
    }

    @Override
    int bodySize() {
        return Varint.size(lastMessageNumber);
    }

    @Override
    int writeBody(byte[] dst, int offset) {
        return Varint.write(lastMessageNumber, dst, offset);
    }

    static SequenceEndFrame read(WireReader in, FrameType type) throws WireException {
        return new SequenceEndFrame(type,
                in.readVarint(type + " last message number", 0, DataFrame.MAX_MESSAGE_NUMBER));
    }

    @Override
    public String toString() {
        return type + " " + lastMessageNumber;
    }
}
