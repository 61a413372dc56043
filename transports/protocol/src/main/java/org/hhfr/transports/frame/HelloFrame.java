package org.hhfr.transports.frame;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;

/**
 * The first frame a client sends on a TCP connection: HELLO when the session's sequences start with this
 * connection, RESUME when it continues them after an earlier connection broke. It names the session and proves
 * knowledge of its token without sending it: {@code proof = HMAC(helloKey(epoch), kind, session id, epoch,
 * attempt)}. The epoch names the stream of the session (a server accepts a new stream only above the last
 * epoch), the attempt number grows with every connection of the stream; so a server that remembers both
 * refuses a recorded handshake played again.
 *
 * <p>Body: {@code varint version, varint idLength, id bytes, varint epoch, varint attempt, proof (16 bytes)}.
 * A HELLO may carry the flag {@link #EARLY}: the client proposed the session in a negotiation that may still be
 * running, so a server that does not know the session yet waits for it (bounded) instead of refusing at once.
 * The flag is not covered by the proof: flipping it can only make a server wait for, or refuse sooner, a session
 * it does not hold.
 */
public final class HelloFrame extends Frame {
    /** The HELLO flag of a handshake for a session being negotiated in the same flight (WIRE-FORMAT 3.4). */
    public static final int EARLY = 0x1;

    private final boolean resume;
    private final boolean early;
    private final SessionId session;
    private final long epoch;
    private final long attempt;
    private final byte[] proof;

    private HelloFrame(boolean resume, boolean early, SessionId session, long epoch, long attempt, byte[] proof) {
        this.resume = resume;
        this.early = early;
        this.session = session;
        this.epoch = epoch;
        this.attempt = attempt;
        this.proof = proof;
    }

    /**
     * A HELLO or RESUME for connection {@code attempt} (1, 2, ...) of the stream whose keys are {@code keys}
     * (they name its epoch), with its proof.
     */
    public static HelloFrame create(boolean resume, SessionId session, long attempt, SessionKeys keys) {
        return create(resume, false, session, attempt, keys);
    }

    /** As {@link #create(boolean, SessionId, long, SessionKeys)}; {@code early} (HELLO only) sets {@link #EARLY}. */
    public static HelloFrame create(boolean resume, boolean early, SessionId session, long attempt,
                                    SessionKeys keys) {
        if (attempt < 1) {
            throw new IllegalArgumentException("connection attempts count from 1: " + attempt);
        }
        if (resume && early) {
            throw new IllegalArgumentException("a RESUME continues a stream the server accepted: it is never early");
        }
        return new HelloFrame(resume, early, session, keys.epoch(), attempt,
                keys.handshakeProof(resume, session, attempt));
    }

    /** A HELLO whose session may still be being negotiated: the server waits for it (bounded). */
    public boolean isEarly() {
        return early;
    }

    @Override
    int flags() {
        return early ? EARLY : 0;
    }

    @Override
    public FrameType type() {
        return resume ? FrameType.RESUME : FrameType.HELLO;
    }

    public boolean isResume() {
        return resume;
    }

    public SessionId session() {
        return session;
    }

    /** Which stream of the session this connection belongs to. */
    public long epoch() {
        return epoch;
    }

    public long attempt() {
        return attempt;
    }

    /** Whether the proof was made with the keys of this epoch of the session (constant time). */
    public boolean isProvenBy(SessionKeys keys) {
        return keys.epoch() == epoch && keys.verifyHandshakeProof(resume, session, attempt, proof);
    }

    @Override
    int bodySize() {
        return Varint.size(FrameCodec.PROTOCOL_VERSION) + Varint.size(session.length()) + session.length()
                + Varint.size(epoch) + Varint.size(attempt)
                + proof.length;
    }

    @Override
    int writeBody(byte[] dst, int offset) {
        offset = Varint.write(FrameCodec.PROTOCOL_VERSION, dst, offset);
        offset = Varint.write(session.length(), dst, offset);
        offset = session.writeTo(dst, offset);
        offset = Varint.write(epoch, dst, offset);
        offset = Varint.write(attempt, dst, offset);
        System.arraycopy(proof, 0, dst, offset, proof.length);
        return offset + proof.length;
    }

    static HelloFrame read(WireReader in, FrameType type, int flags) throws WireException {
        if (flags != 0 && (type != FrameType.HELLO || flags != EARLY)) {
            throw new WireException(ErrorCode.MALFORMED, type + " frame with flags " + flags);
        }
        FrameCodec.readVersion(in, type);
        int idLength = in.readInt(type + " session id length", 1, SessionId.MAX_LENGTH);
        SessionId session = SessionId.of(in.readBytes(type + " session id", idLength));
        long epoch = in.readVarint(type + " epoch", 1, Long.MAX_VALUE);
        long attempt = in.readVarint(type + " attempt", 1, Long.MAX_VALUE);
        byte[] proof = in.readBytes(type + " proof", SessionKeys.MAC_SIZE);
        return new HelloFrame(type == FrameType.RESUME, flags == EARLY, session, epoch, attempt, proof);
    }

    @Override
    public String toString() {
        return type() + (early ? " (early)" : "") + " session " + session + " epoch " + epoch + " attempt " + attempt;
    }
}
