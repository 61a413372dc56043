package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;
import org.jspecify.annotations.Nullable;

/**
 * Who negotiated a session, as the server's HTTP side saw it: the user its HTTP authentication established
 * (the container's principal) and the {@code Authorization} header the negotiating request carried. It is kept
 * with the session and handed to every message of its streams, so a stream carries exactly the identity that
 * negotiated it. The SOAP side of the identity (a WS-Security header, say) is among the session's static
 * header blocks.
 */
@AutoValue
public abstract class CallerIdentity {
    private static final CallerIdentity ANONYMOUS = new AutoValue_CallerIdentity(null, null);

    /** No HTTP authentication and no Authorization header. */
    public static CallerIdentity anonymous() {
        return ANONYMOUS;
    }

    public static CallerIdentity of(@Nullable String principal, @Nullable String authorization) {
        return principal == null && authorization == null ? ANONYMOUS
                : new AutoValue_CallerIdentity(principal, authorization);
    }

    /** The user name the server's HTTP authentication established, or {@code null}. */
    public abstract @Nullable String principal();

    /** The {@code Authorization} header of the negotiating request as received, or {@code null}. */
    public abstract @Nullable String authorization();

    public boolean isAnonymous() {
        return principal() == null && authorization() == null;
    }

    /** The principal only: the Authorization header is a credential. */
    @Override
    public final String toString() {
        return isAnonymous() ? "anonymous" : "CallerIdentity[" + (principal() != null ? principal() : "no principal")
                + (authorization() != null ? ", Authorization header" : "") + "]";
    }
}
