package org.hhfr.transports.auth;

/**
 * What a stream's datagrams get: an HMAC tag over cleartext, or AES-GCM, which encrypts the frames and
 * authenticates them with the header. The negotiation decides it (encrypted for a session negotiated over
 * HTTPS); a datagram of the other kind is refused.
 */
public enum DatagramProtection {
    /** Cleartext frames under a 16-byte HMAC-SHA256 tag. */
    AUTHENTICATED,
    /** Frames encrypted with AES-128-GCM, the header as associated data, a 16-byte GCM tag. */
    ENCRYPTED
}
