package org.hhfr.negotiation.soap;

import java.io.IOException;

import org.hhfr.schemas.QualifiedName;

/** The peer answered with a SOAP fault. Carries the fault's code and reason as received. */
public class SoapFaultException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient SoapFault fault;

    public SoapFaultException(SoapFault fault) {
        super("SOAP fault " + fault.code().localName() + ": " + fault.reason());
        this.fault = fault;
    }

    public SoapFault fault() {
        return fault;
    }

    public QualifiedName code() {
        return fault.code();
    }

    /** The standard code, or {@code null} for a custom one. */
    public FaultCode standardCode() {
        return fault.standardCode();
    }

    public String reason() {
        return fault.reason();
    }
}
