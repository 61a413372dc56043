package org.hhfr.negotiation.soap;

import java.io.IOException;

/**
 * A SOAP message HHFR refuses to read: not well-formed XML, not a SOAP envelope, a DTD, unknown or missing
 * negotiation content, a body that does not match its schema, or over one of the configured limits. The message
 * says what and, when known, where. (A streamed body the representations cannot decode is the streamer's
 * {@link org.hhfr.streamer.MalformedMessageException}, which this one wraps when it surfaces in an envelope.)
 */
public class MalformedEnvelopeException extends IOException {
    private static final long serialVersionUID = 1L;

    public MalformedEnvelopeException(String message) {
        super(message);
    }

    public MalformedEnvelopeException(String message, Throwable cause) {
        super(message, cause);
    }
}
