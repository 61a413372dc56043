package org.hhfr.transports;

/**
 * Which end of a session an endpoint is. The client is the side that negotiated the session and opens
 * connections; the role is bound into every datagram tag and handshake proof, so a frame can never be reflected
 * back to its sender.
 */
public enum Role {
    CLIENT,
    SERVER;

    public Role peer() {
        return this == CLIENT ? SERVER : CLIENT;
    }
}
