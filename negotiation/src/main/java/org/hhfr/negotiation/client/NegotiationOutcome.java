package org.hhfr.negotiation.client;

import java.util.Objects;

import org.hhfr.contextstore.ResumptionTicket;
import org.hhfr.negotiation.Answer;

/**
 * How a negotiation ended, from the client's side: a stream was agreed (or resumed from a cached ticket),
 * the server declined with a reason, or the server does not speak HHFR. In the last two cases the client
 * carries on with plain SOAP.
 */
public final class NegotiationOutcome {
    /** What the client does next. */
    public enum Kind {
        /** The server accepted: open the stream described by the answer. */
        ACCEPTED,
        /** A cached ticket is still valid: reopen that stream without negotiating. */
        RESUMED,
        /** The server knows HHFR but cannot meet the offer: use plain SOAP. */
        DECLINED,
        /** The server does not know HHFR: use plain SOAP. */
        NOT_SUPPORTED
    }

    private final Kind kind;
    private final Answer answer;
    private final ResumptionTicket ticket;
    private final String reason;

    private NegotiationOutcome(Kind kind, Answer answer, ResumptionTicket ticket, String reason) {
        this.kind = kind;
        this.answer = answer;
        this.ticket = ticket;
        this.reason = reason;
    }

    static NegotiationOutcome accepted(Answer answer) {
        ResumptionTicket ticket = ResumptionTicket.of(answer.sessionId(), answer.token(), answer.endpoint(),
                answer.representation(), answer.transport(), answer.policy(), answer.alternateEndpoints());
        return new NegotiationOutcome(Kind.ACCEPTED, answer, ticket, null);
    }

    static NegotiationOutcome resumed(ResumptionTicket ticket) {
        return new NegotiationOutcome(Kind.RESUMED, null, Objects.requireNonNull(ticket, "ticket"), null);
    }

    static NegotiationOutcome declined(Answer answer) {
        return new NegotiationOutcome(Kind.DECLINED, answer, null, answer.reason());
    }

    static NegotiationOutcome notSupported(String reason) {
        return new NegotiationOutcome(Kind.NOT_SUPPORTED, null, null, reason);
    }

    public Kind kind() {
        return kind;
    }

    /** True when the client should open (or reopen) a stream: the paper's {@code negotiation()} result. */
    public boolean streaming() {
        return kind == Kind.ACCEPTED || kind == Kind.RESUMED;
    }

    /** The server's answer; {@code null} when resumed from the cache or the server does not know HHFR. */
    public Answer answer() {
        return answer;
    }

    /** The stream to open (session, token, endpoint, representation, transport); {@code null} for plain SOAP. */
    public ResumptionTicket ticket() {
        return ticket;
    }

    /** Why the client falls back to plain SOAP; {@code null} when streaming. */
    public String reason() {
        return reason;
    }

    @Override
    public String toString() {
        return kind + (streaming() ? " " + ticket : ": " + reason);
    }
}
