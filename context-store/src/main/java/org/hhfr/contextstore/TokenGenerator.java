package org.hhfr.contextstore;

import java.security.SecureRandom;
import java.util.Objects;
import org.hhfr.transports.auth.SessionId;

/**
 * Makes session ids and tokens from a {@link SecureRandom}. The source is injected so a deployment can pick
 * its provider; {@link SecureRandom} is thread-safe, and so is this class.
 */
public final class TokenGenerator {
    private final SecureRandom random;

    public TokenGenerator(SecureRandom random) {
        this.random = Objects.requireNonNull(random, "random");
    }

    /** A generator over the platform's default {@link SecureRandom}. */
    public static TokenGenerator secure() {
        return new TokenGenerator(new SecureRandom());
    }

    /** A fresh id of {@link SessionId#ISSUED_LENGTH} random bytes. */
    public SessionId newSessionId() {
        byte[] bytes = new byte[SessionId.ISSUED_LENGTH];
        random.nextBytes(bytes);
        return SessionId.of(bytes);
    }

    /** A fresh token of {@link SessionToken#ISSUED_LENGTH} random bytes. */
    public SessionToken newToken() {
        byte[] bytes = new byte[SessionToken.ISSUED_LENGTH];
        random.nextBytes(bytes);
        return SessionToken.ofOwnedBytes(bytes);
    }
}
