package org.hhfr.contextstore;

import java.util.Objects;

/**
 * What creating a session gives back, for the negotiation answer: the new session and its token. This is the
 * only time the token leaves the store; the store keeps just its digest.
 */
public final class SessionGrant {
    private final StoredSession session;
    private final SessionToken token;

    public SessionGrant(StoredSession session, SessionToken token) {
        this.session = Objects.requireNonNull(session, "session");
        this.token = Objects.requireNonNull(token, "token");
    }

    public SessionId id() {
        return session.id();
    }

    public SessionToken token() {
        return token;
    }

    public StoredSession session() {
        return session;
    }

    /**
     * How long the session stays valid if it is not used, counted from its creation. The answer to the client
     * carries this duration rather than an instant, because the two sides' clocks cannot be compared.
     */
    public long validForMillis() {
        return session.expiresAtMillis() - session.createdAtMillis();
    }

    @Override
    public String toString() {
        return "SessionGrant[" + session.id() + ", " + token + ", validFor=" + validForMillis() + "ms]";
    }
}
