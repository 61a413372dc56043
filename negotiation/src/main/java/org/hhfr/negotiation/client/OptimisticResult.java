package org.hhfr.negotiation.client;

import com.google.auto.value.AutoValue;
import org.hhfr.negotiation.soap.SoapMessage;

/**
 * The result of a first call that carried an offer: the call's own response, which the client has in hand
 * whatever the negotiation's outcome, and that outcome.
 */
@AutoValue
public abstract class OptimisticResult<T> {
    static <T> OptimisticResult<T> of(SoapMessage<T> response, NegotiationOutcome outcome) {
        return new AutoValue_OptimisticResult<>(response, outcome);
    }

    /** The response to the call, as with plain SOAP. */
    public abstract SoapMessage<T> response();

    public abstract NegotiationOutcome outcome();
}
