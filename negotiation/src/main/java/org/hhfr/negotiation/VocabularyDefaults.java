package org.hhfr.negotiation;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.hhfr.contextstore.ReliabilityPolicy;

/**
 * What an omitted part of the negotiation vocabulary stands for ({@code negotiation-1.xsd},
 * docs/PROTOCOL.md). The offer rides on the client's first call, often over a slow uplink, so the writer
 * leaves out every value equal to its default and the reader puts the default back: a client that takes the
 * defaults offers little more than its schema digests.
 */
public final class VocabularyDefaults {
    /** URI-S when an offer has no {@code scheme} or an answer no {@code Scheme}. */
    public static final String SCHEME = HhfrUris.SCHEME_V1;
    /** URI-Rs offered when an offer lists none: binary, then XML. */
    public static final List<String> REPRESENTATIONS = Collections.unmodifiableList(
            Arrays.asList(HhfrUris.REPRESENTATION_BINARY, HhfrUris.REPRESENTATION_XML));
    /** URI-Ts offered when an offer lists none: TCP, then UDP (the stream transports servers provide). */
    public static final List<String> TRANSPORTS = Collections.unmodifiableList(
            Arrays.asList(HhfrUris.TRANSPORT_TCP, HhfrUris.TRANSPORT_UDP));
    /** The chosen URI-R when an accepting answer names none. */
    public static final String REPRESENTATION = HhfrUris.REPRESENTATION_BINARY;
    /** The chosen URI-T when an accepting answer names none. */
    public static final String TRANSPORT = HhfrUris.TRANSPORT_TCP;
    /**
     * Each term left out takes its value from this policy: every attribute of {@code Reliability}, the
     * message size limits of {@code Limits} (1 MiB each way) and the lifetime ({@code Limits/@validForMillis}
     * of the offer, {@code Session/@validForMillis} of the answer: 10 minutes, the context store's default idle
     * expiry).
     */
    public static final ReliabilityPolicy POLICY = ReliabilityPolicy.defaults();

    private VocabularyDefaults() {
    }
}
