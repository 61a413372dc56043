package org.hhfr.negotiation.client;

import org.hhfr.negotiation.soap.SoapMessage;

/**
 * The result of a first call that carried an offer: the call's own response, which the client has in hand
 * whatever the negotiation's outcome, and that outcome.
 */
public final class OptimisticResult<T> {
    private final SoapMessage<T> response;
    private final NegotiationOutcome outcome;

    OptimisticResult(SoapMessage<T> response, NegotiationOutcome outcome) {
        this.response = response;
        this.outcome = outcome;
    }

    /** The response to the call, as with plain SOAP. */
    public SoapMessage<T> response() {
        return response;
    }

    public NegotiationOutcome outcome() {
        return outcome;
    }
}
