package org.hhfr.negotiation.soap;

import java.util.Objects;

import org.hhfr.contextstore.SoapVersion;
import org.hhfr.schemas.QualifiedName;

/**
 * A SOAP fault: its code as a namespace-resolved name and a reason meant for people. Reasons are short
 * sentences, never stack traces.
 */
public final class SoapFault {
    private final QualifiedName code;
    private final String reason;

    public SoapFault(QualifiedName code, String reason) {
        this.code = Objects.requireNonNull(code, "code");
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    /** A fault with a standard code in the names of {@code version}. */
    public static SoapFault of(FaultCode code, SoapVersion version, String reason) {
        return new SoapFault(code.qualifiedName(version), reason);
    }

    /** The code as written, e.g. {@code {http://www.w3.org/2003/05/soap-envelope}Sender}. */
    public QualifiedName code() {
        return code;
    }

    /** The standard code, or {@code null} for a custom one. */
    public FaultCode standardCode() {
        return FaultCode.of(code);
    }

    public String reason() {
        return reason;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SoapFault && code.equals(((SoapFault) o).code) && reason.equals(((SoapFault) o).reason);
    }

    @Override
    public int hashCode() {
        return 31 * code.hashCode() + reason.hashCode();
    }

    @Override
    public String toString() {
        return code.localName() + ": " + reason;
    }
}
