package org.hhfr.negotiation;

import com.google.auto.value.AutoValue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;

import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.schemas.Sha256;
import org.hhfr.transports.auth.SessionId;

/**
 * The session a client proposes in its offer ({@code hhfr:ProposedSession}) so that it can open the stream in
 * the same flight as the negotiation, before the answer: an id and token it drew itself (from a
 * {@code SecureRandom}, the sizes a server draws), the transport of that early stream and the endpoint it opens
 * at (where the service streamed before). A server that accepts the offer on exactly the terms the early stream
 * runs (this transport at this endpoint, the offer's first representation, the offered policy uncountered) and
 * holds no session with that id stores the session under them; otherwise it grants a session of its own, and the
 * early stream is refused. The credentials travel only inside the
 * negotiating call, so they are as protected as the SOAP endpoint is.
 *
 * <p>The id is not drawn on its own: it is {@linkplain #idOf derived from the token}. A session id is no secret
 * (an on-path observer may see it), so a client free to choose one could propose the id of another client's
 * ended session and be answered from that session's recorded replies while the nodes still keep them; only the
 * holder of a session's token can propose its id.
 */
@AutoValue
public abstract class ProposedSession {
    private static final byte[] ID_LABEL = "hhfr proposed session id".getBytes(StandardCharsets.UTF_8);

    /**
     * @throws IllegalArgumentException when the id or token is not of the size a server issues
     *                                  ({@value SessionId#ISSUED_LENGTH} and {@value SessionToken#ISSUED_LENGTH}
     *                                  bytes), or the transport URI is empty
     */
    public static ProposedSession of(SessionId id, SessionToken token, String transportUri,
                                     StreamEndpoint endpoint) {
        if (id.length() != SessionId.ISSUED_LENGTH || token.toBytes().length != SessionToken.ISSUED_LENGTH) {
            throw new IllegalArgumentException("a proposed session has a " + SessionId.ISSUED_LENGTH
                    + "-byte id and a " + SessionToken.ISSUED_LENGTH + "-byte token");
        }
        if (!id.equals(idOf(token))) {
            throw new IllegalArgumentException("a proposed session's id is derived from its token");
        }
        if (transportUri.isEmpty()) {
            throw new IllegalArgumentException("empty transport URI");
        }
        return new AutoValue_ProposedSession(id, token, transportUri, endpoint);
    }

    /** A session with an id and token fresh from {@code random}, for an early stream over {@code transportUri}. */
    public static ProposedSession draw(SecureRandom random, String transportUri, StreamEndpoint endpoint) {
        byte[] bytes = new byte[SessionToken.ISSUED_LENGTH];
        random.nextBytes(bytes);
        SessionToken token;
        try {
            token = SessionToken.fromBytes(bytes);
        } catch (ContextStoreException e) {
            throw new AssertionError(e);
        }
        return of(idOf(token), token, transportUri, endpoint);
    }

    /**
     * The id a session proposed with {@code token} has: the first {@value SessionId#ISSUED_LENGTH} bytes of
     * SHA-256 over {@code "hhfr proposed session id"} (UTF-8) and the token's bytes.
     */
    public static SessionId idOf(SessionToken token) {
        MessageDigest sha256 = Sha256.newDigest();
        sha256.update(ID_LABEL);
        byte[] digest = sha256.digest(token.toBytes());
        return SessionId.of(Arrays.copyOf(digest, SessionId.ISSUED_LENGTH));
    }

    public abstract SessionId id();

    public abstract SessionToken token();

    /** URI-T of the stream the client opens before the answer. */
    public abstract String transportUri();

    /** Where the client opens that stream. */
    public abstract StreamEndpoint endpoint();

    /** Without the token. */
    @Override
    public final String toString() {
        return "ProposedSession[" + id() + " over " + transportUri() + " at " + endpoint() + "]";
    }
}
