package org.hhfr.negotiation;

import com.google.auto.value.AutoValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.transports.auth.SessionId;
import org.jspecify.annotations.Nullable;

/**
 * The server's reply to an {@link Offer} ({@code hhfr:Answer}). Either declined, with a reason a person can
 * read, or accepted with everything the client needs to open the stream: the chosen scheme,
 * representation, transport, the agreed policy (which both ends run exactly: with it how long the session
 * lives without use and both limits on message size), the endpoint, the session's credentials, the schemas
 * when the server supplied them, and why the policy differs from the offer when the server countered it.
 *
 * <p>Expiry travels as a duration, not a clock time, so the peers' clocks need not agree.
 */
@AutoValue
public abstract class Answer {
    /** Alternate endpoints an answer may name. */
    public static final int MAX_ALTERNATE_ENDPOINTS = 16;

    /** A refusal; the client falls back to plain SOAP. */
    public static Answer declined(String reason) {
        Objects.requireNonNull(reason, "reason");
        if (reason.isEmpty()) {
            throw new IllegalArgumentException("a decline needs a reason");
        }
        return new AutoValue_Answer.Builder().isAccepted(false).resumed(false).encrypted(false).reason(reason)
                .alternateEndpoints(Collections.<StreamEndpoint>emptyList()).autoBuild();
    }

    /** Starts an acceptance; every field except the reason, the schemas and the resumed flag is required. */
    public static Accepted accepted() {
        return new AutoValue_Answer.Builder().isAccepted(true).resumed(false).encrypted(false)
                .alternateEndpoints(Collections.<StreamEndpoint>emptyList());
    }

    public abstract boolean isAccepted();

    /**
     * Why the offer was declined; for an accepted answer, why the agreed policy differs from the offered one
     * (which terms the server countered), or {@code null} when it granted every term offered.
     */
    public abstract @Nullable String reason();

    /** The chosen URI-S; {@code null} when declined (as for every accepted-only field). */
    public abstract @Nullable String scheme();

    /** The chosen URI-R. */
    public abstract @Nullable String representation();

    /** The chosen URI-T. */
    public abstract @Nullable String transport();

    /** The agreement both ends run; a term may differ from the offer's only as {@link #reason()} says. */
    public abstract @Nullable ReliabilityPolicy policy();

    public abstract @Nullable StreamEndpoint endpoint();

    /**
     * Other nodes serving the session's streams (they share its store), in the order a client tries them when
     * it loses {@link #endpoint()}; empty for a single node. At most {@link #MAX_ALTERNATE_ENDPOINTS}.
     */
    public abstract List<StreamEndpoint> alternateEndpoints();

    /** The new (or resumed) session. */
    public abstract @Nullable SessionId sessionId();

    /** The session's secret; whoever opens the stream presents it. */
    public abstract @Nullable SessionToken token();

    /** The schemas the server supplied (the client sent none), or {@code null}. */
    public abstract @Nullable OperationSchemas schemas();

    /** True when the offer's resumption ticket was honoured and the answer names the existing session. */
    public abstract boolean resumed();

    /**
     * True when the session's streams are encrypted (TLS on TCP, AES-GCM datagrams on UDP); false for a
     * cleartext stream, which a client that negotiated over HTTPS must refuse.
     */
    public abstract boolean encrypted();

    /** Milliseconds the session stays valid without use, counted from the answer: the policy's. */
    public long validForMillis() {
        return policy().validForMillis();
    }

    /** The largest message, in bytes, the server accepts on the stream: the policy's maxRequestBytes. */
    public int maxMessageBytes() {
        return policy().maxRequestBytes();
    }

    @Override
    public final String toString() {
        if (!isAccepted()) {
            return "Answer[declined: " + reason() + "]";
        }
        return "Answer[accepted " + scheme() + " " + representation() + " " + transport() + " " + policy() + " at "
                + endpoint() + (alternateEndpoints().isEmpty() ? "" : " or " + alternateEndpoints()) + " session " + sessionId() + (resumed() ? " (resumed)" : "") + (encrypted() ? " encrypted" : "")
                + (schemas() != null ? " with schemas" : "") + (reason() != null ? " countered: " + reason() : "")
                + "]";
    }

    /** Builds an accepting {@link Answer}. */
    @AutoValue.Builder
    public abstract static class Accepted {
        abstract Accepted isAccepted(boolean value);

        public abstract Accepted scheme(@Nullable String uri);

        public abstract Accepted representation(@Nullable String uri);

        public abstract Accepted transport(@Nullable String uri);

        /** The agreed policy, with the session's lifetime and both message size limits. */
        public abstract Accepted policy(@Nullable ReliabilityPolicy value);

        public abstract Accepted endpoint(@Nullable StreamEndpoint value);

        abstract Accepted alternateEndpoints(List<StreamEndpoint> endpoints);

        /** Other nodes of the session's streams, in the order to try them; copied. */
        public Accepted alternatives(List<StreamEndpoint> endpoints) {
            if (endpoints.size() > MAX_ALTERNATE_ENDPOINTS) {
                throw new IllegalArgumentException("at most " + MAX_ALTERNATE_ENDPOINTS
                        + " alternate endpoints, not " + endpoints.size());
            }
            return alternateEndpoints(Collections.unmodifiableList(new ArrayList<>(endpoints)));
        }

        abstract Accepted sessionId(@Nullable SessionId id);

        abstract Accepted token(@Nullable SessionToken secret);

        public Accepted session(SessionId id, SessionToken secret) {
            return sessionId(id).token(secret);
        }

        /** Why the policy differs from the offered one (the terms countered), or {@code null}. */
        public abstract Accepted reason(@Nullable String value);

        /** The schemas the server supplies, or {@code null}. */
        public abstract Accepted schemas(@Nullable OperationSchemas value);

        public abstract Accepted resumed(boolean value);

        /** Whether the session's streams are encrypted; false when not set. */
        public abstract Accepted encrypted(boolean value);

        abstract Answer autoBuild();

        /** @throws IllegalArgumentException naming the first missing or invalid field */
        public Answer build() {
            Answer answer = autoBuild();
            require(answer.scheme(), "scheme");
            require(answer.representation(), "representation");
            require(answer.transport(), "transport");
            require(answer.policy(), "policy");
            require(answer.endpoint(), "endpoint");
            require(answer.sessionId(), "session id");
            require(answer.token(), "session token");
            if (answer.reason() != null && answer.reason().isEmpty()) {
                throw new IllegalArgumentException("a countering answer's reason must not be empty");
            }
            return answer;
        }

        private static void require(@Nullable Object value, String what) {
            if (value == null || value instanceof String && ((String) value).isEmpty()) {
                throw new IllegalArgumentException("an accepting answer needs a " + what);
            }
        }
    }
}
