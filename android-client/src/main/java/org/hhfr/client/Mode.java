package org.hhfr.client;

/**
 * How a session's calls travel right now. Informative only: every call works the same in every mode, so an
 * app never has to branch on it. A session can change mode during its life (it falls back to SOAP when a
 * stream cannot be opened, and streams again after a later negotiation succeeds).
 */
public enum Mode {
    /** A negotiated HHFR stream over one TCP connection. */
    HHFR_TCP,
    /** A negotiated HHFR stream over UDP datagrams made reliable by the WS-RM engine. */
    HHFR_UDP,
    /** Plain SOAP over HTTP: the service does not speak HHFR, declined, or has not been negotiated with yet. */
    SOAP
}
