package org.hhfr.client;

import org.hhfr.negotiation.soap.FaultCode;
import org.hhfr.schemas.QualifiedName;

/**
 * The service answered the call with a SOAP fault (also when it sent the fault with HTTP status 500). Carries
 * the fault code exactly as received and the reason meant for people.
 */
public final class ServiceFaultException extends HhfrException {
    private static final long serialVersionUID = 1L;

    private final transient QualifiedName code;
    private final FaultCode standardCode;
    private final String reason;

    public ServiceFaultException(QualifiedName code, FaultCode standardCode, String reason, Throwable cause) {
        super("the service answered with SOAP fault " + code.localName() + ": " + reason, cause);
        this.code = code;
        this.standardCode = standardCode;
        this.reason = reason;
    }

    /** The fault code as written, e.g. {@code {http://schemas.xmlsoap.org/soap/envelope/}Client}. */
    public QualifiedName code() {
        return code;
    }

    /** The standard code (SENDER for 1.1 Client / 1.2 Sender, ...), or {@code null} for a custom code. */
    public FaultCode standardCode() {
        return standardCode;
    }

    /** The fault's reason text. */
    public String reason() {
        return reason;
    }
}
