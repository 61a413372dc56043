package org.hhfr.negotiation.server;

/** An HTTP response carrying a SOAP envelope: status (200, or 500 for a fault), content type and bytes. */
public final class SoapResponse {
    private final int status;
    private final String contentType;
    private final byte[] envelope;

    SoapResponse(int status, String contentType, byte[] envelope) {
        this.status = status;
        this.contentType = contentType;
        this.envelope = envelope;
    }

    public int status() {
        return status;
    }

    public String contentType() {
        return contentType;
    }

    /** The envelope's bytes (UTF-8); the array is the caller's to send. */
    public byte[] envelope() {
        return envelope;
    }
}
