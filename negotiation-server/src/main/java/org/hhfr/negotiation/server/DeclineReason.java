package org.hhfr.negotiation.server;

/**
 * Why the server declined an offer, from a fixed set an operator can count; the answer's reason says it in
 * words for the client. A declined offer leaves the client on plain SOAP.
 */
public enum DeclineReason {
    /** The offer's scheme is not spoken here. */
    UNSUPPORTED_SCHEME,
    /** No representation both sides support. */
    NO_COMMON_REPRESENTATION,
    /** No offered transport is served here (or a resumed session's transport is not served any more). */
    NO_COMMON_TRANSPORT,
    /** A reliability term the server cannot run at all (unordered delivery). */
    UNSUPPORTED_RELIABILITY,
    /** Static headers (SOAP blocks, or the caller's HTTP headers) over the limits, or named in the offer but not sent. */
    STATIC_HEADERS,
    /** Schemas the server cannot use: unparseable, not representable, different from the published ones. */
    SCHEMAS,
    /** The operation cannot stream: its types have no streamed form, or the offer names no operation. */
    OPERATION_NOT_STREAMABLE,
    /** The context store holds its maximum of sessions. */
    STORE_FULL,
    /** The context store cannot be reached or is closed. */
    STORE_UNAVAILABLE,
    /** The offer header or request does not read as an offer. */
    OFFER_NOT_UNDERSTOOD,
    /** The service does not take part in HHFR (in Axis2: it does not engage the module). */
    SERVICE_NOT_ENGAGED
}
