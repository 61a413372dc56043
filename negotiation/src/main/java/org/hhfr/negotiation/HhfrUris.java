package org.hhfr.negotiation;

/**
 * The URIs that name what a stream is made of (the paper's URI-S, URI-R and URI-T) and the namespace of
 * the negotiation vocabulary. Peers compare them as plain strings; an unknown URI is simply not chosen, so
 * adding a representation or transport means adding a URI, not changing the protocol.
 */
public final class HhfrUris {
    /** Namespace of the negotiation header blocks and body elements ({@code hhfr:Offer}, ...). */
    public static final String NAMESPACE = "urn:hhfr:negotiation:1";
    /** URI-S: the HHFR scheme, version 1. */
    public static final String SCHEME_V1 = "urn:hhfr:1";
    /** URI-R: the schema-driven binary representation of the SOAP Body. */
    public static final String REPRESENTATION_BINARY = "urn:hhfr:rep:binary";
    /** URI-R: the SOAP Body content as XML, unchanged. */
    public static final String REPRESENTATION_XML = "urn:hhfr:rep:xml";
    /** URI-T: a TCP stream. */
    public static final String TRANSPORT_TCP = "urn:hhfr:transport:tcp";
    /** URI-T: UDP datagrams made reliable by the negotiated WS-RM policy. */
    public static final String TRANSPORT_UDP = "urn:hhfr:transport:udp";
    /** URI-T: HTTP, the transport the negotiation itself uses. */
    public static final String TRANSPORT_HTTP = "urn:hhfr:transport:http";

    private HhfrUris() {
    }
}
