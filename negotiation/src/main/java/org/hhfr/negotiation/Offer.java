package org.hhfr.negotiation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.transports.auth.SessionId;

/**
 * What a client proposes for a stream ({@code hhfr:Offer}): the scheme, representations and transports in
 * order of preference, the reliability policy, the operation's schemas (or their digests, or neither when
 * the server is to supply them from its WSDL), which header blocks of the carrying envelope are static for
 * the whole stream, and a resumption ticket if the client holds one. The policy holds the terms the client
 * proposes, its own limit on message size ({@link ReliabilityPolicy#maxResponseBytes()}) and the session
 * lifetime it asks for among them; its {@code maxRequestBytes} is not sent (the server states its own).
 * Immutable; build with {@link #builder()}.
 */
public final class Offer {
    private final String scheme;
    private final String action;
    private final List<String> representations;
    private final List<String> transports;
    private final ReliabilityPolicy policy;
    private final OperationSchemas schemas;
    private final SchemaDigests digests;
    private final List<QualifiedName> staticHeaders;
    private final SessionId resumeSessionId;
    private final SessionToken resumeToken;

    private Offer(Builder b) {
        this.scheme = b.scheme;
        this.action = b.action;
        this.representations = Collections.unmodifiableList(new ArrayList<>(b.representations));
        this.transports = Collections.unmodifiableList(new ArrayList<>(b.transports));
        this.policy = b.maxMessageBytes == null ? b.policy : b.policy.withMaxResponseBytes(b.maxMessageBytes);
        this.schemas = b.schemas;
        this.digests = b.digests;
        this.staticHeaders = Collections.unmodifiableList(new ArrayList<>(b.staticHeaders));
        this.resumeSessionId = b.resumeSessionId;
        this.resumeToken = b.resumeToken;
    }

    /** Defaults ({@link VocabularyDefaults}): {@code urn:hhfr:1}; binary then xml; tcp then udp; ExactlyOnce+InOrder; 1 MiB. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this offer's values, to derive a changed offer. */
    public Builder toBuilder() {
        Builder b = new Builder().scheme(scheme).action(action).representations(representations).transports(transports)
                .policy(policy).staticHeaders(staticHeaders);
        b.schemas = schemas;
        b.digests = digests;
        b.resumeSessionId = resumeSessionId;
        b.resumeToken = resumeToken;
        return b;
    }

    /** URI-S. */
    public String scheme() {
        return scheme;
    }

    /**
     * The SOAPAction of the operation the stream is for, or {@code null}. Needed in an explicit
     * negotiation; in an optimistic one the carrying call names the operation.
     */
    public String action() {
        return action;
    }

    /** URI-Rs, most preferred first. */
    public List<String> representations() {
        return representations;
    }

    /** URI-Ts, most preferred first. */
    public List<String> transports() {
        return transports;
    }

    /** The terms the client proposes, its message size limit and the session lifetime it asks for included. */
    public ReliabilityPolicy policy() {
        return policy;
    }

    /** The schemas sent inline, or {@code null}. */
    public OperationSchemas schemas() {
        return schemas;
    }

    /** The digests of schemas the server publishes, or {@code null}. */
    public SchemaDigests digests() {
        return digests;
    }

    /** Names of header blocks in the same envelope that stay unchanged for the whole stream. */
    public List<QualifiedName> staticHeaders() {
        return staticHeaders;
    }

    /** The session the client would like to resume, or {@code null}. */
    public SessionId resumeSessionId() {
        return resumeSessionId;
    }

    /** The token of {@link #resumeSessionId()}, or {@code null}. */
    public SessionToken resumeToken() {
        return resumeToken;
    }

    /** The largest message, in bytes, the client accepts: the policy's {@code maxResponseBytes}. */
    public int maxMessageBytes() {
        return policy.maxResponseBytes();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Offer)) {
            return false;
        }
        Offer other = (Offer) o;
        return scheme.equals(other.scheme) && Objects.equals(action, other.action) && representations.equals(other.representations)
                && transports.equals(other.transports) && policy.equals(other.policy)
                && Objects.equals(schemas, other.schemas) && Objects.equals(digests, other.digests)
                && staticHeaders.equals(other.staticHeaders) && Objects.equals(resumeSessionId, other.resumeSessionId)
                && Objects.equals(resumeToken, other.resumeToken);
    }

    @Override
    public int hashCode() {
        return Objects.hash(scheme, action, representations, transports, policy, schemas, digests, staticHeaders,
                resumeSessionId, resumeToken);
    }

    @Override
    public String toString() {
        return "Offer[" + scheme + " rep=" + representations + " transport=" + transports + " " + policy
                + (schemas != null ? " schemas inline" : digests != null ? " schema digests" : " schemas from server")
                + " static=" + staticHeaders + (resumeSessionId != null ? " resume " + resumeSessionId : "") + "]";
    }

    /** Builds an {@link Offer}; every setter validates its argument. */
    public static final class Builder {
        private String scheme = VocabularyDefaults.SCHEME;
        private String action;
        private List<String> representations = VocabularyDefaults.REPRESENTATIONS;
        private List<String> transports = VocabularyDefaults.TRANSPORTS;
        private ReliabilityPolicy policy = VocabularyDefaults.POLICY;
        private OperationSchemas schemas;
        private SchemaDigests digests;
        private List<QualifiedName> staticHeaders = Collections.emptyList();
        private SessionId resumeSessionId;
        private SessionToken resumeToken;
        /** Overrides the policy's maxResponseBytes when set, whatever the order of the calls. */
        private Integer maxMessageBytes;

        private Builder() {
        }

        public Builder scheme(String uri) {
            this.scheme = requireUri(uri, "scheme");
            return this;
        }

        /** The operation's SOAPAction, or {@code null}. */
        public Builder action(String soapAction) {
            this.action = soapAction;
            return this;
        }

        public Builder representations(List<String> uris) {
            this.representations = requireUris(uris, "representation");
            return this;
        }

        public Builder transports(List<String> uris) {
            this.transports = requireUris(uris, "transport");
            return this;
        }

        /** The proposed terms; {@link #maxMessageBytes}, if called, still sets the client's limit. */
        public Builder policy(ReliabilityPolicy value) {
            this.policy = Objects.requireNonNull(value, "policy");
            return this;
        }

        /** Sends the schemas inline; clears any digests. */
        public Builder schemas(OperationSchemas value) {
            this.schemas = Objects.requireNonNull(value, "schemas");
            this.digests = null;
            return this;
        }

        /** Refers to schemas the server publishes; clears any inline schemas. */
        public Builder digests(SchemaDigests value) {
            this.digests = Objects.requireNonNull(value, "digests");
            this.schemas = null;
            return this;
        }

        /** Asks the server to supply the schemas of the called operation (from its WSDL). */
        public Builder schemasFromServer() {
            this.schemas = null;
            this.digests = null;
            return this;
        }

        public Builder staticHeaders(List<QualifiedName> names) {
            List<QualifiedName> copy = new ArrayList<>(names);
            for (QualifiedName name : copy) {
                Objects.requireNonNull(name, "static header name");
            }
            this.staticHeaders = copy;
            return this;
        }

        /** Asks to resume this session (both arguments {@code null} for none). */
        public Builder resumption(SessionId sessionId, SessionToken token) {
            if ((sessionId == null) != (token == null)) {
                throw new IllegalArgumentException("a resumption needs both the session id and its token");
            }
            this.resumeSessionId = sessionId;
            this.resumeToken = token;
            return this;
        }

        /** The largest message the client accepts (the policy's maxResponseBytes). */
        public Builder maxMessageBytes(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("max message bytes must be positive, was " + value);
            }
            this.maxMessageBytes = value;
            return this;
        }

        public Offer build() {
            return new Offer(this);
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
            return copy;
        }
    }
}
