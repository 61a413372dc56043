package org.hhfr.client;

import java.io.IOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.negotiation.soap.BodyReader;
import org.hhfr.negotiation.soap.HttpCallControl;
import org.hhfr.negotiation.soap.HttpResponseException;
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.XmlRepresentation;

/**
 * Calls as plain document/literal SOAP over HTTP, one connection per call on the calling thread; each envelope
 * carries the client's static header blocks and the call's own, each request the client's HTTP headers. The socket
 * timeouts of each call are cut to what is left of its call timeout, so a slow or silent service cannot hold
 * a call past its deadline by more than one read.
 */
final class SoapChannel implements Channel {
    /** Nesting allowed in a response to a one-way request, which is read only to be skipped. */
    private static final int MAX_SKIPPED_DEPTH = 64;

    private final ClientSettings settings;
    private final Operation operation;
    private final XmlRepresentation xml;

    SoapChannel(ClientSettings settings, Operation operation) {
        this.settings = settings;
        this.operation = operation;
        this.xml = new XmlRepresentation(settings.streamerLimits());
    }

    @Override
    public Mode mode() {
        return Mode.SOAP;
    }

    @Override
    public boolean blocksCaller() {
        return true;
    }

    /** Runs the call here; cancelling or expiring it aborts its HTTP request from the timer's thread. */
    @Override
    public void start(PendingCall call, Message request) {
        run(call, request, false);
    }

    /** Runs a call of a one-way operation here: it completes with no response once the service accepted it. */
    void sendOneWay(PendingCall call, Message request) {
        run(call, request, true);
    }

    private void run(PendingCall call, Message request, boolean oneWay) {
        HttpCallControl control = control(call, request);
        if (control == null) {
            return;
        }
        try {
            call.complete(oneWay ? deliver(request, call, control) : exchange(request,
                    envelopeHeaders(settings, call), call.remainingMillis(),
                    MessageBody.reader(xml, operation.response()), control));
        } catch (HhfrException e) {
            call.fail(e);
        } catch (RuntimeException e) {
            // HttpURLConnection throws unchecked ones when its request is aborted from another thread midway (the
            // call was cancelled, expired or closed, and is settled already): never out of the sending thread.
            call.fail(new HhfrException("the call " + operation.element().localName() + " at "
                    + settings.serviceUrl + " failed: " + e, e));
        }
    }

    /**
     * The HTTP side of a call leaving over SOAP: the interceptors' headers, and its abort when the call is
     * abandoned. Null when an interceptor failed the call.
     */
    static HttpCallControl control(PendingCall call, Message request) {
        CallDetails details = call.depart(Mode.SOAP, request);
        if (details == null) {
            return null;
        }
        HttpCallControl control = new HttpCallControl();
        for (Map.Entry<String, String> header : details.headers().entrySet()) {
            control.header(header.getKey(), header.getValue());
        }
        call.onAbandon(control::abort);
        return control;
    }

    /**
     * Sends a one-way request; returns (null) once the service accepted it (HTTP 202, or any SOAP answer, whose
     * body is skipped).
     */
    private Message deliver(Message request, PendingCall call, HttpCallControl control) throws HhfrException {
        try {
            exchange(request, envelopeHeaders(settings, call), call.remainingMillis(),
                    BodyReader.elements(settings.maxMessageBytes, MAX_SKIPPED_DEPTH), control);
        } catch (HhfrException e) {
            if (!(e.getCause() instanceof HttpResponseException && isAccepted((HttpResponseException) e.getCause()))) {
                throw e;
            }
        }
        return null;
    }

    /** A one-way request answered without an envelope: 202 Accepted (or 200 with an empty body). */
    private static boolean isAccepted(HttpResponseException e) {
        return e.status() == 202 || e.status() == 200 && e.contentType() == null;
    }

    /** The header blocks of a call's envelope: the client's static ones, then the call's own. */
    static List<HeaderBlock> envelopeHeaders(ClientSettings settings, PendingCall call) {
        if (call.headers().isEmpty()) {
            return settings.staticHeaders;
        }
        List<HeaderBlock> headers = new ArrayList<>(settings.staticHeaders);
        headers.addAll(call.headers());
        return headers;
    }

    private <T> T exchange(Message request, List<HeaderBlock> headers, int remainingMillis, BodyReader<T> reader,
                           HttpCallControl control) throws HhfrException {
        checkRequestSize(xml, request, settings.maxMessageBytes);
        int connectTimeout = Math.min(settings.connectTimeoutMillis, remainingMillis);
        int readTimeout = Math.min(settings.readTimeoutMillis, remainingMillis);
        URL url = settings.serviceUrl;
        SoapHttpClient http = new SoapHttpClient(url, connectTimeout, readTimeout, settings.soapLimits(),
                settings.httpHeaders, settings.configuredSslSocketFactory);
        try {
            return http.call(settings.soapVersion, operation.soapAction(), headers,
                    MessageBody.writer(xml, request), reader, control).body();
        } catch (IOException e) {
            throw SoapErrors.translate(e, "the call " + operation.element().localName() + " at " + url,
                    Math.min(connectTimeout, readTimeout), settings.maxMessageBytes);
        }
    }

    /** Refuses a request whose XML body exceeds the limit, before anything is sent. */
    static void checkRequestSize(XmlRepresentation xml, Message request, int limit) throws MessageTooLargeException {
        int size = xml.encode(request).length;
        if (size > limit) {
            throw new MessageTooLargeException("the request " + request.structure().root().name().localName(),
                    size, limit);
        }
    }

    @Override
    public boolean isUsable() {
        return true;
    }

    @Override
    public void close() {
        // Nothing held between calls.
    }
}
