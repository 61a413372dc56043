package org.hhfr.axis.module;

import org.hhfr.negotiation.server.StreamEndpoints;

/**
 * The stream endpoints a negotiation hands out, as the negotiating client should see them: under the server
 * address that client's connection reached (so a phone on the LAN gets the LAN address), unless the server
 * is configured to advertise a host of its own.
 */
@FunctionalInterface
public interface ServedStreams {
    /** @param reached where the negotiating client's connection arrived, and whether over HTTPS */
    StreamEndpoints reachedAt(ReachedAddress reached);
}
