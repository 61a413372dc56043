package org.hhfr.axis.stream;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import javax.xml.namespace.QName;

import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMXMLBuilderFactory;
import org.apache.axiom.soap.SOAP11Constants;
import org.apache.axiom.soap.SOAP12Constants;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.apache.axis2.description.TransportInDescription;
import org.apache.axis2.description.TransportOutDescription;
import org.apache.axis2.engine.AxisEngine;
import org.apache.axis2.handlers.AbstractHandler;
import org.apache.axis2.kernel.TransportSender;
import org.hhfr.axis.module.HttpCaller;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.XmlRepresentation;

/**
 * The Infoset road: the streamed request is rebuilt as the full SOAP envelope the client would have sent
 * (static headers from the session, then the message's headers, then the body) and handed to Axis2's engine,
 * so every handler engaged on the service sees exactly what it sees from SOAP, the caller's HTTP identity
 * included (the one stored with the session, see {@link HttpCaller}). The response envelope Axis2
 * produces is captured in memory (no HTTP involved) and its body read back into a {@link Message}.
 */
public final class EnvelopeDispatch implements StreamedCallDispatcher {
    /** The incoming transport name of a streamed call, as handlers see it. */
    public static final String TRANSPORT = "hhfr-stream";
    private static final String RESPONSE = "org.hhfr.axis.stream.response";

    private final ConfigurationContext context;
    private final XmlRepresentation xml;
    private final TransportInDescription transportIn = new TransportInDescription(TRANSPORT);
    private final TransportOutDescription transportOut = new TransportOutDescription(TRANSPORT);

    public EnvelopeDispatch(ConfigurationContext context, XmlRepresentation xml) {
        this.context = context;
        this.xml = xml;
        transportOut.setSender(new ResponseCapture());
    }

    @Override
    public StreamedCall bind(StreamContext session) throws StreamedCallException {
        AxisService service = ServiceLookup.service(context, session);
        return bind(service, ServiceLookup.operation(service, session));
    }

    /** The route through Axis2's engine to {@code operation}. */
    StreamedCall bind(AxisService service, AxisOperation operation) {
        return (session, request, messageHeaders) -> call(service, operation, session, request, messageHeaders);
    }

    private Message call(AxisService service, AxisOperation operation, StreamContext session, Message request,
                         List<HeaderBlock> messageHeaders) throws StreamedCallException {
        List<HeaderBlock> headers = new ArrayList<>(session.staticHeaders());
        headers.addAll(messageHeaders);
        MessageContext in = context.createMessageContext();
        try {
            byte[] envelope = SoapEnvelopeWriter.toBytes(session.operation().soapVersion(), headers,
                    MessageBody.writer(xml, request));
            in.setEnvelope(OMXMLBuilderFactory.createSOAPModelBuilder(new ByteArrayInputStream(envelope),
                    StandardCharsets.UTF_8.name()).getSOAPEnvelope());
            in.setServerSide(true);
            in.setIncomingTransportName(TRANSPORT);
            in.setTransportIn(transportIn);
            in.setTransportOut(transportOut);
            in.setAxisService(service);
            in.setAxisOperation(operation);
            in.setSoapAction(session.operation().soapAction());
            HttpCaller.give(in, session.identity());
            AxisEngine.receive(in);
        } catch (AxisFault fault) {
            // A Sender fault blames the request (Axis2's databinding refusing a value, say): never the server's error.
            throw !isSender(fault) && StreamedCallException.isUnexpected(fault)
                    ? StreamedCallException.serverError(reason(fault), fault)
                    : new StreamedCallException(reason(fault), isSender(fault), fault);
        } catch (IOException e) {
            throw new StreamedCallException("the streamed request cannot be rebuilt as an envelope: "
                    + e.getMessage(), true, e);
        }
        Object response = in.getOperationContext() == null ? null
                : in.getOperationContext().getProperty(RESPONSE);
        if (!(response instanceof SOAPEnvelope)) {
            throw new StreamedCallException("the service sent no response", false, null);
        }
        return responseMessage(session, (SOAPEnvelope) response);
    }

    private Message responseMessage(StreamContext session, SOAPEnvelope envelope) throws StreamedCallException {
        OMElement body = envelope.getBody().getFirstElement();
        if (body == null) {
            throw new StreamedCallException("the service's response body is empty", false, null);
        }
        try {
            return xml.decode(session.response(), body.toString());
        } catch (MalformedMessageException e) {
            throw new StreamedCallException("the service's response does not fit the negotiated structure: "
                    + e.getMessage(), false, e);
        }
    }

    private static String reason(AxisFault fault) {
        String reason = fault.getReason();
        return reason == null || reason.isEmpty() ? "the service failed" : reason;
    }

    private static boolean isSender(AxisFault fault) {
        QName code = fault.getFaultCode();
        return code != null && (SOAP11Constants.FAULT_CODE_SENDER.equals(code.getLocalPart())
                || SOAP12Constants.FAULT_CODE_SENDER.equals(code.getLocalPart()));
    }

    /** Axis2's last step for a response: here it only keeps the envelope for {@link #call} to read. */
    private static final class ResponseCapture extends AbstractHandler implements TransportSender {
        @Override
        public InvocationResponse invoke(MessageContext out) {
            out.getOperationContext().setProperty(RESPONSE, out.getEnvelope());
            return InvocationResponse.CONTINUE;
        }

        @Override
        public void init(ConfigurationContext configurationContext, TransportOutDescription description) {
            // nothing to set up
        }

        @Override
        public void cleanup(MessageContext message) {
            // nothing was opened
        }

        @Override
        public void stop() {
            // nothing runs
        }
    }
}
