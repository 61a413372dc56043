package org.hhfr.transports;

/**
 * Why a peer or a frame was refused. Each code has a fixed wire value carried in ERROR frames, so both ends and
 * the logs agree on the reason even when the readable text differs.
 */
public enum ErrorCode {
    /** Bytes that do not parse as a frame or datagram: truncated, overlong varint, trailing bytes, bad field. */
    MALFORMED(1),
    /** A length prefix or field above the configured maximum. */
    TOO_LARGE(2),
    /** A frame type byte that this version does not define. */
    UNKNOWN_FRAME_TYPE(3),
    /** A protocol version this endpoint does not speak. */
    UNSUPPORTED_VERSION(4),
    /** A handshake proof or datagram tag that does not verify against the session token. */
    AUTHENTICATION_FAILED(5),
    /** A session id the receiver does not know (never negotiated, expired or forgotten). */
    UNKNOWN_SESSION(6),
    /** HELLO for a session whose sequences already started, or RESUME for one that never did. */
    HANDSHAKE_MISMATCH(7),
    /** A datagram whose packet number was already seen or is too old. */
    REPLAYED(8),
    /** A frame that breaks sequence rules: acknowledging unsent messages, exceeding the granted limit, etc. */
    SEQUENCE_VIOLATION(9),
    /** The peer stopped answering: retransmissions exhausted or nothing received within the idle timeout. */
    PEER_UNRESPONSIVE(10),
    /** The sending application or adapter ended the session deliberately. */
    ABORTED(11);

    private final int wireValue;

    ErrorCode(int wireValue) {
        this.wireValue = wireValue;
    }

    /** The value in an ERROR frame's code field. */
    public int wireValue() {
        return wireValue;
    }

    /** The code for a wire value, or {@code null} for a value this version does not define (a newer peer). */
    public static ErrorCode fromWireValue(int value) {
        for (ErrorCode code : values()) {
            if (code.wireValue == value) {
                return code;
            }
        }
        return null;
    }
}
