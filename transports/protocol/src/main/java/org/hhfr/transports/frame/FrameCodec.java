package org.hhfr.transports.frame;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;

/**
 * Encodes frames to bytes and decodes one complete frame. An encoded frame is {@code varint length}, then
 * {@code length} bytes of content: the type byte (code in the low four bits, flags in the high four) and the
 * frame's body. TCP streams are sequences of encoded frames; datagrams carry several between their header and
 * tag.
 */
public final class FrameCodec {
    /** The protocol version in handshakes and datagram headers. */
    public static final int PROTOCOL_VERSION = 1;

    private FrameCodec() {
    }

    /** Bytes of {@code frame} with its length prefix. */
    public static int encodedSize(Frame frame) {
        int content = 1 + frame.bodySize();
        return Varint.size(content) + content;
    }

    /** Writes {@code frame} with its length prefix at {@code offset}; returns the offset after it. */
    public static int encode(Frame frame, byte[] dst, int offset) {
        offset = Varint.write(1 + frame.bodySize(), dst, offset);
        dst[offset++] = (byte) (frame.type().code() | frame.flags() << 4);
        return frame.writeBody(dst, offset);
    }

    public static byte[] encode(Frame frame) {
        byte[] out = new byte[encodedSize(frame)];
        encode(frame, out, 0);
        return out;
    }

    /**
     * Decodes the content of one frame (type byte and body, without the length prefix) that occupies exactly
     * {@code length} bytes.
     */
    public static Frame decodeContent(byte[] buf, int offset, int length, FrameLimits limits) throws WireException {
        if (length == 0) {
            throw new WireException(ErrorCode.MALFORMED, "empty frame");
        }
        if (length > limits.maxFrameLength()) {
            throw new WireException(ErrorCode.TOO_LARGE,
                    "frame of " + length + " bytes exceeds the limit of " + limits.maxFrameLength());
        }
        WireReader in = new WireReader(buf, offset, length);
        int typeByte = in.readUnsignedByte("type");
        FrameType type = FrameType.fromCode(typeByte & 0xF);
        if (type == null) {
            throw new WireException(ErrorCode.UNKNOWN_FRAME_TYPE, "frame type " + (typeByte & 0xF));
        }
        int flags = typeByte >>> 4;
        if (flags != 0 && type != FrameType.DATA && type != FrameType.ACK && type != FrameType.HELLO) {
            throw new WireException(ErrorCode.MALFORMED, type + " frame with flags " + flags);
        }
        Frame frame = readBody(in, type, flags, limits);
        in.expectEnd(type + " frame");
        return frame;
    }

    private static Frame readBody(WireReader in, FrameType type, int flags, FrameLimits limits)
            throws WireException {
        switch (type) {
            case DATA:
                return DataFrame.read(in, flags);
            case ACK:
                return AckFrame.read(in, flags, limits);
            case ACK_REQUESTED:
                return SignalFrame.ACK_REQUESTED;
            case PING:
                return SignalFrame.PING;
            case CLOSE:
            case TERMINATE:
                return SequenceEndFrame.read(in, type);
            case ERROR:
                return ErrorFrame.read(in);
            case HELLO:
            case RESUME:
                return HelloFrame.read(in, type, flags);
            case WELCOME:
                return WelcomeFrame.read(in);
            case PATH_CHALLENGE:
            case PATH_RESPONSE:
            case ADDRESS_TOKEN:
                return PathFrame.read(in, type);
            default:
                throw new AssertionError(type);
        }
    }

    static void readVersion(WireReader in, FrameType type) throws WireException {
        int version = in.readInt(type + " version", 1, Integer.MAX_VALUE);
        if (version != PROTOCOL_VERSION) {
            throw new WireException(ErrorCode.UNSUPPORTED_VERSION,
                    type + " for protocol version " + version + "; this endpoint speaks " + PROTOCOL_VERSION);
        }
    }
}
