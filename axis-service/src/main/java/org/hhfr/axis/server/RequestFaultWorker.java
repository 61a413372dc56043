package org.hhfr.axis.server;

import java.io.IOException;
import java.util.Locale;

import javax.xml.namespace.QName;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamException;

import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.soap.SOAP11Constants;
import org.apache.axiom.soap.SOAP12Constants;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.transport.http.server.AxisHttpRequest;
import org.apache.axis2.transport.http.server.AxisHttpResponse;
import org.apache.axis2.transport.http.server.Worker;
import org.apache.hc.core5.http.HttpException;
import org.hhfr.contextstore.SoapVersion;

/**
 * Gives requests that could not even be read a proper Sender (SOAP 1.1: Client) fault. Axis2 answers XML it
 * cannot parse with an empty fault code and the parser's class names in the reason; this worker names the
 * problem, with its line and column, in the SOAP version the Content-Type announced. SOAP 1.1 faults go out
 * with HTTP 500 as its binding asks, SOAP 1.2 Sender faults with 400 as its binding asks. Every other
 * outcome passes through untouched.
 */
final class RequestFaultWorker implements Worker {
    private final Worker worker;

    RequestFaultWorker(Worker worker) {
        this.worker = worker;
    }

    @Override
    public void service(AxisHttpRequest request, AxisHttpResponse response, MessageContext context)
            throws HttpException, IOException {
        try {
            worker.service(request, response, context);
        } catch (IOException e) {
            String problem = unreadableRequest(e);
            if (problem == null) {
                throw e;
            }
            throw senderFault(request, context, problem);
        }
    }

    private static AxisFault senderFault(AxisHttpRequest request, MessageContext context, String reason)
            throws AxisFault {
        String type = request.getContentType();
        boolean soap12 = type != null && type.toLowerCase(Locale.ROOT).startsWith(SoapVersion.SOAP_12.mediaType());
        if (soap12 && context.isSOAP11()) {
            context.setEnvelope(OMAbstractFactory.getSOAP12Factory().getDefaultEnvelope());
        }
        if (!soap12) {
            context.setProperty(Constants.HTTP_RESPONSE_STATE, "500");
        }
        QName code = soap12 ? SOAP12Constants.QNAME_SENDER_FAULTCODE : SOAP11Constants.QNAME_SENDER_FAULTCODE;
        return new AxisFault(reason, code);
    }

    /** A readable reason when {@code failure} comes from reading the request, else {@code null}. */
    static String unreadableRequest(Throwable failure) {
        XMLStreamException xml = null;
        for (Throwable t = failure; t != null && t != t.getCause(); t = t.getCause()) {
            if (t instanceof RequestTooLargeException) {
                return t.getMessage();
            }
            if (t instanceof XMLStreamException) {
                xml = (XMLStreamException) t;
            }
        }
        return xml == null ? null : "the request is not well-formed XML: " + describe(xml);
    }

    private static String describe(XMLStreamException e) {
        String message = e.getMessage() == null ? "unreadable" : e.getMessage();
        int lineBreak = message.indexOf('\n');
        String first = (lineBreak < 0 ? message : message.substring(0, lineBreak)).trim();
        Location at = e.getLocation();
        return at == null || at.getLineNumber() < 0 ? first
                : first + " (line " + at.getLineNumber() + ", column " + at.getColumnNumber() + ")";
    }
}
