package org.hhfr.negotiation.soap;

import java.io.IOException;

/**
 * A message HHFR refuses to read: not well-formed XML, not a SOAP envelope, a DTD, unknown or missing
 * negotiation content, or over one of the configured limits. The message says what and, when known, where.
 */
public class MalformedMessageException extends IOException {
    private static final long serialVersionUID = 1L;

    public MalformedMessageException(String message) {
        super(message);
    }

    public MalformedMessageException(String message, Throwable cause) {
        super(message, cause);
    }
}
