package org.hhfr.negotiation.server;

import org.hhfr.contextstore.SoapVersion;

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

    /** A 200 response carrying an ordinary envelope of {@code version}. */
    public static SoapResponse ok(SoapVersion version, byte[] envelope) {
        return new SoapResponse(200, contentType(version), envelope);
    }

    /** A 500 response carrying a fault envelope of {@code version}. */
    static SoapResponse fault(SoapVersion version, byte[] envelope) {
        return new SoapResponse(500, contentType(version), envelope);
    }

    static String contentType(SoapVersion version) {
        return version.mediaType() + "; charset=utf-8";
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
