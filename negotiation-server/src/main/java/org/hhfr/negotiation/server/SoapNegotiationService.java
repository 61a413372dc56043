package org.hhfr.negotiation.server;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import org.hhfr.contextstore.CallerIdentity;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.NegotiationReader;
import org.hhfr.negotiation.NegotiationWriter;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.soap.FaultCode;
import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.negotiation.soap.SoapFault;
import org.hhfr.negotiation.soap.SoapFaultException;
import org.hhfr.negotiation.soap.SoapMessage;
import org.hhfr.schemas.QualifiedName;

/**
 * The negotiation at the level of SOAP envelopes, for a SOAP stack to call (the axis-service module wires
 * it into Axis2; tests drive it from a plain HTTP server). Optimistic: {@link #answerFor} turns the offer
 * header of an ordinary call into the answer header of its response. Explicit: {@link #negotiate} serves
 * the {@code hhfr:Negotiate} operation. Broken envelopes get a Sender fault, broken offers in a header a
 * declining answer (the call itself goes on), each with a readable reason and never a stack trace.
 */
public final class SoapNegotiationService {
    /** Name of the offer header block. */
    public static final QualifiedName OFFER = new QualifiedName(HhfrUris.NAMESPACE, "Offer");

    private final NegotiationHandler handler;
    private final NegotiationReader reader;
    private final SoapEnvelopeReader envelopes;

    public SoapNegotiationService(NegotiationHandler handler, SoapEnvelopeReader envelopes) {
        this.handler = Objects.requireNonNull(handler, "handler");
        this.reader = new NegotiationReader(handler.capabilities().limits());
        this.envelopes = Objects.requireNonNull(envelopes, "envelopes");
    }

    /**
     * The {@code hhfr:Answer} header for the response to a call, or {@code null} when the call carried no
     * offer. An unreadable offer is declined, never faulted: it was sent as optional (no {@code mustUnderstand}).
     */
    public HeaderBlock answerFor(List<HeaderBlock> requestHeaders, ServiceOperation operation) throws IOException {
        Answer answer = answerTo(requestHeaders, operation);
        return answer == null ? null : NegotiationWriter.answerHeader(answer);
    }

    /**
     * The answer to the offer among a call's header blocks, or {@code null} when the call carried none, for a
     * SOAP stack that writes the answer header straight into its own envelope (see {@link #answerFor}).
     */
    public Answer answerTo(List<HeaderBlock> requestHeaders, ServiceOperation operation) {
        return answerTo(requestHeaders, operation, CallerIdentity.anonymous());
    }

    /** As {@link #answerTo(List, ServiceOperation)} for a call from {@code caller}, kept with the session. */
    public Answer answerTo(List<HeaderBlock> requestHeaders, ServiceOperation operation, CallerIdentity caller) {
        HeaderBlock offerHeader = null;
        for (HeaderBlock header : requestHeaders) {
            if (header.name().equals(OFFER)) {
                offerHeader = header;
                break;
            }
        }
        if (offerHeader == null) {
            return null;
        }
        Answer answer;
        try {
            Offer offer = reader.readOffer(offerHeader.xml());
            answer = handler.handle(offer, OperationContext.of(operation, requestHeaders, caller));
        } catch (MalformedEnvelopeException e) {
            answer = handler.decline(DeclineReason.OFFER_NOT_UNDERSTOOD, "the offer is not understood: "
                    + e.getMessage());
        }
        return answer;
    }

    /**
     * Serves one explicit negotiation: reads the request envelope, finds the operation the offer names by
     * its SOAPAction, and returns the {@code hhfr:NegotiateResponse} envelope or a fault.
     *
     * @param declared   the version the HTTP Content-Type announced, for faults about unreadable requests
     * @param operations the service's operation for a SOAPAction, or {@code null} if it has none
     */
    public SoapResponse negotiate(InputStream request, SoapVersion declared,
                                  Function<String, ServiceOperation> operations) throws IOException {
        return negotiate(request, declared, operations, CallerIdentity.anonymous());
    }

    /** As {@link #negotiate(InputStream, SoapVersion, Function)} for a request from {@code caller}. */
    public SoapResponse negotiate(InputStream request, SoapVersion declared,
                                  Function<String, ServiceOperation> operations, CallerIdentity caller)
            throws IOException {
        SoapMessage<Offer> message;
        try {
            message = envelopes.read(request, parser -> {
                Offer offer = reader.readNegotiate(parser);
                parser.nextTag();
                return offer;
            });
        } catch (SoapFaultException e) {
            return fault(declared, FaultCode.SENDER, "a fault is not a negotiation request");
        } catch (MalformedEnvelopeException e) {
            return fault(declared, FaultCode.SENDER, "the negotiation request is not usable: "
                    + e.getMessage());
        }
        SoapVersion version = message.version();
        QualifiedName notUnderstood = message.firstNotUnderstood(Collections.<QualifiedName>emptyList());
        if (notUnderstood != null) {
            return fault(version, FaultCode.MUST_UNDERSTAND, "header " + notUnderstood + " is not understood");
        }
        Offer offer = message.body();
        Answer answer;
        ServiceOperation operation = offer.action() == null ? null : operations.apply(offer.action());
        if (operation == null) {
            answer = handler.decline(DeclineReason.OPERATION_NOT_STREAMABLE,
                    "the offer names no operation of this service (SOAPAction '"
                    + offer.action() + "')");
        } else {
            answer = handler.handle(offer, OperationContext.of(operation, message.headers(), caller));
        }
        byte[] envelope = SoapEnvelopeWriter.toBytes(version, Collections.<HeaderBlock>emptyList(),
                serializer -> NegotiationWriter.writeNegotiateResponse(serializer, answer));
        return SoapResponse.ok(version, envelope);
    }

    /** A fault response in the given version. */
    public static SoapResponse fault(SoapVersion version, FaultCode code, String reason) throws IOException {
        return SoapResponse.fault(version, SoapEnvelopeWriter.faultBytes(version, SoapFault.of(code, version, reason)));
    }

}
