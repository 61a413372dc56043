package org.hhfr.negotiation.server;

import com.google.auto.value.AutoValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.NegotiationLimits;

/**
 * What a server can agree to: schemes, representations and transports it implements, and the bounds of the
 * policy it grants: the largest message it accepts, the largest reliability window and the shortest
 * retransmission interval (the longest session lifetime is the context store's idle expiry), and the limits on
 * what it reads in an offer. The client's order of preference decides among what both support; a term beyond
 * a bound is countered in the answer. Immutable; start from {@link #defaults()} and change it with
 * {@link #toBuilder()}.
 */
@AutoValue
public abstract class ServerCapabilities {
    private static final ServerCapabilities DEFAULTS = new AutoValue_ServerCapabilities.Builder()
            .schemes(Collections.singletonList(HhfrUris.SCHEME_V1))
            .representations(Arrays.asList(HhfrUris.REPRESENTATION_BINARY, HhfrUris.REPRESENTATION_XML))
            .transports(Arrays.asList(HhfrUris.TRANSPORT_TCP, HhfrUris.TRANSPORT_UDP))
            .maxMessageBytes(1 << 20)
            .maxWindow(256)
            .minRetransmissionIntervalMillis(50)
            .limits(NegotiationLimits.defaults())
            .build();

    /**
     * {@code urn:hhfr:1}; binary and xml; tcp and udp; 1 MiB messages; window 256; retransmission after at
     * least 50 ms (the engine's floor); default limits.
     */
    public static ServerCapabilities defaults() {
        return DEFAULTS;
    }

    /** Unmodifiable, as every list here. */
    public abstract List<String> schemes();

    public abstract List<String> representations();

    public abstract List<String> transports();

    /** The largest message the server accepts on a stream: the agreed request limit, sent in the answer. */
    public abstract int maxMessageBytes();

    /** The largest reliability window the server agrees to; a larger offer is lowered to it. */
    public abstract int maxWindow();

    /** The shortest retransmission interval the server agrees to; a shorter offer is raised to it. */
    public abstract int minRetransmissionIntervalMillis();

    public abstract NegotiationLimits limits();

    /** A builder holding these capabilities, to change some of them. */
    public abstract Builder toBuilder();

    /** Sets capabilities; {@link #build()} refuses a bound that is not positive. */
    @AutoValue.Builder
    public abstract static class Builder {
        public abstract Builder schemes(List<String> uris);

        public abstract Builder representations(List<String> uris);

        public abstract Builder transports(List<String> uris);

        public abstract Builder maxMessageBytes(int value);

        public abstract Builder maxWindow(int value);

        public abstract Builder minRetransmissionIntervalMillis(int value);

        public abstract Builder limits(NegotiationLimits value);

        abstract List<String> schemes();

        abstract List<String> representations();

        abstract List<String> transports();

        abstract ServerCapabilities autoBuild();

        /** @throws IllegalArgumentException if a bound is not positive */
        public ServerCapabilities build() {
            schemes(copy(schemes()));
            representations(copy(representations()));
            transports(copy(transports()));
            ServerCapabilities capabilities = autoBuild();
            if (capabilities.maxMessageBytes() < 1 || capabilities.maxWindow() < 1
                    || capabilities.minRetransmissionIntervalMillis() < 1) {
                throw new IllegalArgumentException("max message bytes, max window and min retransmission interval"
                        + " must be positive");
            }
            return capabilities;
        }

        private static List<String> copy(List<String> uris) {
            return Collections.unmodifiableList(new ArrayList<>(uris));
        }
    }
}
