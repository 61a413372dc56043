package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;
import org.hhfr.transports.auth.SessionId;

/**
 * What creating a session gives back, for the negotiation answer: the new session and its token. This is the
 * only time the token leaves the store; the store keeps just its digest.
 */
@AutoValue
public abstract class SessionGrant {
    public static SessionGrant of(StoredSession session, SessionToken token) {
        return new AutoValue_SessionGrant(session, token);
    }

    public abstract StoredSession session();

    public abstract SessionToken token();

    public SessionId id() {
        return session().id();
    }

    /**
     * How long the session stays valid if it is not used, counted from its creation. The answer to the client
     * carries this duration rather than an instant, because the two sides' clocks cannot be compared.
     */
    public long validForMillis() {
        return session().expiresAtMillis() - session().createdAtMillis();
    }

    @Override
    public final String toString() {
        return "SessionGrant[" + id() + ", " + token() + ", validFor=" + validForMillis() + "ms]";
    }
}
