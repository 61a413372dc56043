package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;
import org.hhfr.transports.auth.SessionId;

/**
 * What a client keeps from a successful negotiation so that it can reopen the stream without negotiating
 * again: the session id and token, where the stream is served, the representation and transport chosen, and
 * the agreed policy, so that every stream of the session runs the same agreement.
 */
@AutoValue
public abstract class ResumptionTicket {
    public static ResumptionTicket of(SessionId sessionId, SessionToken token, StreamEndpoint streamEndpoint,
                                      String representationUri, String transportUri, ReliabilityPolicy policy) {
        return new AutoValue_ResumptionTicket(sessionId, token, streamEndpoint, representationUri, transportUri,
                policy);
    }

    public abstract SessionId sessionId();

    public abstract SessionToken token();

    public abstract StreamEndpoint streamEndpoint();

    /** URI-R chosen in negotiation. */
    public abstract String representationUri();

    /** URI-T chosen in negotiation. */
    public abstract String transportUri();

    /** The policy agreed in negotiation (the server's answer): what every stream of the session runs. */
    public abstract ReliabilityPolicy policy();

    /** Without the token. */
    @Override
    public final String toString() {
        return "ResumptionTicket[" + sessionId() + " at " + streamEndpoint() + ", " + representationUri() + ", "
                + transportUri() + ", " + policy() + "]";
    }
}
