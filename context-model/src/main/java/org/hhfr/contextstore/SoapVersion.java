package org.hhfr.contextstore;

/** The SOAP version of the operation a stream carries, needed to rebuild its envelopes exactly. */
public enum SoapVersion {
    SOAP_11("http://schemas.xmlsoap.org/soap/envelope/", "text/xml"),
    SOAP_12("http://www.w3.org/2003/05/soap-envelope", "application/soap+xml");

    private final String envelopeNamespace;
    private final String mediaType;

    SoapVersion(String envelopeNamespace, String mediaType) {
        this.envelopeNamespace = envelopeNamespace;
        this.mediaType = mediaType;
    }

    /** Namespace of the Envelope, Header and Body elements. */
    public String envelopeNamespace() {
        return envelopeNamespace;
    }

    /** The HTTP media type of an envelope of this version, without parameters. */
    public String mediaType() {
        return mediaType;
    }
}
