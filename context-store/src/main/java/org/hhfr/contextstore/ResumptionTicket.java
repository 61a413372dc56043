package org.hhfr.contextstore;

import java.util.Objects;
import org.hhfr.transports.auth.SessionId;

/**
 * What a client keeps from a successful negotiation so that it can reopen the stream without negotiating
 * again: the session id and token, where the stream is served, the representation and transport chosen, and
 * the agreed policy, so that every stream of the session runs the same agreement.
 */
public final class ResumptionTicket {
    private final SessionId sessionId;
    private final SessionToken token;
    private final StreamEndpoint streamEndpoint;
    private final String representationUri;
    private final String transportUri;
    private final ReliabilityPolicy policy;

    public ResumptionTicket(SessionId sessionId, SessionToken token, StreamEndpoint streamEndpoint,
                            String representationUri, String transportUri, ReliabilityPolicy policy) {
        this.sessionId = Objects.requireNonNull(sessionId, "sessionId");
        this.token = Objects.requireNonNull(token, "token");
        this.streamEndpoint = Objects.requireNonNull(streamEndpoint, "streamEndpoint");
        this.representationUri = Objects.requireNonNull(representationUri, "representationUri");
        this.transportUri = Objects.requireNonNull(transportUri, "transportUri");
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    public SessionId sessionId() {
        return sessionId;
    }

    public SessionToken token() {
        return token;
    }

    public StreamEndpoint streamEndpoint() {
        return streamEndpoint;
    }

    /** URI-R chosen in negotiation. */
    public String representationUri() {
        return representationUri;
    }

    /** URI-T chosen in negotiation. */
    public String transportUri() {
        return transportUri;
    }

    /** The policy agreed in negotiation (the server's answer): what every stream of the session runs. */
    public ReliabilityPolicy policy() {
        return policy;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ResumptionTicket)) {
            return false;
        }
        ResumptionTicket other = (ResumptionTicket) o;
        return sessionId.equals(other.sessionId) && token.equals(other.token)
                && streamEndpoint.equals(other.streamEndpoint) && representationUri.equals(other.representationUri)
                && transportUri.equals(other.transportUri) && policy.equals(other.policy);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sessionId, streamEndpoint, representationUri, transportUri, policy);
    }

    /** Without the token. */
    @Override
    public String toString() {
        return "ResumptionTicket[" + sessionId + " at " + streamEndpoint + ", " + representationUri + ", "
                + transportUri + ", " + policy + "]";
    }
}
