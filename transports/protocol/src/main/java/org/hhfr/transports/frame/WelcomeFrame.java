package org.hhfr.transports.frame;

import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;

/**
 * The server's answer to an accepted HELLO or RESUME. It echoes the attempt and proves that the server holds
 * the session token too: {@code proof = HMAC(welcomeKey(epoch), session id, epoch, attempt)}, so a client can
 * tell the real server from anyone who merely accepts connections at its address, and a WELCOME recorded in an
 * earlier stream of the session does not verify in a later one.
 *
 * <p>Body: {@code varint version, varint attempt, proof (16 bytes)}.
 */
public final class WelcomeFrame extends Frame {
    private final long attempt;
    private final byte[] proof;

    private WelcomeFrame(long attempt, byte[] proof) {
        this.attempt = attempt;
        this.proof = proof;
    }

    /** The answer to {@code hello}, proven with the session's keys. */
    public static WelcomeFrame answering(HelloFrame hello, SessionKeys keys) {
        return new WelcomeFrame(hello.attempt(),
                keys.welcomeProof(hello.session(), hello.attempt()));
    }

    @Override
    public FrameType type() {
        return FrameType.WELCOME;
    }

    public long attempt() {
        return attempt;
    }

    /** Whether this answers connection {@code attempt} of {@code session} and was made with the stream's keys. */
    public boolean isProvenBy(SessionKeys keys, SessionId session, long expectedAttempt) {
        return attempt == expectedAttempt && keys.verifyWelcomeProof(session, attempt, proof);
    }

    @Override
    int bodySize() {
        return Varint.size(FrameCodec.PROTOCOL_VERSION) + Varint.size(attempt) + proof.length;
    }

    @Override
    int writeBody(byte[] dst, int offset) {
        offset = Varint.write(FrameCodec.PROTOCOL_VERSION, dst, offset);
        offset = Varint.write(attempt, dst, offset);
        System.arraycopy(proof, 0, dst, offset, proof.length);
        return offset + proof.length;
    }

    static WelcomeFrame read(WireReader in) throws WireException {
        FrameCodec.readVersion(in, FrameType.WELCOME);
        long attempt = in.readVarint("WELCOME attempt", 1, Long.MAX_VALUE);
        return new WelcomeFrame(attempt, in.readBytes("WELCOME proof", SessionKeys.MAC_SIZE));
    }

    @Override
    public String toString() {
        return "WELCOME attempt " + attempt;
    }
}
