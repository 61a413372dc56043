package org.hhfr.negotiation.client;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ResumptionTicket;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.NegotiationReader;
import org.hhfr.negotiation.NegotiationWriter;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.soap.BodyReader;
import org.hhfr.negotiation.soap.BodyWriter;
import org.hhfr.negotiation.soap.FaultCode;
import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.SoapFaultException;
import org.hhfr.negotiation.soap.HttpCallControl;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapMessage;
import org.hhfr.schemas.QualifiedName;

/**
 * The client side of the negotiation, over SOAP/HTTP.
 *
 * <ul>
 *   <li>{@link #callWithOffer} (optimistic, the default): the offer rides as an optional (no {@code mustUnderstand})
 *       header on the first real call. The response answers the call in any case; its {@code hhfr:Answer}
 *       header (or the lack of one, from a server that knows nothing of HHFR) says whether to stream.</li>
 *   <li>{@link #negotiate} (explicit): a separate {@code hhfr:Negotiate} call, the paper's
 *       {@code negotiation()}; a fault from a server without that operation means "not supported".</li>
 * </ul>
 * Accepted sessions are remembered in a {@link ResumptionTicketCache}; {@link #resumable} finds a still
 * valid one so the client skips negotiation, and {@link #forget} drops one the server no longer knows.
 * Thread-safe.
 */
public final class Negotiator {
    /** SOAPAction of the explicit negotiation operation. */
    public static final String NEGOTIATE_ACTION = HhfrUris.NAMESPACE + "#negotiate";
    /** Part of a session's validity kept as margin for the time the answer took to arrive. */
    private static final long EXPIRY_MARGIN_DIVISOR = 10;

    private static final QualifiedName ANSWER = new QualifiedName(HhfrUris.NAMESPACE, "Answer");

    private final SoapHttpClient http;
    private final SoapVersion version;
    private final NegotiationReader reader;
    private final ResumptionTicketCache tickets;

    public Negotiator(SoapHttpClient http, SoapVersion version, NegotiationReader reader,
                      ResumptionTicketCache tickets) {
        this.http = Objects.requireNonNull(http, "http");
        this.version = Objects.requireNonNull(version, "version");
        this.reader = Objects.requireNonNull(reader, "reader");
        this.tickets = Objects.requireNonNull(tickets, "tickets");
    }

    /** A still valid ticket for {@code key}: open that stream without negotiating. */
    public Optional<ResumptionTicket> resumable(TicketKey key) {
        return tickets.get(key);
    }

    /** Forgets the ticket for {@code key}, after the server said the session is unknown or expired. */
    public void forget(TicketKey key) {
        tickets.remove(key);
    }

    /**
     * After an {@link org.hhfr.negotiation.UnknownSessionException} from the stream: forgets the ticket
     * and negotiates explicitly again.
     */
    public NegotiationOutcome renegotiate(TicketKey key, Offer offer, List<HeaderBlock> headers) throws IOException {
        forget(key);
        return negotiate(key, offer, headers);
    }

    /**
     * Makes a real call with the offer as a header. Every name in {@code offer.staticHeaders()} must be one
     * of {@code headers}, which are sent as ordinary header blocks of this call.
     *
     * An unusable answer header makes the outcome {@link NegotiationOutcome.Kind#NOT_SUPPORTED}: the
     * call's own result is never lost to a negotiation problem.
     *
     * @throws SoapFaultException the call itself failed (the negotiation never makes a call fail)
     */
    public <T> OptimisticResult<T> callWithOffer(TicketKey key, String action, Offer offer,
                                                 List<HeaderBlock> headers, BodyWriter body,
                                                 BodyReader<T> bodyReader) throws IOException {
        return callWithOffer(key, action, offer, headers, body, bodyReader, new HttpCallControl());
    }

    /** As above, with {@code control}'s HTTP headers, and abortable through it. */
    public <T> OptimisticResult<T> callWithOffer(TicketKey key, String action, Offer offer,
                                                 List<HeaderBlock> headers, BodyWriter body,
                                                 BodyReader<T> bodyReader, HttpCallControl control)
            throws IOException {
        requireStaticHeadersPresent(offer, headers);
        List<HeaderBlock> all = new ArrayList<>(headers);
        all.add(NegotiationWriter.offerHeader(offer));
        SoapMessage<T> response = http.call(version, action, all, body, bodyReader, control);
        HeaderBlock answerHeader = response.header(ANSWER);
        NegotiationOutcome outcome;
        if (answerHeader == null) {
            outcome = NegotiationOutcome.notSupported("the service answered without an hhfr:Answer header: "
                    + "it does not support HHFR");
        } else {
            try {
                outcome = remember(key, offer, reader.readAnswer(answerHeader.xml()));
            } catch (MalformedEnvelopeException e) {
                outcome = NegotiationOutcome.notSupported("the service's hhfr:Answer is not usable: "
                        + e.getMessage());
            }
        }
        return OptimisticResult.of(response, outcome);
    }

    /**
     * Negotiates in a separate call. A SOAP fault other than a refusal of the request itself means the
     * service has no {@code negotiate} operation, so the outcome is {@link NegotiationOutcome.Kind#NOT_SUPPORTED}.
     *
     * @param headers envelope headers of this call; the offer's static headers must be among them
     */
    public NegotiationOutcome negotiate(TicketKey key, Offer offer, List<HeaderBlock> headers) throws IOException {
        return negotiate(key, offer, headers, new HttpCallControl());
    }

    /** As above, with {@code control}'s HTTP headers and hook, and abortable through it. */
    public NegotiationOutcome negotiate(TicketKey key, Offer offer, List<HeaderBlock> headers, HttpCallControl control)
            throws IOException {
        requireStaticHeadersPresent(offer, headers);
        if (offer.action() == null) {
            throw new IllegalArgumentException("an explicit negotiation must name the operation's SOAPAction");
        }
        SoapMessage<Answer> response;
        try {
            response = http.call(version, NEGOTIATE_ACTION, headers,
                    serializer -> NegotiationWriter.writeNegotiate(serializer, offer),
                    parser -> {
                        Answer answer = reader.readNegotiateResponse(parser);
                        parser.nextTag();
                        return answer;
                    }, control);
        } catch (SoapFaultException e) {
            if (e.standardCode() == FaultCode.MUST_UNDERSTAND || e.standardCode() == FaultCode.VERSION_MISMATCH) {
                throw e;
            }
            return NegotiationOutcome.notSupported("the service does not offer HHFR negotiation ("
                    + e.getMessage() + ")");
        } catch (MalformedEnvelopeException e) {
            throw new MalformedEnvelopeException("the negotiation response is not usable: " + e.getMessage(), e);
        }
        return remember(key, offer, response.body());
    }

    private NegotiationOutcome remember(TicketKey key, Offer offer, Answer answer) throws MalformedEnvelopeException {
        if (!answer.isAccepted()) {
            return NegotiationOutcome.declined(answer);
        }
        if (!offer.representations().contains(answer.representation())
                || !offer.transports().contains(answer.transport())) {
            throw new MalformedEnvelopeException("the server chose representation " + answer.representation()
                    + " and transport " + answer.transport() + ", which the client did not both offer");
        }
        if (!answer.resumed()) {
            requireHonoured(offer.policy(), answer.policy());
        }
        if (!answer.encrypted() && "https".equals(http.endpoint().getProtocol())) {
            return NegotiationOutcome.declined(Answer.declined("the service granted a cleartext stream, and it was"
                    + " reached over https: streams are never less protected than their SOAP endpoint"));
        }
        NegotiationOutcome outcome = NegotiationOutcome.accepted(answer);
        long validFor = answer.validForMillis();
        tickets.put(key, outcome.ticket(), validFor - validFor / EXPIRY_MARGIN_DIVISOR);
        return outcome;
    }

    /**
     * The client runs exactly what the server answers, so the answer may only counter what the server bounds:
     * a smaller window, a longer retransmission interval, a shorter lifetime. Anything else is refused.
     */
    private static void requireHonoured(ReliabilityPolicy offered, ReliabilityPolicy agreed)
            throws MalformedEnvelopeException {
        if (!agreed.inOrder() || agreed.deliveryAssurance() != offered.deliveryAssurance()
                || agreed.ackIntervalMillis() != offered.ackIntervalMillis() || agreed.window() > offered.window()
                || agreed.retransmissionIntervalMillis() < offered.retransmissionIntervalMillis()
                || agreed.maxResponseBytes() != offered.maxResponseBytes()
                || agreed.validForMillis() > offered.validForMillis()) {
            throw new MalformedEnvelopeException("the server agreed to " + agreed
                    + ", which does not honour the offered " + offered);
        }
    }

    private static void requireStaticHeadersPresent(Offer offer, List<HeaderBlock> headers) {
        for (QualifiedName name : offer.staticHeaders()) {
            boolean present = false;
            for (HeaderBlock header : headers) {
                present |= header.name().equals(name);
            }
            if (!present) {
                throw new IllegalArgumentException("static header " + name + " is not among the envelope's headers");
            }
        }
    }
}
