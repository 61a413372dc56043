package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;

/**
 * Where a service streamed last time: the transport and endpoint of an earlier grant for the same SOAP endpoint.
 * It proves nothing and holds no secret; a client that knows it may start the stream's connection while its
 * negotiation runs, and uses that connection only when the answer grants the same transport at the same endpoint
 * (otherwise a wrong hint costs the one connection it opened).
 */
@AutoValue
public abstract class EndpointHint {
    /** @param transportUri URI-T of the stream, e.g. {@code urn:hhfr:transport:tcp} */
    public static EndpointHint of(String transportUri, StreamEndpoint endpoint) {
        if (transportUri.isEmpty()) {
            throw new IllegalArgumentException("transportUri is empty");
        }
        return new AutoValue_EndpointHint(transportUri, endpoint);
    }

    /** The hint a ticket gives: its transport at its first endpoint. */
    public static EndpointHint of(ResumptionTicket ticket) {
        return of(ticket.transportUri(), ticket.streamEndpoint());
    }

    public abstract String transportUri();

    public abstract StreamEndpoint endpoint();
}
