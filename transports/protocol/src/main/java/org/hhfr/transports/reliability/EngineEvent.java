package org.hhfr.transports.reliability;

import org.hhfr.transports.ErrorCode;

/** Something an adapter must react to, taken from {@link ReliabilityEngine#pollEvent()}. */
public final class EngineEvent {
    /** What happened. */
    public enum Kind {
        /** {@code offer} refused a message earlier and the send buffer has drained to half: offer again. */
        WRITABLE,
        /** The peer closed its sequence and every one of its messages has been polled. */
        PEER_CLOSED,
        /** Both sequences completed gracefully; the engine is done and the link may be closed. */
        FINISHED,
        /** The session failed: see {@link #code()} and {@link #reason()}. Messages not yet acknowledged are lost. */
        FAILED
    }

    static final EngineEvent WRITABLE = new EngineEvent(Kind.WRITABLE, null, null);
    static final EngineEvent PEER_CLOSED = new EngineEvent(Kind.PEER_CLOSED, null, null);
    static final EngineEvent FINISHED = new EngineEvent(Kind.FINISHED, null, null);

    private final Kind kind;
    private final ErrorCode code;
    private final String reason;

    private EngineEvent(Kind kind, ErrorCode code, String reason) {
        this.kind = kind;
        this.code = code;
        this.reason = reason;
    }

    static EngineEvent failed(ErrorCode code, String reason) {
        return new EngineEvent(Kind.FAILED, code, reason);
    }

    public Kind kind() {
        return kind;
    }

    /** Why the session failed; {@code null} unless {@link Kind#FAILED} (or a code unknown to this version). */
    public ErrorCode code() {
        return code;
    }

    /** A readable reason; {@code null} unless {@link Kind#FAILED}. */
    public String reason() {
        return reason;
    }

    @Override
    public String toString() {
        return kind == Kind.FAILED ? "FAILED " + code + ": " + reason : kind.toString();
    }
}
