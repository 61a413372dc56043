package org.hhfr.negotiation;

import java.util.Objects;

import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.transports.auth.SessionId;

/**
 * The server's reply to an {@link Offer} ({@code hhfr:Answer}). Either declined, with a reason a person can
 * read, or accepted with everything the client needs to open the stream: the chosen scheme,
 * representation, transport, the agreed policy (which both ends run exactly: with it how long the session
 * lives without use and both limits on message size), the endpoint, the session's credentials, the schemas
 * when the server supplied them, and why the policy differs from the offer when the server countered it.
 *
 * <p>Expiry travels as a duration, not a clock time, so the peers' clocks need not agree.
 */
public final class Answer {
    private final boolean accepted;
    private final String reason;
    private final String scheme;
    private final String representation;
    private final String transport;
    private final ReliabilityPolicy policy;
    private final StreamEndpoint endpoint;
    private final SessionId sessionId;
    private final SessionToken token;
    private final OperationSchemas schemas;
    private final boolean resumed;

    private Answer(boolean accepted, String reason, Accepted a) {
        this.accepted = accepted;
        this.reason = reason;
        this.scheme = a == null ? null : a.scheme;
        this.representation = a == null ? null : a.representation;
        this.transport = a == null ? null : a.transport;
        this.policy = a == null ? null : a.policy;
        this.endpoint = a == null ? null : a.endpoint;
        this.sessionId = a == null ? null : a.sessionId;
        this.token = a == null ? null : a.token;
        this.schemas = a == null ? null : a.schemas;
        this.resumed = a != null && a.resumed;
    }

    /** A refusal; the client falls back to plain SOAP. */
    public static Answer declined(String reason) {
        Objects.requireNonNull(reason, "reason");
        if (reason.isEmpty()) {
            throw new IllegalArgumentException("a decline needs a reason");
        }
        return new Answer(false, reason, null);
    }

    /** Starts an acceptance; every field except the schemas and the resumed flag is required. */
    public static Accepted accepted() {
        return new Accepted();
    }

    public boolean isAccepted() {
        return accepted;
    }

    /**
     * Why the offer was declined; for an accepted answer, why the agreed policy differs from the offered one
     * (which terms the server countered), or {@code null} when it granted every term offered.
     */
    public String reason() {
        return reason;
    }

    /** The chosen URI-S; {@code null} when declined (as for every accepted-only field). */
    public String scheme() {
        return scheme;
    }

    /** The chosen URI-R. */
    public String representation() {
        return representation;
    }

    /** The chosen URI-T. */
    public String transport() {
        return transport;
    }

    /** The agreement both ends run; a term may differ from the offer's only as {@link #reason()} says. */
    public ReliabilityPolicy policy() {
        return policy;
    }

    public StreamEndpoint endpoint() {
        return endpoint;
    }

    /** The new (or resumed) session. */
    public SessionId sessionId() {
        return sessionId;
    }

    /** The session's secret; whoever opens the stream presents it. */
    public SessionToken token() {
        return token;
    }

    /** Milliseconds the session stays valid without use, counted from the answer: the policy's. */
    public long validForMillis() {
        return policy.validForMillis();
    }

    /** The largest message, in bytes, the server accepts on the stream: the policy's maxRequestBytes. */
    public int maxMessageBytes() {
        return policy.maxRequestBytes();
    }

    /** The schemas the server supplied (the client sent none), or {@code null}. */
    public OperationSchemas schemas() {
        return schemas;
    }

    /** True when the offer's resumption ticket was honoured and the answer names the existing session. */
    public boolean resumed() {
        return resumed;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Answer)) {
            return false;
        }
        Answer other = (Answer) o;
        return accepted == other.accepted && Objects.equals(reason, other.reason)
                && Objects.equals(scheme, other.scheme) && Objects.equals(representation, other.representation)
                && Objects.equals(transport, other.transport) && Objects.equals(policy, other.policy)
                && Objects.equals(endpoint, other.endpoint) && Objects.equals(sessionId, other.sessionId)
                && Objects.equals(token, other.token) && Objects.equals(schemas, other.schemas) && resumed == other.resumed;
    }

    @Override
    public int hashCode() {
        return Objects.hash(accepted, reason, scheme, representation, transport, policy, endpoint, sessionId, token,
                schemas, resumed);
    }

    @Override
    public String toString() {
        if (!accepted) {
            return "Answer[declined: " + reason + "]";
        }
        return "Answer[accepted " + scheme + " " + representation + " " + transport + " " + policy + " at "
                + endpoint + " session " + sessionId + (resumed ? " (resumed)" : "")
                + (schemas != null ? " with schemas" : "") + (reason != null ? " countered: " + reason : "") + "]";
    }

    /** Builds an accepting {@link Answer}. */
    public static final class Accepted {
        private String scheme;
        private String representation;
        private String transport;
        private ReliabilityPolicy policy;
        private StreamEndpoint endpoint;
        private SessionId sessionId;
        private SessionToken token;
        private OperationSchemas schemas;
        private boolean resumed;
        private String reason;

        private Accepted() {
        }

        public Accepted scheme(String uri) {
            this.scheme = uri;
            return this;
        }

        public Accepted representation(String uri) {
            this.representation = uri;
            return this;
        }

        public Accepted transport(String uri) {
            this.transport = uri;
            return this;
        }

        /** The agreed policy, with the session's lifetime and both message size limits. */
        public Accepted policy(ReliabilityPolicy value) {
            this.policy = value;
            return this;
        }

        public Accepted endpoint(StreamEndpoint value) {
            this.endpoint = value;
            return this;
        }

        public Accepted session(SessionId id, SessionToken secret) {
            this.sessionId = id;
            this.token = secret;
            return this;
        }

        /** Why the policy differs from the offered one (the terms countered), or {@code null}. */
        public Accepted reason(String value) {
            this.reason = value;
            return this;
        }

        /** The schemas the server supplies, or {@code null}. */
        public Accepted schemas(OperationSchemas value) {
            this.schemas = value;
            return this;
        }

        public Accepted resumed(boolean value) {
            this.resumed = value;
            return this;
        }

        /** @throws IllegalArgumentException naming the first missing or invalid field */
        public Answer build() {
            require(scheme, "scheme");
            require(representation, "representation");
            require(transport, "transport");
            require(policy, "policy");
            require(endpoint, "endpoint");
            require(sessionId, "session id");
            require(token, "session token");
            if (reason != null && reason.isEmpty()) {
                throw new IllegalArgumentException("a countering answer's reason must not be empty");
            }
            return new Answer(true, reason, this);
        }

        private static void require(Object value, String what) {
            if (value == null || value instanceof String && ((String) value).isEmpty()) {
                throw new IllegalArgumentException("an accepting answer needs a " + what);
            }
        }
    }
}
