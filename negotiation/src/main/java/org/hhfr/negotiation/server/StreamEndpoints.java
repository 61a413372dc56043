package org.hhfr.negotiation.server;

import org.hhfr.contextstore.StreamEndpoint;

/** Where the server currently serves streams of each transport. */
public interface StreamEndpoints {
    /** The endpoint for the transport URI, or {@code null} when that transport is not served now. */
    StreamEndpoint endpointFor(String transportUri);
}
