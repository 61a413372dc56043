package org.hhfr.negotiation.server;

import java.util.Collections;
import java.util.List;

import org.hhfr.contextstore.StreamEndpoint;

/** Where the server currently serves streams of each transport. */
public interface StreamEndpoints {
    /** The endpoint for the transport URI, or {@code null} when that transport is not served now. */
    StreamEndpoint endpointFor(String transportUri);

    /**
     * Other nodes serving the same sessions (sharing the context store) over the transport, in the order a
     * client that lost {@link #endpointFor} should try them; empty for a single node.
     */
    default List<StreamEndpoint> alternativesFor(String transportUri) {
        return Collections.emptyList();
    }

    /**
     * Whether streams granted here must be encrypted (TLS on TCP, AES-GCM datagrams on UDP): the offer came over
     * HTTPS, or the server streams nothing in cleartext.
     */
    default boolean encrypted() {
        return false;
    }
}
