package org.hhfr.client;

import java.io.IOException;
import java.net.SocketTimeoutException;

import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.SoapFaultException;

/** Turns what a SOAP exchange throws into the client's exceptions, naming the call and the service. */
final class SoapErrors {
    private SoapErrors() {
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
