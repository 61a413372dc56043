package org.hhfr.client;

import java.util.Objects;

import org.hhfr.contextstore.ResumptionTicket;
import org.hhfr.contextstore.StreamEndpoint;
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
    /** Which of the ticket's {@linkplain ResumptionTicket#streamEndpoints() endpoints} the stream opens at. */
    private final int endpointIndex;
    /** The endpoints tried, this one included, since the session last had an open stream. */
    private final int endpointsTried;
    /**
     * The session's streams are encrypted: the answer said so, or, for a proposed session, its early stream is
     * (as for an https service). A ticket does not record it: a stream from a ticket is encrypted when the
     * service's URL is https, and a server that wants more refuses it (then the session negotiates again).
     */
    final boolean encrypted;
    /**
     * The session is the one this client proposed in the offer out now: its first stream opens before the answer,
     * its HELLOs flagged EARLY so that the server waits for the negotiation (WIRE-FORMAT 3.4).
     */
    final boolean proposed;

    StreamGrant(ResumptionTicket ticket, boolean fromTicket, long epoch) {
        this(ticket, fromTicket, epoch, 0, 1, false, false);
    }

    private StreamGrant(ResumptionTicket ticket, boolean fromTicket, long epoch, int endpointIndex,
                        int endpointsTried, boolean encrypted, boolean proposed) {
        this.encrypted = encrypted;
        this.proposed = proposed;
        this.ticket = Objects.requireNonNull(ticket, "ticket");
        this.fromTicket = fromTicket;
        this.epoch = epoch;
        this.endpointIndex = endpointIndex;
        this.endpointsTried = endpointsTried;
    }

    /** Where this stream opens. */
    StreamEndpoint endpoint() {
        return ticket.streamEndpoints().get(endpointIndex);
    }

    /**
     * A new stream of the same session (fresh epoch, from the ticket) at the next of its endpoints, wrapping
     * around; {@code null} once every endpoint was tried since the session last had an open stream.
     */
    StreamGrant atNextEndpoint() {
        int endpoints = ticket.streamEndpoints().size();
        if (endpointsTried >= endpoints) {
            return null;
        }
        return new StreamGrant(ticket, true, StreamEpoch.fresh(), (endpointIndex + 1) % endpoints,
                endpointsTried + 1, encrypted, false);
    }

    /**
     * This grant at {@code endpoint}, one of its ticket's endpoints (where a proposed session's early stream runs,
     * which the answer may name among its alternatives); itself at any other, or at {@code null}.
     */
    StreamGrant at(StreamEndpoint endpoint) {
        int index = endpoint == null ? -1 : ticket.streamEndpoints().indexOf(endpoint);
        return index < 0 || index == endpointIndex ? this
                : new StreamGrant(ticket, fromTicket, epoch, index, endpointsTried, encrypted, proposed);
    }

    /** This grant's stream opened: a later loss may try every other endpoint again. */
    StreamGrant opened() {
        return endpointsTried == 1 ? this
                : new StreamGrant(ticket, fromTicket, epoch, endpointIndex, 1, encrypted, proposed);
    }

    /** A new stream of the cached ticket's session (earlier streams of it may exist, so a fresh epoch). */
    static StreamGrant fromTicket(ResumptionTicket ticket) {
        return new StreamGrant(ticket, true, StreamEpoch.fresh());
    }

    /**
     * The stream a negotiation granted ({@code outcome} must be {@linkplain NegotiationOutcome#streaming
     * streaming}), whose negotiating request's HTTP headers ({@code callerHeaders}, see
     * {@link ResumptionTicket#callerHeaders}) the service stored as the session's caller.
     */
    static StreamGrant fromAnswer(NegotiationOutcome outcome, String callerHeaders) {
        ResumptionTicket ticket = outcome.ticket().withCallerHeaders(callerHeaders);
        Answer answer = outcome.answer();
        if (answer == null) {
            return fromTicket(ticket);
        }
        return answered(ticket, answer.resumed() ? StreamEpoch.fresh() : StreamEpoch.FIRST,
                answer.encrypted());
    }

    /** The stream of {@code ticket}'s session an answer granted, its streams {@code encrypted} or not. */
    static StreamGrant answered(ResumptionTicket ticket, long epoch, boolean encrypted) {
        return new StreamGrant(ticket, false, epoch, 0, 1, encrypted, false);
    }

    /**
     * The first stream of the session this client proposes ({@code ticket}: its id and token, the hinted endpoint,
     * the representation and transport the early stream runs, the offered policy), opened before the answer,
     * {@code encrypted} or not.
     */
    static StreamGrant proposing(ResumptionTicket ticket, boolean encrypted) {
        return new StreamGrant(ticket, false, StreamEpoch.FIRST, 0, 1, encrypted, true);
    }

    /**
     * Whether {@code answered} grants this proposed session as its early stream runs: an answer that wants the
     * streams encrypted does not grant a cleartext early stream (whose server then runs nothing of it: it refuses
     * a HELLO without TLS and drops cleartext datagrams).
     */
    boolean isGrantedBy(StreamGrant answered) {
        return proposed && ticket.sessionId().equals(answered.ticket.sessionId())
                && (encrypted || !answered.encrypted);
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
        return (fromTicket ? "from a cached ticket " : proposed ? "proposed " : "from an answer ") + ticket + " at "
                + endpoint();
    }
}
