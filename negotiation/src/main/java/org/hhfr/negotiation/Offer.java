package org.hhfr.negotiation;

import com.google.auto.value.AutoValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.transports.auth.SessionId;
import org.jspecify.annotations.Nullable;

/**
 * What a client proposes for a stream ({@code hhfr:Offer}): the scheme, representations and transports in
 * order of preference, the reliability policy, the operation's schemas (or their digests, or neither when
 * the server is to supply them from its WSDL), which header blocks of the carrying envelope are static for
 * the whole stream, and a resumption ticket if the client holds one. The policy holds the terms the client
 * proposes, its own limit on message size ({@link ReliabilityPolicy#maxResponseBytes()}) and the session
 * lifetime it asks for among them; its {@code maxRequestBytes} is not sent (the server states its own).
 * Immutable; build with {@link #builder()}.
 */
@AutoValue
public abstract class Offer {
    /**
     * Defaults ({@link VocabularyDefaults}): {@code urn:hhfr:1}; binary then xml; tcp then udp;
     * ExactlyOnce+InOrder; 1 MiB.
     */
    public static Builder builder() {
        return new AutoValue_Offer.Builder()
                .scheme(VocabularyDefaults.SCHEME)
                .representations(VocabularyDefaults.REPRESENTATIONS)
                .transports(VocabularyDefaults.TRANSPORTS)
                .policy(VocabularyDefaults.POLICY)
                .staticHeaders(Collections.emptyList());
    }

    /** A builder holding this offer's values, to derive a changed offer. */
    public abstract Builder toBuilder();

    /** URI-S. */
    public abstract String scheme();

    /**
     * The SOAPAction of the operation the stream is for, or {@code null}. Needed in an explicit
     * negotiation; in an optimistic one the carrying call names the operation.
     */
    public abstract @Nullable String action();

    /** URI-Rs, most preferred first. */
    public abstract List<String> representations();

    /** URI-Ts, most preferred first. */
    public abstract List<String> transports();

    /** The terms the client proposes, its message size limit and the session lifetime it asks for included. */
    public abstract ReliabilityPolicy policy();

    /** The schemas sent inline, or {@code null}. */
    public abstract @Nullable OperationSchemas schemas();

    /** The digests of schemas the server publishes, or {@code null}. */
    public abstract @Nullable SchemaDigests digests();

    /** Names of header blocks in the same envelope that stay unchanged for the whole stream. */
    public abstract List<QualifiedName> staticHeaders();

    /** The session the client would like to resume, or {@code null}. */
    public abstract @Nullable SessionId resumeSessionId();

    /** The token of {@link #resumeSessionId()}, or {@code null}. */
    public abstract @Nullable SessionToken resumeToken();

    /**
     * The session the client proposes, whose stream it opens before the answer; {@code null} for none. Never
     * together with a resumption.
     */
    public abstract @Nullable ProposedSession proposedSession();

    /** The largest message, in bytes, the client accepts: the policy's {@code maxResponseBytes}. */
    public int maxMessageBytes() {
        return policy().maxResponseBytes();
    }

    @Override
    public final String toString() {
        String schemaSource = schemas() != null ? " schemas inline"
                : digests() != null ? " schema digests" : " schemas from server";
        return "Offer[" + scheme() + " rep=" + representations() + " transport=" + transports() + " " + policy()
                + schemaSource
                + " static=" + staticHeaders() + (resumeSessionId() != null ? " resume " + resumeSessionId() : "")
                + (proposedSession() != null ? " " + proposedSession() : "") + "]";
    }

    /** Builds an {@link Offer}; {@link #build()} validates every value. */
    @AutoValue.Builder
    public abstract static class Builder {
        /** Overrides the policy's maxResponseBytes when set, whatever the order of the calls. */
        private Integer maxMessageBytes;

        public abstract Builder scheme(String uri);

        /** The operation's SOAPAction, or {@code null}. */
        public abstract Builder action(@Nullable String soapAction);

        /** At least one. */
        public abstract Builder representations(List<String> uris);

        /** At least one. */
        public abstract Builder transports(List<String> uris);

        /** The proposed terms; {@link #maxMessageBytes}, if called, still sets the client's limit. */
        public abstract Builder policy(ReliabilityPolicy value);

        /** Sends the schemas inline; an offer carries its schemas or their digests, not both. */
        public abstract Builder schemas(@Nullable OperationSchemas value);

        /** Refers to schemas the server publishes instead of sending them. */
        public abstract Builder digests(@Nullable SchemaDigests value);

        /** Asks the server to supply the schemas of the called operation (from its WSDL): neither of the above. */
        public Builder schemasFromServer() {
            return schemas(null).digests(null);
        }

        public abstract Builder staticHeaders(List<QualifiedName> names);

        abstract Builder resumeSessionId(@Nullable SessionId sessionId);

        abstract Builder resumeToken(@Nullable SessionToken token);

        /** Asks to resume this session (both arguments {@code null} for none). */
        public Builder resumption(@Nullable SessionId sessionId, @Nullable SessionToken token) {
            if ((sessionId == null) != (token == null)) {
                throw new IllegalArgumentException("a resumption needs both the session id and its token");
            }
            return resumeSessionId(sessionId).resumeToken(token);
        }

        /** Proposes the session whose stream the client opens before the answer ({@code null} for none). */
        public abstract Builder proposedSession(@Nullable ProposedSession proposed);

        /** The largest message the client accepts (the policy's maxResponseBytes). */
        public Builder maxMessageBytes(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("max message bytes must be positive, was " + value);
            }
            this.maxMessageBytes = value;
            return this;
        }

        abstract ReliabilityPolicy policy();

        abstract List<String> representations();

        abstract List<String> transports();

        abstract List<QualifiedName> staticHeaders();

        abstract Offer autoBuild();

        /**
         * @throws NullPointerException if a URI or static header name is null
         * @throws IllegalArgumentException if a URI is empty, or a list of URIs is, or both schemas and digests
         *     are set
         */
        public Offer build() {
            if (maxMessageBytes != null) {
                policy(policy().toBuilder().maxResponseBytes(maxMessageBytes).build());
            }
            representations(requireUris(representations(), "representation"));
            transports(requireUris(transports(), "transport"));
            List<QualifiedName> headers = new ArrayList<>(staticHeaders());
            for (QualifiedName name : headers) {
                Objects.requireNonNull(name, "static header name");
            }
            staticHeaders(Collections.unmodifiableList(headers));
            Offer offer = autoBuild();
            requireUri(offer.scheme(), "scheme");
            if (offer.schemas() != null && offer.digests() != null) {
                throw new IllegalArgumentException("an offer carries its schemas inline or their digests, not both");
            }
            if (offer.proposedSession() != null && offer.resumeSessionId() != null) {
                throw new IllegalArgumentException("an offer resumes a session or proposes one, not both");
            }
            return offer;
        }

        private static String requireUri(String uri, String what) {
            Objects.requireNonNull(uri, what);
            if (uri.isEmpty()) {
                throw new IllegalArgumentException("empty " + what + " URI");
            }
            return uri;
        }

        private static List<String> requireUris(List<String> uris, String what) {
            if (uris.isEmpty()) {
                throw new IllegalArgumentException("at least one " + what + " is needed");
            }
            List<String> copy = new ArrayList<>(uris);
            for (String uri : copy) {
                requireUri(uri, what);
            }
            return Collections.unmodifiableList(copy);
        }
    }
}
