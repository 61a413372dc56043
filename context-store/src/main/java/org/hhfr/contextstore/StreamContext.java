package org.hhfr.contextstore;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.hhfr.schemas.DataStructure;

/**
 * Everything a negotiation agreed for one stream, kept so that each later message needs only its payload and
 * per-message headers: the scheme, representation and transport URIs (the paper's URI-S, URI-R, URI-T), the
 * operation, the request and response data structures, the static SOAP header blocks and the stream
 * characteristics. Immutable and free of live objects (no sockets, no threads), so a distributed store can
 * serialize it.
 *
 * <p>URIs are opaque here: {@code urn:hhfr:1}, {@code urn:hhfr:rep:binary}, {@code urn:hhfr:transport:tcp} and
 * the like are defined by the negotiation vocabulary, and a new one needs no change in this module.
 */
public final class StreamContext {
    private final String schemeUri;
    private final String representationUri;
    private final String transportUri;
    private final ServiceOperation operation;
    private final DataStructure request;
    private final DataStructure response;
    private final List<HeaderBlock> staticHeaders;
    private final StreamCharacteristics characteristics;

    private StreamContext(Builder builder) {
        this.schemeUri = uri(builder.schemeUri, "scheme URI");
        this.representationUri = uri(builder.representationUri, "representation URI");
        this.transportUri = uri(builder.transportUri, "transport URI");
        this.operation = Objects.requireNonNull(builder.operation, "operation");
        this.request = Objects.requireNonNull(builder.request, "request structure");
        this.response = builder.response;
        this.staticHeaders = Collections.unmodifiableList(new ArrayList<>(builder.staticHeaders));
        this.characteristics = Objects.requireNonNull(builder.characteristics, "characteristics");
    }

    private static String uri(String value, String name) {
        if (Objects.requireNonNull(value, name).isEmpty()) {
            throw new IllegalArgumentException(name + " is empty");
        }
        return value;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** URI-S: the HHFR scheme and version, e.g. {@code urn:hhfr:1}. */
    public String schemeUri() {
        return schemeUri;
    }

    /** URI-R: the representation of message bodies, e.g. {@code urn:hhfr:rep:binary}. */
    public String representationUri() {
        return representationUri;
    }

    /** URI-T: the transport of the stream, e.g. {@code urn:hhfr:transport:tcp}. */
    public String transportUri() {
        return transportUri;
    }

    public ServiceOperation operation() {
        return operation;
    }

    /** Structure of the request body. */
    public DataStructure request() {
        return request;
    }

    /** Structure of the response body, or {@code null} for a one-way operation. */
    public DataStructure response() {
        return response;
    }

    public boolean isOneWay() {
        return response == null;
    }

    /** Header blocks every message of the stream carries implicitly, in envelope order. Unmodifiable. */
    public List<HeaderBlock> staticHeaders() {
        return staticHeaders;
    }

    public StreamCharacteristics characteristics() {
        return characteristics;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof StreamContext)) {
            return false;
        }
        StreamContext other = (StreamContext) o;
        return schemeUri.equals(other.schemeUri) && representationUri.equals(other.representationUri)
                && transportUri.equals(other.transportUri) && operation.equals(other.operation)
                && request.equals(other.request) && Objects.equals(response, other.response)
                && staticHeaders.equals(other.staticHeaders) && characteristics.equals(other.characteristics);
    }

    @Override
    public int hashCode() {
        return Objects.hash(schemeUri, representationUri, transportUri, operation, request, response,
                staticHeaders, characteristics);
    }

    /** A summary without header contents (they may hold credentials) or structures (they may be large). */
    @Override
    public String toString() {
        return "StreamContext[" + operation + ", " + schemeUri + ", " + representationUri + ", " + transportUri
                + ", " + staticHeaders.size() + " static headers, " + characteristics + "]";
    }

    /** Collects the parts of a {@link StreamContext}; all but the response and the headers are required. */
    public static final class Builder {
        private String schemeUri;
        private String representationUri;
        private String transportUri;
        private ServiceOperation operation;
        private DataStructure request;
        private DataStructure response;
        private final List<HeaderBlock> staticHeaders = new ArrayList<>();
        private StreamCharacteristics characteristics;

        private Builder() {
        }

        public Builder scheme(String uri) {
            this.schemeUri = uri;
            return this;
        }

        public Builder representation(String uri) {
            this.representationUri = uri;
            return this;
        }

        public Builder transport(String uri) {
            this.transportUri = uri;
            return this;
        }

        public Builder operation(ServiceOperation operation) {
            this.operation = operation;
            return this;
        }

        public Builder request(DataStructure structure) {
            this.request = structure;
            return this;
        }

        /** Leave unset (or {@code null}) for a one-way operation. */
        public Builder response(DataStructure structure) {
            this.response = structure;
            return this;
        }

        public Builder addStaticHeader(HeaderBlock header) {
            staticHeaders.add(Objects.requireNonNull(header, "header"));
            return this;
        }

        public Builder characteristics(StreamCharacteristics characteristics) {
            this.characteristics = characteristics;
            return this;
        }

        /**
         * @throws NullPointerException if a required part is missing
         * @throws IllegalArgumentException if a URI is empty
         */
        public StreamContext build() {
            return new StreamContext(this);
        }
    }
}
