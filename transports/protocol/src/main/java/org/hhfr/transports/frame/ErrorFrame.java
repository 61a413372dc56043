package org.hhfr.transports.frame;

import java.nio.charset.StandardCharsets;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;

/**
 * The sender is giving up on the connection or session, and says why. Body: {@code varint code}, then the reason
 * as UTF-8 to the end of the frame, at most {@value #MAX_REASON_BYTES} bytes. Codes this version does not know
 * are kept as numbers, so a newer peer's errors still reach the logs.
 */
public final class ErrorFrame extends Frame {
    public static final int MAX_REASON_BYTES = 1024;

    private final int code;
    private final byte[] reasonUtf8;

    private ErrorFrame(int code, byte[] reasonUtf8) {
        this.code = code;
        this.reasonUtf8 = reasonUtf8;
    }

    /** An error with {@code reason} cut to {@value #MAX_REASON_BYTES} UTF-8 bytes at a character boundary. */
    public static ErrorFrame of(ErrorCode code, String reason) {
        byte[] utf8 = reason.getBytes(StandardCharsets.UTF_8);
        if (utf8.length > MAX_REASON_BYTES) {
            int cut = MAX_REASON_BYTES;
            while ((utf8[cut] & 0xC0) == 0x80) {
                cut--;
            }
            byte[] shorter = new byte[cut];
            System.arraycopy(utf8, 0, shorter, 0, cut);
            utf8 = shorter;
        }
        return new ErrorFrame(code.wireValue(), utf8);
    }

    @Override
    public FrameType type() {
        return FrameType.ERROR;
    }

    /** The code, or {@code null} when the peer sent a value this version does not define. */
    public ErrorCode code() {
        return ErrorCode.fromWireValue(code);
    }

    public String reason() {
        return new String(reasonUtf8, StandardCharsets.UTF_8);
    }

    @Override
    int bodySize() {
        return Varint.size(code) + reasonUtf8.length;
    }

    @Override
    int writeBody(byte[] dst, int offset) {
        offset = Varint.write(code, dst, offset);
        System.arraycopy(reasonUtf8, 0, dst, offset, reasonUtf8.length);
        return offset + reasonUtf8.length;
    }

    static ErrorFrame read(WireReader in) throws WireException {
        int code = in.readInt("ERROR code", 0, Integer.MAX_VALUE);
        if (in.remaining() > MAX_REASON_BYTES) {
            throw new WireException(ErrorCode.TOO_LARGE,
                    "ERROR reason of " + in.remaining() + " bytes exceeds " + MAX_REASON_BYTES);
        }
        return new ErrorFrame(code, in.readRest());
    }

    @Override
    public String toString() {
        ErrorCode known = code();
        return "ERROR " + (known != null ? known.toString() : Integer.toString(code)) + ": " + reason();
    }
}
