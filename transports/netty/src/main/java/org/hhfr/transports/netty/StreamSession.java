package org.hhfr.transports.netty;

import org.hhfr.contextstore.StreamContext;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.reliability.LinkType;
import org.hhfr.transports.reliability.ReliabilityConfig;

/** The negotiated session a message belongs to, as a dispatcher sees it. */
public interface StreamSession {
    SessionId id();

    /**
     * What was negotiated: request and response structures, the representation URI, the operation and the
     * static headers.
     */
    StreamContext context();

    /** TCP ({@link LinkType#STREAM}) or UDP ({@link LinkType#DATAGRAM}). */
    LinkType linkType();

    /**
     * The settings the stream's reliability engine runs: the negotiated policy (window, intervals, message size
     * limits, lifetime) within the server-wide settings of its link.
     */
    ReliabilityConfig engineConfig();
}
