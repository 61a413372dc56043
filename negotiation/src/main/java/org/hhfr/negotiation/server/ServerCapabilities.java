package org.hhfr.negotiation.server;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.NegotiationLimits;

/**
 * What a server can agree to: schemes, representations and transports it implements, the largest
 * message it accepts, the largest reliability window it runs, and the limits on what it reads in an offer.
 * The client's order of preference decides among what both support. Immutable.
 */
public final class ServerCapabilities {
    private final List<String> schemes;
    private final List<String> representations;
    private final List<String> transports;
    private final int maxMessageBytes;
    private final int maxWindow;
    private final NegotiationLimits limits;

    public ServerCapabilities(List<String> schemes, List<String> representations, List<String> transports,
                              int maxMessageBytes, int maxWindow, NegotiationLimits limits) {
        this.schemes = Collections.unmodifiableList(new ArrayList<>(schemes));
        this.representations = Collections.unmodifiableList(new ArrayList<>(representations));
        this.transports = Collections.unmodifiableList(new ArrayList<>(transports));
        if (maxMessageBytes < 1 || maxWindow < 1) {
            throw new IllegalArgumentException("max message bytes and max window must be positive");
        }
        this.maxMessageBytes = maxMessageBytes;
        this.maxWindow = maxWindow;
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /** {@code urn:hhfr:1}; binary and xml; tcp and udp; 1 MiB messages; window 256; default limits. */
    public static ServerCapabilities defaults() {
        return new ServerCapabilities(Collections.singletonList(HhfrUris.SCHEME_V1),
                Arrays.asList(HhfrUris.REPRESENTATION_BINARY, HhfrUris.REPRESENTATION_XML),
                Arrays.asList(HhfrUris.TRANSPORT_TCP, HhfrUris.TRANSPORT_UDP),
                1 << 20, 256, NegotiationLimits.defaults());
    }

    public List<String> schemes() {
        return schemes;
    }

    public List<String> representations() {
        return representations;
    }

    public List<String> transports() {
        return transports;
    }

    /** The largest message the server accepts on a stream; sent in the answer. */
    public int maxMessageBytes() {
        return maxMessageBytes;
    }

    /** The largest reliability window the server agrees to; a larger offer is lowered to it. */
    public int maxWindow() {
        return maxWindow;
    }

    public NegotiationLimits limits() {
        return limits;
    }

    public ServerCapabilities withTransports(List<String> uris) {
        return new ServerCapabilities(schemes, representations, uris, maxMessageBytes, maxWindow, limits);
    }

    public ServerCapabilities withRepresentations(List<String> uris) {
        return new ServerCapabilities(schemes, uris, transports, maxMessageBytes, maxWindow, limits);
    }

    public ServerCapabilities withLimits(NegotiationLimits value) {
        return new ServerCapabilities(schemes, representations, transports, maxMessageBytes, maxWindow, value);
    }
}
