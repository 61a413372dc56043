package org.hhfr.client;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.server.SoapNegotiationService;
import org.hhfr.negotiation.server.SoapResponse;
import org.hhfr.negotiation.soap.FaultCode;
import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.negotiation.soap.SoapMessage;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.XmlRepresentation;

/**
 * The float-sum service over plain SOAP on the JDK's HTTP server (127.0.0.1, a free port): {@code /FloatSum}
 * and {@code ?wsdl}. With negotiation's {@link SoapNegotiationService} (as {@link HhfrServerSide} assembles
 * it) it speaks HHFR (answers offers, serves {@code hhfr:Negotiate}); without, it knows nothing of HHFR. A
 * NaN among the values is answered with a SOAP fault (HTTP 500); {@code /Huge} answers with an envelope of
 * 2 MiB.
 */
final class TestService implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(4);
    private final SoapNegotiationService negotiation;
    private final SoapEnvelopeReader envelopes = new SoapEnvelopeReader(SoapLimits.defaults());
    private final XmlRepresentation xml = new XmlRepresentation();
    final AtomicInteger soapCalls = new AtomicInteger();
    /** The documents a GET is answered with, by query: {@code wsdl} is the service's WSDL. */
    private final Map<String, String> documents = new ConcurrentHashMap<>(Map.of("wsdl", FloatSum.WSDL));
    final AtomicInteger negotiations = new AtomicInteger();
    /** The HTTP headers of the latest float-sum request. */
    final AtomicReference<Headers> lastHeaders = new AtomicReference<>();
    /** The envelope of the latest float-sum request. */
    final AtomicReference<String> lastEnvelope = new AtomicReference<>();
    /** SOAP responses wait until it is counted down (at most 10 s); {@code null}: they leave at once. */
    private volatile CountDownLatch responsesHeld;
    private volatile boolean negotiationsFail;
    /** SOAP requests wait until it is counted down before they are read (at most 10 s); or {@code null}. */
    private volatile CountDownLatch requestsHeld;

    private TestService(SoapNegotiationService negotiation) throws IOException {
        this.negotiation = negotiation;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        server.createContext("/FloatSum", this::serve);
        server.createContext("/Huge", this::huge);
        server.setExecutor(executor);
        server.start();
    }

    static TestService plain() throws IOException {
        return new TestService(null);
    }

    static TestService hhfr(SoapNegotiationService negotiation) throws IOException {
        return new TestService(negotiation);
    }

    /** From now on every SOAP response (answers of offers included) waits until {@code gate} is counted down. */
    void holdResponsesUntil(CountDownLatch gate) {
        responsesHeld = gate;
    }

    /**
     * From now on every negotiation, explicit or an offer riding on a call, is answered with a container's error
     * page (HTTP 500, no SOAP), as a firewall in front of the service might; plain calls are served.
     */
    void failNegotiations() {
        negotiationsFail = true;
    }

    /** From now on every SOAP request (offers included) is handled only once {@code gate} is counted down. */
    void holdRequestsUntil(CountDownLatch gate) {
        requestsHeld = gate;
    }

    String url() {
        return url("/FloatSum");
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /**
     * Serves {@code document} at {@code ?query} (a GET of {@code url() + "?" + query}), in place of what was
     * served there: a WSDL split over documents, say ({@code wsdl}, {@code wsdl=wsdl0}, {@code xsd=xsd0}).
     */
    void publish(String query, String document) {
        documents.put(query, document);
    }

    private void serve(HttpExchange exchange) throws IOException {
        String query = exchange.getRequestURI().getQuery();
        String document = query == null ? null : documents.get(query);
        if ("GET".equals(exchange.getRequestMethod()) && document != null) {
            respond(exchange, 200, "text/xml", document.getBytes(StandardCharsets.UTF_8));
            return;
        }
        await(requestsHeld);
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        lastHeaders.set(exchange.getRequestHeaders());
        lastEnvelope.set(new String(body, StandardCharsets.UTF_8));
        String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
        SoapVersion version = contentType != null && contentType.startsWith(SoapVersion.SOAP_12.mediaType())
                ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11;
        String action = version == SoapVersion.SOAP_11
                ? unquote(exchange.getRequestHeaders().getFirst("SOAPAction")) : actionOf(contentType);
        SoapResponse response;
        boolean offering = new String(body, StandardCharsets.UTF_8).contains(HhfrUris.NAMESPACE);
        if (negotiationsFail && (Negotiator.NEGOTIATE_ACTION.equals(action) || offering)) {
            negotiations.incrementAndGet();
            await(responsesHeld);
            respond(exchange, 500, "text/html", "<html><body>Internal Server Error</body></html>"
                    .getBytes(StandardCharsets.UTF_8));
            return;
        } else if (Negotiator.NEGOTIATE_ACTION.equals(action) && negotiation != null) {
            negotiations.incrementAndGet();
            response = negotiation.negotiate(new ByteArrayInputStream(body), version,
                    requested -> FloatSum.ACTION.equals(requested) ? FloatSum.serviceOperation(version) : null);
        } else if (!FloatSum.ACTION.equals(action)) {
            response = SoapNegotiationService.fault(version, FaultCode.SENDER, "no operation for SOAPAction '"
                    + action + "'");
        } else {
            response = sum(body, version);
        }
        await(responsesHeld);
        respond(exchange, response.status(), response.contentType(), response.envelope());
    }

    private static void await(CountDownLatch gate) {
        try {
            if (gate != null && !gate.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("held for 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private SoapResponse sum(byte[] body, SoapVersion version) throws IOException {
        soapCalls.incrementAndGet();
        SoapMessage<Message> request;
        try {
            request = envelopes.read(new ByteArrayInputStream(body),
                    MessageBody.reader(xml, FloatSum.REQUEST_STRUCTURE));
        } catch (MalformedEnvelopeException e) {
            return SoapNegotiationService.fault(version, FaultCode.SENDER, e.getMessage());
        }
        for (float value : request.body().record().floats("values")) {
            if (Float.isNaN(value)) {
                return SoapNegotiationService.fault(version, FaultCode.SENDER, "values must be numbers, not NaN");
            }
        }
        List<HeaderBlock> headers = new ArrayList<>();
        if (negotiation != null) {
            HeaderBlock answer = negotiation.answerFor(request.headers(), FloatSum.serviceOperation(version));
            if (answer != null) {
                headers.add(answer);
            }
        }
        byte[] envelope = SoapEnvelopeWriter.toBytes(version, headers,
                MessageBody.writer(xml, FloatSum.respond(request.body())));
        return SoapResponse.ok(version, envelope);
    }

    private void huge(HttpExchange exchange) throws IOException {
        exchange.getRequestBody().readAllBytes();
        byte[] envelope = SoapEnvelopeWriter.toBytes(SoapVersion.SOAP_11, Collections.<HeaderBlock>emptyList(),
                MessageBody.writer(xml, FloatSum.respond(FloatSum.request(1f))));
        byte[] padded = new byte[envelope.length + (2 << 20)];
        java.util.Arrays.fill(padded, (byte) ' ');
        System.arraycopy(envelope, 0, padded, 0, envelope.length);
        respond(exchange, 200, "text/xml; charset=utf-8", padded);
    }

    private static void respond(HttpExchange exchange, int status, String contentType, byte[] body)
            throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static String unquote(String value) {
        if (value == null) {
            return "";
        }
        return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
                ? value.substring(1, value.length() - 1) : value;
    }

    private static String actionOf(String contentType) {
        int at = contentType == null ? -1 : contentType.indexOf("action=\"");
        if (at < 0) {
            return "";
        }
        int start = at + "action=\"".length();
        return contentType.substring(start, contentType.indexOf('"', start));
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
