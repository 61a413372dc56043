package org.hhfr.negotiation;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.MalformedURLException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.server.SoapNegotiationService;
import org.hhfr.negotiation.server.SoapResponse;
import org.hhfr.negotiation.soap.BodyReader;
import org.hhfr.negotiation.soap.BodyWriter;
import org.hhfr.negotiation.soap.FaultCode;
import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.negotiation.soap.SoapMessage;
import org.hhfr.schemas.QualifiedName;

/**
 * A float-sum SOAP service on the JDK's HTTP server (127.0.0.1, a free port). With a
 * {@link SoapNegotiationService} it speaks HHFR as the axis-service module will: it answers offers on calls
 * and serves {@code hhfr:Negotiate}. Without one it is a plain SOAP service that knows nothing of HHFR (it
 * faults on unknown operations and on mustUnderstand headers it does not know). It records each request.
 */
final class TestSoapServer implements AutoCloseable {
    /** One request as received. */
    static final class Recorded {
        final String soapAction;
        final String contentType;
        final byte[] body;

        Recorded(String soapAction, String contentType, byte[] body) {
            this.soapAction = soapAction;
            this.contentType = contentType;
            this.body = body;
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(4);
    private final SoapNegotiationService negotiation;
    private final SoapEnvelopeReader reader = new SoapEnvelopeReader(SoapLimits.defaults());
    final List<Recorded> requests = new CopyOnWriteArrayList<>();
    /** Bodies of the responses to {@link #requests}, in the same order for sequential clients. */
    final List<byte[]> responses = new CopyOnWriteArrayList<>();

    private TestSoapServer(SoapNegotiationService negotiation) throws IOException {
        this.negotiation = negotiation;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        server.createContext("/FloatSum", this::serve);
        server.createContext("/missing", exchange -> respond(exchange, 404, "text/html",
                "<html><body>Not Found</body></html>".getBytes("UTF-8")));
        // As Axis2 answers: the SOAP 1.2 HTTP binding sends a Sender fault with status 400.
        server.createContext("/sender-fault-400", exchange -> {
            SoapResponse fault = SoapNegotiationService.fault(SoapVersion.SOAP_12, FaultCode.SENDER,
                    "values must be numbers");
            respond(exchange, 400, fault.contentType(), fault.envelope());
        });
        // As Axis2's servlet answers a one-way request: 202, a SOAP content type, and no body at all.
        server.createContext("/accepted-one-way", exchange -> respond(exchange, 202, "text/xml;charset=utf-8",
                new byte[0]));
        server.setExecutor(executor);
        server.start();
    }

    static TestSoapServer hhfr(SoapNegotiationService negotiation) throws IOException {
        return new TestSoapServer(negotiation);
    }

    static TestSoapServer plain() throws IOException {
        return new TestSoapServer(null);
    }

    URL url() {
        return url("/FloatSum");
    }

    URL url(String path) {
        try {
            return new URL("http", "127.0.0.1", server.getAddress().getPort(), path);
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    private void serve(HttpExchange exchange) throws IOException {
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
        String action = exchange.getRequestHeaders().getFirst("SOAPAction");
        requests.add(new Recorded(action, contentType, body));
        SoapVersion declared = contentType != null && contentType.startsWith(SoapVersion.SOAP_12.mediaType())
                ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11;
        String soapAction = declared == SoapVersion.SOAP_11 ? unquote(action) : actionParameter(contentType);
        SoapResponse response;
        if (Negotiator.NEGOTIATE_ACTION.equals(soapAction) && negotiation != null) {
            response = negotiation.negotiate(new ByteArrayInputStream(body), declared,
                    requested -> FloatSum.ACTION.equals(requested) ? HhfrServer.operation(declared) : null);
        } else if (!FloatSum.ACTION.equals(soapAction)) {
            response = SoapNegotiationService.fault(declared, FaultCode.SENDER,
                    "no operation for SOAPAction '" + soapAction + "'");
        } else {
            response = sum(body, declared);
        }
        responses.add(response.envelope());
        respond(exchange, response.status(), response.contentType(), response.envelope());
    }

    private SoapResponse sum(byte[] body, SoapVersion declared) throws IOException {
        SoapMessage<List<String>> request;
        try {
            request = reader.read(new ByteArrayInputStream(body), BodyReader.elements(1 << 20, 64));
        } catch (MalformedEnvelopeException e) {
            return SoapNegotiationService.fault(declared, FaultCode.SENDER, e.getMessage());
        }
        List<QualifiedName> understood = new ArrayList<>();
        if (negotiation != null) {
            understood.add(SoapNegotiationService.OFFER);
        }
        QualifiedName notUnderstood = request.firstNotUnderstood(understood);
        if (notUnderstood != null) {
            return SoapNegotiationService.fault(request.version(), FaultCode.MUST_UNDERSTAND,
                    "header " + notUnderstood + " is not understood");
        }
        List<HeaderBlock> responseHeaders = new ArrayList<>();
        if (negotiation != null) {
            HeaderBlock answer = negotiation.answerFor(request.headers(), HhfrServer.operation(request.version()));
            if (answer != null) {
                responseHeaders.add(answer);
            }
        }
        byte[] envelope = SoapEnvelopeWriter.toBytes(request.version(), responseHeaders,
                BodyWriter.elements(FloatSum.responseBody(request.body().get(0))));
        return SoapResponse.ok(request.version(), envelope);
    }

    private static void respond(HttpExchange exchange, int status, String contentType, byte[] body)
            throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static String unquote(String action) {
        if (action == null) {
            return null;
        }
        return action.length() >= 2 && action.startsWith("\"") && action.endsWith("\"")
                ? action.substring(1, action.length() - 1) : action;
    }

    private static String actionParameter(String contentType) {
        int at = contentType.indexOf("action=\"");
        if (at < 0) {
            return null;
        }
        int start = at + "action=\"".length();
        return contentType.substring(start, contentType.indexOf('"', start));
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
