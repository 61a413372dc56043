package org.hhfr.axis.server;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.xml.namespace.QName;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamException;

import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.soap.SOAP11Constants;
import org.apache.axiom.soap.SOAP12Constants;
import org.apache.axis2.AxisFault;
import org.apache.axis2.Constants;
import org.apache.axis2.context.MessageContext;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.transport.http.server.AxisHttpRequest;
import org.apache.axis2.transport.http.server.AxisHttpResponse;
import org.apache.axis2.transport.http.server.Worker;
import org.apache.hc.core5.http.HttpException;
import org.hhfr.contextstore.SoapVersion;

/**
 * Gives requests that could not even be read a proper Sender (SOAP 1.1: Client) fault. Axis2 answers XML it
 * cannot parse with an empty fault code and the parser's class names in the reason; this worker names the
 * problem, with its line and column, in the SOAP version the Content-Type announced. SOAP 1.1 faults go out
 * with HTTP 500 as its binding asks, SOAP 1.2 Sender faults with 400 as its binding asks; a body that could
 * not be read ({@link UnreadableBodyException}) with its own status (413, 408, 400). A body Axis2's data
 * binding fails on inside (an unexpected element makes it throw an internal exception whose text would reach
 * the client) gets a Sender fault naming the operation instead. A service's own exceptions, and every other
 * outcome, pass through untouched.
 */
final class RequestFaultWorker implements Worker {
    /** How the XML parser words its refusal of a document nested deeper than its limit. */
    private static final Pattern DEPTH_LIMIT = Pattern.compile("Maximum Element Depth limit \\((\\d+)\\)");

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
            UnreadableBodyException body = cause(e, UnreadableBodyException.class);
            if (body != null) {
                throw senderFault(request, context, body.getMessage(), body.status());
            }
            String problem = unreadableRequest(e);
            if (problem == null && internalFailure(e)) {
                problem = "the request does not match the message of operation " + operationName(context);
            }
            if (problem == null) {
                throw e;
            }
            throw senderFault(request, context, problem, 0);
        }
    }

    /** @param status the HTTP status, or 0 for the SOAP version's own */
    private static AxisFault senderFault(AxisHttpRequest request, MessageContext context, String reason, int status)
            throws AxisFault {
        String type = request.getContentType();
        boolean soap12 = type != null && type.toLowerCase(Locale.ROOT).startsWith(SoapVersion.SOAP_12.mediaType());
        if (soap12 && context.isSOAP11()) {
            context.setEnvelope(OMAbstractFactory.getSOAP12Factory().getDefaultEnvelope());
        }
        if (status != 0) {
            context.setProperty(Constants.HTTP_RESPONSE_STATE, String.valueOf(status));
        } else if (!soap12) {
            context.setProperty(Constants.HTTP_RESPONSE_STATE, "500");
        }
        QName code = soap12 ? SOAP12Constants.QNAME_SENDER_FAULTCODE : SOAP11Constants.QNAME_SENDER_FAULTCODE;
        return new AxisFault(reason, code);
    }

    /** The first {@code type} in the cause chain of {@code failure}, or {@code null}. */
    private static <T extends Throwable> T cause(Throwable failure, Class<T> type) {
        T found = null;
        for (Throwable t = failure; t != null && found == null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                found = type.cast(t);
            }
        }
        return found;
    }

    /** A readable reason when {@code failure} comes from parsing the request's XML, else {@code null}. */
    private static String unreadableRequest(Throwable failure) {
        XMLStreamException xml = null;
        for (Throwable t = failure; t != null && t != t.getCause(); t = t.getCause()) {
            if (t instanceof XMLStreamException) {
                xml = (XMLStreamException) t;
            }
        }
        if (xml == null) {
            return null;
        }
        String tooDeep = nestingLimit(xml.getMessage());
        return tooDeep != null ? "the request nests XML deeper than " + tooDeep + " elements"
                : "the request is not well-formed XML: " + describe(xml);
    }

    /** The parser's depth limit when {@code message} is its refusal of a deeper document, else {@code null}. */
    private static String nestingLimit(String message) {
        Matcher matcher = message == null ? null : DEPTH_LIMIT.matcher(message);
        return matcher != null && matcher.find() ? matcher.group(1) : null;
    }

    /**
     * Whether Axis2 failed on the request with an exception of its own making rather than the service's: a
     * runtime exception in the cause chain that the service method did not throw (those come wrapped in an
     * {@link InvocationTargetException}).
     */
    private static boolean internalFailure(Throwable failure) {
        return cause(failure, InvocationTargetException.class) == null
                && cause(failure, RuntimeException.class) != null;
    }

    private static String operationName(MessageContext context) {
        AxisOperation operation = context.getAxisOperation();
        return operation == null || operation.getName() == null ? "(unknown)" : operation.getName().getLocalPart();
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
