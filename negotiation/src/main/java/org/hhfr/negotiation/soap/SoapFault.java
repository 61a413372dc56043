package org.hhfr.negotiation.soap;

import com.google.auto.value.AutoValue;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.schemas.QualifiedName;

/**
 * A SOAP fault: its code as a namespace-resolved name and a reason meant for people. Reasons are short
 * sentences, never stack traces.
 */
@AutoValue
public abstract class SoapFault {
    /** A fault with the code as written. */
    public static SoapFault of(QualifiedName code, String reason) {
        return new AutoValue_SoapFault(code, reason);
    }

    /** A fault with a standard code in the names of {@code version}. */
    public static SoapFault of(FaultCode code, SoapVersion version, String reason) {
        return of(code.qualifiedName(version), reason);
    }

    /** The code as written, e.g. {@code {http://www.w3.org/2003/05/soap-envelope}Sender}. */
    public abstract QualifiedName code();

    public abstract String reason();

    /** The standard code, or {@code null} for a custom one. */
    public FaultCode standardCode() {
        return FaultCode.of(code());
    }

    @Override
    public final String toString() {
        return code().localName() + ": " + reason();
    }
}
