package org.hhfr.client;

import java.io.IOException;
import java.net.SocketTimeoutException;

import org.hhfr.negotiation.soap.HttpResponseException;
import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.SoapFaultException;

/** Turns what a SOAP exchange throws into the client's exceptions, naming the call and the service. */
final class SoapErrors {
    private SoapErrors() {
    }

    /**
     * Whether an exchange was refused before it reached the service: an HTTP 401, 403 or 407 without a SOAP
     * envelope, which the container or a proxy answers before any SOAP processing.
     */
    static boolean refusedBeforeService(IOException e) {
        int status = e instanceof HttpResponseException ? ((HttpResponseException) e).status() : 0;
        return status == 401 || status == 403 || status == 407;
    }

    /**
     * @param what           e.g. "call sum at http://host/FloatSum"
     * @param timeoutMillis  the socket timeout that was in force
     * @param responseLimit  the response size limit that was in force
     */
    static HhfrException translate(IOException e, String what, long timeoutMillis, long responseLimit) {
        if (e instanceof HhfrException) {
            return (HhfrException) e;
        }
        if (e instanceof SoapFaultException) {
            SoapFaultException fault = (SoapFaultException) e;
            return new ServiceFaultException(fault.code(), fault.standardCode(), fault.reason(), e);
        }
        if (e instanceof SocketTimeoutException) {
            return new CallTimeoutException(what + " timed out: " + e.getMessage() + " (timeout " + timeoutMillis
                    + " ms)", timeoutMillis, e);
        }
        if (e instanceof MalformedEnvelopeException && String.valueOf(e.getMessage()).contains("larger than the limit")) {
            return new MessageTooLargeException("the response to " + what, -1, responseLimit);
        }
        return new HhfrException(what + " failed: " + e.getMessage(), e);
    }
}
