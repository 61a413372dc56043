package org.hhfr.client;

import java.util.Objects;

import org.hhfr.contextstore.ResumptionTicket;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.transports.auth.StreamEpoch;

/**
 * A stream a session may open: the ticket of its server session (id, token, endpoint, representation,
 * transport, agreed policy) and which stream of that session it is. Either fresh from a negotiation's answer,
 * or from a cached ticket, opened without negotiating: when the server refuses the latter, the session
 * negotiates again rather than falling back to SOAP.
 */
final class StreamGrant {
    final ResumptionTicket ticket;
    /** Opened from a cached ticket, without negotiating. */
    final boolean fromTicket;
    /** {@link StreamEpoch#FIRST} for the first stream of a session just created, a fresh epoch otherwise. */
    final long epoch;

    StreamGrant(ResumptionTicket ticket, boolean fromTicket, long epoch) {
        this.ticket = Objects.requireNonNull(ticket, "ticket");
        this.fromTicket = fromTicket;
        this.epoch = epoch;
    }

    /** A new stream of the cached ticket's session (earlier streams of it may exist, so a fresh epoch). */
    static StreamGrant fromTicket(ResumptionTicket ticket) {
        return new StreamGrant(ticket, true, StreamEpoch.fresh());
    }

    /** The stream a negotiation granted; {@code outcome} must be {@linkplain NegotiationOutcome#streaming streaming}. */
    static StreamGrant fromAnswer(NegotiationOutcome outcome) {
        Answer answer = outcome.answer();
        if (answer == null) {
            return fromTicket(outcome.ticket());
        }
        return new StreamGrant(outcome.ticket(), false, answer.resumed() ? StreamEpoch.fresh() : StreamEpoch.FIRST);
    }

    /** How long the server keeps the session unused; each use starts it again. */
    long validForMillis() {
        return ticket.policy().validForMillis();
    }

    /** The mode the stream runs in; {@link Mode#SOAP} for a transport this client cannot open. */
    Mode mode() {
        String transport = ticket.transportUri();
        if (HhfrUris.TRANSPORT_TCP.equals(transport)) {
            return Mode.HHFR_TCP;
        }
        return HhfrUris.TRANSPORT_UDP.equals(transport) ? Mode.HHFR_UDP : Mode.SOAP;
    }

    @Override
    public String toString() {
        return (fromTicket ? "from a cached ticket " : "from an answer ") + ticket;
    }
}
