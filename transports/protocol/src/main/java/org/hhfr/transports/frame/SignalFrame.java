package org.hhfr.transports.frame;

/**
 * The frames that carry nothing but their type: ACK_REQUESTED and PING. Each has one shared instance.
 */
public final class SignalFrame extends Frame {
    public static final SignalFrame ACK_REQUESTED = new SignalFrame(FrameType.ACK_REQUESTED);
    public static final SignalFrame PING = new SignalFrame(FrameType.PING);

    private final FrameType type;

    private SignalFrame(FrameType type) {
        this.type = type;
    }

    @Override
    public FrameType type() {
        return type;
    }

    @Override
    int bodySize() {
        return 0;
    }

    @Override
    int writeBody(byte[] dst, int offset) {
        return offset;
    }

    @Override
    public String toString() {
        return type.toString();
    }
}
