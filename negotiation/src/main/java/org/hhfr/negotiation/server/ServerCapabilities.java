package org.hhfr.negotiation.server;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.NegotiationLimits;

/**
 * What a server can agree to: schemes, representations and transports it implements, and the bounds of the
 * policy it grants: the largest message it accepts, the largest reliability window and the shortest
 * retransmission interval (the longest session lifetime is the context store's idle expiry), and the limits on
 * what it reads in an offer. The client's order of preference decides among what both support; a term beyond
 * a bound is countered in the answer. Immutable; start from {@link #defaults()}.
 */
public final class ServerCapabilities {
    private final List<String> schemes;
    private final List<String> representations;
    private final List<String> transports;
    private final int maxMessageBytes;
    private final int maxWindow;
    private final int minRetransmissionIntervalMillis;
    private final NegotiationLimits limits;

    private ServerCapabilities(List<String> schemes, List<String> representations, List<String> transports,
                               int maxMessageBytes, int maxWindow, int minRetransmissionIntervalMillis,
                               NegotiationLimits limits) {
        this.schemes = Collections.unmodifiableList(new ArrayList<>(schemes));
        this.representations = Collections.unmodifiableList(new ArrayList<>(representations));
        this.transports = Collections.unmodifiableList(new ArrayList<>(transports));
        if (maxMessageBytes < 1 || maxWindow < 1 || minRetransmissionIntervalMillis < 1) {
            throw new IllegalArgumentException("max message bytes, max window and min retransmission interval must"
                    + " be positive");
        }
        this.maxMessageBytes = maxMessageBytes;
        this.maxWindow = maxWindow;
        this.minRetransmissionIntervalMillis = minRetransmissionIntervalMillis;
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /**
     * {@code urn:hhfr:1}; binary and xml; tcp and udp; 1 MiB messages; window 256; retransmission after at
     * least 50 ms (the engine's floor); default limits.
     */
    public static ServerCapabilities defaults() {
        return new ServerCapabilities(Collections.singletonList(HhfrUris.SCHEME_V1),
                Arrays.asList(HhfrUris.REPRESENTATION_BINARY, HhfrUris.REPRESENTATION_XML),
                Arrays.asList(HhfrUris.TRANSPORT_TCP, HhfrUris.TRANSPORT_UDP),
                1 << 20, 256, 50, NegotiationLimits.defaults());
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

    /** The largest message the server accepts on a stream: the agreed request limit, sent in the answer. */
    public int maxMessageBytes() {
        return maxMessageBytes;
    }

    /** The largest reliability window the server agrees to; a larger offer is lowered to it. */
    public int maxWindow() {
        return maxWindow;
    }

    /** The shortest retransmission interval the server agrees to; a shorter offer is raised to it. */
    public int minRetransmissionIntervalMillis() {
        return minRetransmissionIntervalMillis;
    }

    public NegotiationLimits limits() {
        return limits;
    }

    public ServerCapabilities withTransports(List<String> uris) {
        return new ServerCapabilities(schemes, representations, uris, maxMessageBytes, maxWindow,
                minRetransmissionIntervalMillis, limits);
    }

    public ServerCapabilities withRepresentations(List<String> uris) {
        return new ServerCapabilities(schemes, uris, transports, maxMessageBytes, maxWindow,
                minRetransmissionIntervalMillis, limits);
    }

    public ServerCapabilities withMaxMessageBytes(int value) {
        return new ServerCapabilities(schemes, representations, transports, value, maxWindow,
                minRetransmissionIntervalMillis, limits);
    }

    public ServerCapabilities withMaxWindow(int value) {
        return new ServerCapabilities(schemes, representations, transports, maxMessageBytes, value,
                minRetransmissionIntervalMillis, limits);
    }

    public ServerCapabilities withMinRetransmissionIntervalMillis(int value) {
        return new ServerCapabilities(schemes, representations, transports, maxMessageBytes, maxWindow, value,
                limits);
    }

    public ServerCapabilities withLimits(NegotiationLimits value) {
        return new ServerCapabilities(schemes, representations, transports, maxMessageBytes, maxWindow,
                minRetransmissionIntervalMillis, value);
    }
}
