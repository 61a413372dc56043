package org.hhfr.negotiation.soap;

import java.io.IOException;

/**
 * The HTTP peer answered with something other than a SOAP envelope: an error status without a SOAP fault,
 * or a success with another content type. Carries the status and content type; the message quotes the
 * start of the body so a misconfigured endpoint (an HTML error page, a proxy) is easy to recognise.
 */
public class HttpResponseException extends IOException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String contentType;

    public HttpResponseException(int status, String contentType, String bodyStart) {
        super("HTTP " + status + " with content type " + contentType + " instead of a SOAP envelope"
                + (bodyStart.isEmpty() ? "" : ": " + bodyStart));
        this.status = status;
        this.contentType = contentType;
    }

    public int status() {
        return status;
    }

    /** The response's Content-Type, or {@code null} when it had none. */
    public String contentType() {
        return contentType;
    }
}
