package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.hhfr.schemas.DataStructure;
import org.jspecify.annotations.Nullable;

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
@AutoValue
public abstract class StreamContext {
    public static Builder builder() {
        return new AutoValue_StreamContext.Builder().identity(CallerIdentity.anonymous()).encryptedStreams(false);
    }

    /** URI-S: the HHFR scheme and version, e.g. {@code urn:hhfr:1}. */
    public abstract String schemeUri();

    /** URI-R: the representation of message bodies, e.g. {@code urn:hhfr:rep:binary}. */
    public abstract String representationUri();

    /** URI-T: the transport of the stream, e.g. {@code urn:hhfr:transport:tcp}. */
    public abstract String transportUri();

    public abstract ServiceOperation operation();

    /** Structure of the request body. */
    public abstract DataStructure request();

    /** Structure of the response body, or {@code null} for a one-way operation. */
    public abstract @Nullable DataStructure response();

    public boolean isOneWay() {
        return response() == null;
    }

    /** Header blocks every message of the stream carries implicitly, in envelope order. Unmodifiable. */
    public abstract List<HeaderBlock> staticHeaders();

    public abstract StreamCharacteristics characteristics();

    /** Who negotiated the session (HTTP principal, Authorization header); anonymous unless set. */
    public abstract CallerIdentity identity();

    /**
     * Whether the session's streams must be encrypted (TLS on TCP, AES-GCM datagrams on UDP): it was negotiated
     * over HTTPS, or the server streams nothing in cleartext. False unless set.
     */
    public abstract boolean encryptedStreams();

    /** A summary without header contents (they may hold credentials) or structures (they may be large). */
    @Override
    public final String toString() {
        return "StreamContext[" + operation() + ", " + schemeUri() + ", " + representationUri() + ", "
                + transportUri() + ", " + staticHeaders().size() + " static headers, " + identity() + ", " + characteristics() + "]";
    }

    /** Collects the parts of a {@link StreamContext}; all but the response and the headers are required. */
    @AutoValue.Builder
    public abstract static class Builder {
        private final List<HeaderBlock> staticHeaders = new ArrayList<>();

        public abstract Builder schemeUri(String uri);

        public abstract Builder representationUri(String uri);

        public abstract Builder transportUri(String uri);

        public abstract Builder operation(ServiceOperation operation);

        public abstract Builder request(DataStructure structure);

        /** Leave unset (or {@code null}) for a one-way operation. */
        public abstract Builder response(@Nullable DataStructure structure);

        public Builder addStaticHeader(HeaderBlock header) {
            staticHeaders.add(Objects.requireNonNull(header, "header"));
            return this;
        }

        abstract Builder staticHeaders(List<HeaderBlock> headers);

        public abstract Builder characteristics(StreamCharacteristics characteristics);

        /** Who negotiated the session; {@link CallerIdentity#anonymous()} when not set. */
        public abstract Builder identity(CallerIdentity identity);

        /** Whether the session's streams must be encrypted; false when not set. */
        public abstract Builder encryptedStreams(boolean encrypted);

        abstract StreamContext autoBuild();

        /**
         * @throws NullPointerException if a required part is null
         * @throws IllegalStateException if a required part was never set
         * @throws IllegalArgumentException if a URI is empty
         */
        public StreamContext build() {
            staticHeaders(Collections.unmodifiableList(new ArrayList<>(staticHeaders)));
            StreamContext context = autoBuild();
            nonEmpty(context.schemeUri(), "scheme URI");
            nonEmpty(context.representationUri(), "representation URI");
            nonEmpty(context.transportUri(), "transport URI");
            return context;
        }

        private static void nonEmpty(String uri, String name) {
            if (uri.isEmpty()) {
                throw new IllegalArgumentException(name + " is empty");
            }
        }
    }
}
