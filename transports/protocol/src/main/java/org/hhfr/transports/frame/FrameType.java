package org.hhfr.transports.frame;

/**
 * The kinds of frame, with the code carried in the low four bits of a frame's type byte. The WS-RM names are in
 * parentheses where a frame carries one of its messages.
 */
public enum FrameType {
    /** One application message or one fragment of it (a WS-RM message with Sequence header). */
    DATA(1),
    /** Which message numbers arrived, and how far the sender may go (SequenceAcknowledgement). */
    ACK(2),
    /** Asks the receiver to acknowledge now (AckRequested). */
    ACK_REQUESTED(3),
    /** The sender will send no message after a given number (CloseSequence). */
    CLOSE(4),
    /** The sender saw everything acknowledged; the receiver may forget the sequence (TerminateSequence). */
    TERMINATE(5),
    /** Keeps an idle link and its NAT bindings alive; carries nothing. */
    PING(6),
    /** The sender gives up on the session or connection: a code and a readable reason. */
    ERROR(7),
    /** TCP: the first frame of a client's first connection of a session. */
    HELLO(8),
    /** TCP: the first frame of a client's later connection that continues the session's sequences. */
    RESUME(9),
    /** TCP: the server's answer to an accepted HELLO or RESUME. */
    WELCOME(10),
    /** UDP: 8 unpredictable bytes a server sends to a client's new address before it sends the stream there. */
    PATH_CHALLENGE(11),
    /** UDP: a client's answer to a PATH_CHALLENGE, with the same 8 bytes. */
    PATH_RESPONSE(12),
    /**
     * UDP: 8 bytes a server sends to a client's address that let the client's next stream of the session from the
     * same IP address be sent to at once, as a validated address.
     */
    ADDRESS_TOKEN(13);

    private static final FrameType[] BY_CODE = new FrameType[16];

    static {
        for (FrameType type : values()) {
            BY_CODE[type.code] = type;
        }
    }

    private final int code;

    FrameType(int code) {
        this.code = code;
    }

    /** The wire code, 1..15. */
    public int code() {
        return code;
    }

    /** The type with code {@code code} (0..15), or {@code null} if none. */
    static FrameType fromCode(int code) {
        return BY_CODE[code];
    }
}
