package org.hhfr.negotiation.soap;

import org.hhfr.contextstore.SoapVersion;
import org.hhfr.schemas.QualifiedName;

/** The standard SOAP fault codes, named differently by SOAP 1.1 and 1.2. */
public enum FaultCode {
    VERSION_MISMATCH("VersionMismatch", "VersionMismatch"),
    MUST_UNDERSTAND("MustUnderstand", "MustUnderstand"),
    /** The request was wrong: 1.1 {@code Client}, 1.2 {@code Sender}. */
    SENDER("Client", "Sender"),
    /** The server failed: 1.1 {@code Server}, 1.2 {@code Receiver}. */
    RECEIVER("Server", "Receiver");

    private final String soap11;
    private final String soap12;

    FaultCode(String soap11, String soap12) {
        this.soap11 = soap11;
        this.soap12 = soap12;
    }

    /** The code's name in the envelope namespace of {@code version}. */
    public QualifiedName qualifiedName(SoapVersion version) {
        return new QualifiedName(version.envelopeNamespace(), version == SoapVersion.SOAP_11 ? soap11 : soap12);
    }

    /**
     * The standard code a fault code names in either version, or {@code null} for a custom code. A SOAP 1.1
     * dotted refinement ({@code Client.Authentication}) counts as its base code.
     */
    public static FaultCode of(QualifiedName code) {
        SoapVersion version = SoapEnvelopeReader.versionOf(code.namespace());
        if (version == null) {
            return null;
        }
        String local = code.localName();
        int dot = local.indexOf('.');
        String base = version == SoapVersion.SOAP_11 && dot > 0 ? local.substring(0, dot) : local;
        for (FaultCode fault : values()) {
            if ((version == SoapVersion.SOAP_11 ? fault.soap11 : fault.soap12).equals(base)) {
                return fault;
            }
        }
        return null;
    }
}
