package org.hhfr.transports.frame;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;

/**
 * One frame of every kind and shape, made by the real encoders: the seeds the frame fuzz tests start from, so
 * they begin with valid input and follow any change of the wire format.
 */
final class SeedFrames {
    static final SessionId SESSION = SessionId.of(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
    static final SessionKeys KEYS = SessionKeys.fromToken("0123456789abcdef0123456789abcdef"
            .getBytes(StandardCharsets.US_ASCII));
    static final HelloFrame HELLO = HelloFrame.create(false, SESSION, 1, KEYS);
    static final WelcomeFrame WELCOME = WelcomeFrame.answering(HELLO, KEYS);
    static final ErrorFrame REFUSAL = ErrorFrame.of(ErrorCode.UNKNOWN_SESSION, "no such session");

    private SeedFrames() {
    }

    /** Frames a client sends after its handshake, and those a server answers with. */
    static List<Frame> afterHandshake() {
        byte[] payload = "payload".getBytes(StandardCharsets.US_ASCII);
        return Arrays.asList(
                DataFrame.first(1, 0, 0, false, payload),
                DataFrame.first(7, 3, 5, true, payload),
                DataFrame.continuation(8, false, payload),
                DataFrame.first(Long.MAX_VALUE, Integer.MAX_VALUE, 1, false, new byte[0]),
                AckFrame.of(new long[] {1, 3, 6, 9}, false, 12),
                AckFrame.of(new long[0], true, 0),
                SequenceEndFrame.close(9),
                SequenceEndFrame.terminate(0),
                SignalFrame.ACK_REQUESTED,
                SignalFrame.PING,
                ErrorFrame.of(ErrorCode.MALFORMED, "r\u00e9sum\u00e9 refused"),
                PathFrame.challenge(0x0123456789ABCDEFL),
                PathFrame.response(-1L),
                PathFrame.addressToken(0x1122334455667788L));
    }

    /** The handshake frames of both sides. */
    static List<Frame> handshakes() {
        return Arrays.asList(HELLO, HelloFrame.create(true, SESSION, 2, KEYS),
                HelloFrame.create(false, true, SESSION, 1, KEYS), WELCOME, REFUSAL);
    }

    /** The frames encoded one after another, each with its length prefix. */
    static byte[] stream(List<Frame> frames) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Frame frame : frames) {
            out.writeBytes(FrameCodec.encode(frame));
        }
        return out.toByteArray();
    }
}
