package org.hhfr.axis.module;

import org.hhfr.negotiation.server.StreamEndpoints;

/**
 * The stream endpoints a negotiation hands out, as the negotiating client should see them: under the server
 * address that client's connection reached (so a phone on the LAN gets the LAN address), unless the server
 * is configured to advertise a host of its own.
 */
@FunctionalInterface
public interface ServedStreams {
    /** @param reachedAddress the server-side address of the negotiating client's connection */
    StreamEndpoints reachedAt(String reachedAddress);
}
