package org.hhfr.contextstore;

import java.util.Objects;

/**
 * What a client keeps from a successful negotiation so that it can reopen the stream without negotiating
 * again: the session id and token, where the stream is served, and the representation and transport chosen.
 */
public final class ResumptionTicket {
    private final SessionId sessionId;
    private final SessionToken token;
    private final StreamEndpoint streamEndpoint;
    private final String representationUri;
    private final String transportUri;

    public ResumptionTicket(SessionId sessionId, SessionToken token, StreamEndpoint streamEndpoint,
                            String representationUri, String transportUri) {
        this.sessionId = Objects.requireNonNull(sessionId, "sessionId");
        this.token = Objects.requireNonNull(token, "token");
        this.streamEndpoint = Objects.requireNonNull(streamEndpoint, "streamEndpoint");
        this.representationUri = Objects.requireNonNull(representationUri, "representationUri");
        this.transportUri = Objects.requireNonNull(transportUri, "transportUri");
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

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ResumptionTicket)) {
            return false;
        }
        ResumptionTicket other = (ResumptionTicket) o;
        return sessionId.equals(other.sessionId) && token.equals(other.token)
                && streamEndpoint.equals(other.streamEndpoint) && representationUri.equals(other.representationUri)
                && transportUri.equals(other.transportUri);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sessionId, streamEndpoint, representationUri, transportUri);
    }

    /** Without the token. */
    @Override
    public String toString() {
        return "ResumptionTicket[" + sessionId + " at " + streamEndpoint + ", " + representationUri + ", "
                + transportUri + "]";
    }
}
