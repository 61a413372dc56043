package org.hhfr.transports.netty.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.MalformedURLException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.MessageSchema;
import org.hhfr.negotiation.OperationSchemas;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.server.NegotiationHandler;
import org.hhfr.negotiation.server.PublishedSchemas;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.negotiation.server.SoapNegotiationService;
import org.hhfr.negotiation.server.SoapResponse;
import org.hhfr.negotiation.soap.FaultCode;
import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.MessageBody;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.negotiation.soap.SoapFaultException;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.negotiation.soap.SoapMessage;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SchemaLimits;
import org.hhfr.streamer.BinaryRepresentation;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Representation;
import org.hhfr.streamer.XmlRepresentation;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.fault.StreamFault;
import org.hhfr.transports.netty.InboundMessage;
import org.hhfr.transports.netty.StreamDispatcher;
import org.hhfr.transports.netty.StreamFaultException;
import org.hhfr.transports.netty.StreamServer;
import org.hhfr.transports.netty.StreamServerConfig;
import org.hhfr.transports.netty.StreamSession;

/**
 * A whole HHFR server in the test's process, for client tests (the Android client's among them): plain SOAP
 * over the JDK's HTTP server on 127.0.0.1 with negotiation (an offer on a call is answered; the explicit
 * {@code negotiate} operation is served), and the TCP and UDP stream endpoints of {@link StreamServer}, on
 * free ports. It serves the paper's {@code FloatSum.sum(float[]) -> float} at {@code /axis2/services/FloatSum}
 * (SOAPAction {@code urn:sum}) and {@code StringConcat.concat(String[]) -> String} at
 * {@code /axis2/services/StringConcat} ({@code urn:concat}), with the schemas Axis2 publishes for them.
 *
 * <p>Hooks for tests: {@link #dropConnections()} cuts every TCP stream (clients must resume),
 * {@link #expireSession} and {@link #expireAllSessions()} make the store forget sessions (clients must
 * renegotiate), {@link #calls} counts each operation's executions over SOAP and streams together (to prove
 * nothing ran twice).
 */
public final class InProcessHhfrServer implements AutoCloseable {
    public static final String SUM_ACTION = "urn:sum";
    public static final String CONCAT_ACTION = "urn:concat";
    public static final String FLOAT_SUM_PATH = "/axis2/services/FloatSum";
    public static final String STRING_CONCAT_PATH = "/axis2/services/StringConcat";

    private static final XmlRepresentation XML = new XmlRepresentation();
    private static final BinaryRepresentation BINARY = new BinaryRepresentation();

    private final InMemoryContextStore store;
    private final StreamServer streams;
    private final SoapNegotiationService negotiation;
    private final SoapEnvelopeReader envelopes = new SoapEnvelopeReader(SoapLimits.defaults());
    private final HttpServer http;
    private final ExecutorService httpThreads = Executors.newFixedThreadPool(4);
    private final ConcurrentMap<String, AtomicLong> calls = new ConcurrentHashMap<>();
    private final List<SampleOperation> operations = new ArrayList<>();

    private InProcessHhfrServer(StreamServerConfig streamConfig, StoreLimits storeLimits) throws IOException {
        operations.add(new SampleOperation("FloatSum", "sum", SUM_ACTION, FLOAT_SUM_PATH,
                SampleServices.FLOAT_SUM_NS, SampleServices.FLOAT_SUM_XSD, SampleServices.SUM_REQUEST,
                SampleServices.SUM_RESPONSE, SampleServices::sum));
        operations.add(new SampleOperation("StringConcat", "concat", CONCAT_ACTION, STRING_CONCAT_PATH,
                SampleServices.CONCAT_NS, SampleServices.CONCAT_XSD, SampleServices.CONCAT_REQUEST,
                SampleServices.CONCAT_RESPONSE, SampleServices::concat));
        store = new InMemoryContextStore(storeLimits, MonotonicClock.SYSTEM, TokenGenerator.secure());
        streams = StreamServer.start(store, StreamDispatcher.ofFunction(this::dispatch), streamConfig);
        NegotiationHandler handler = new NegotiationHandler(ServerCapabilities.defaults(), store,
                this::endpointFor, this::published, SchemaLimits.defaults());
        negotiation = new SoapNegotiationService(handler, envelopes);
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        for (SampleOperation operation : operations) {
            http.createContext(operation.path, exchange -> serve(exchange, operation));
        }
        http.setExecutor(httpThreads);
        http.start();
    }

    /** Default store limits; streams dispatched on the event loop (the functions only compute). */
    public static InProcessHhfrServer start() throws IOException {
        return start(StreamServerConfig.on("127.0.0.1").ioThreads(2).dispatchExecutor(Runnable::run).build(),
                StoreLimits.defaults());
    }

    /** With the stream server's settings (ports are ignored: always free ones) and the store's limits. */
    public static InProcessHhfrServer start(StreamServerConfig streamConfig, StoreLimits storeLimits)
            throws IOException {
        return new InProcessHhfrServer(streamConfig.toBuilder().ports(0, 0).build(), storeLimits);
    }

    /** The SOAP endpoint of FloatSum. */
    public URL floatSumUrl() {
        return url(FLOAT_SUM_PATH);
    }

    /** The SOAP endpoint of StringConcat. */
    public URL stringConcatUrl() {
        return url(STRING_CONCAT_PATH);
    }

    public int tcpPort() {
        return streams.tcpPort();
    }

    public int udpPort() {
        return streams.udpPort();
    }

    /** The stream server, for its metrics. */
    public StreamServer streams() {
        return streams;
    }

    /** How often the operation ({@code "sum"} or {@code "concat"}) ran, over SOAP and streams together. */
    public long calls(String operation) {
        AtomicLong count = calls.get(operation);
        return count == null ? 0 : count.get();
    }

    /** Cuts every TCP stream connection, as a network failure would; sessions stay (clients resume). */
    public void dropConnections() {
        streams.dropConnections();
    }

    /** Forgets one session, as expiry would: its stream is aborted and the id refused from now on. */
    public boolean expireSession(String sessionIdText) throws ContextStoreException {
        return store.remove(SessionId.parse(sessionIdText));
    }

    /** Forgets every session. */
    public void expireAllSessions() {
        store.close();
    }

    @Override
    public void close() {
        http.stop(0);
        httpThreads.shutdownNow();
        streams.close();
        store.close();
    }

    private URL url(String path) {
        try {
            return new URL("http", "127.0.0.1", http.getAddress().getPort(), path);
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    private StreamEndpoint endpointFor(String transportUri) {
        if (HhfrUris.TRANSPORT_TCP.equals(transportUri)) {
            return StreamEndpoint.of("127.0.0.1", streams.tcpPort());
        }
        if (HhfrUris.TRANSPORT_UDP.equals(transportUri)) {
            return StreamEndpoint.of("127.0.0.1", streams.udpPort());
        }
        return null;
    }

    private PublishedSchemas published(ServiceOperation operation) {
        SampleOperation sample = find(operation.soapAction());
        return sample == null ? null : sample.published;
    }

    private SampleOperation find(String action) {
        for (SampleOperation operation : operations) {
            if (operation.action.equals(action)) {
                return operation;
            }
        }
        return null;
    }

    /** A streamed call: the session's context says which operation and which representation. */
    private byte[] dispatch(StreamSession session, InboundMessage message) {
        StreamContext context = session.context();
        SampleOperation operation = find(context.operation().soapAction());
        if (operation == null) {
            throw new IllegalStateException("no operation for " + context.operation());
        }
        Representation representation = BinaryRepresentation.URI.equals(context.representationUri()) ? BINARY : XML;
        try {
            Message request = representation.decode(context.request(), message.payload(), 0,
                    message.payload().length);
            return representation.encode(operation.run(request));
        } catch (org.hhfr.streamer.MalformedMessageException e) {
            throw new StreamFaultException(StreamFault.Code.SENDER,
                    "undecodable " + operation.name + " request: " + e.getMessage());
        }
    }

    private void serve(HttpExchange exchange, SampleOperation operation) throws IOException {
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
        SoapVersion declared = contentType != null && contentType.startsWith(SoapVersion.SOAP_12.mediaType())
                ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11;
        String action = declared == SoapVersion.SOAP_11
                ? unquote(exchange.getRequestHeaders().getFirst("SOAPAction")) : actionParameter(contentType);
        SoapResponse response;
        if (Negotiator.NEGOTIATE_ACTION.equals(action)) {
            response = negotiation.negotiate(new ByteArrayInputStream(body), declared,
                    requested -> operation.action.equals(requested) ? operation.serviceOperation(declared) : null);
        } else if (operation.action.equals(action)) {
            response = call(body, declared, operation);
        } else {
            response = SoapNegotiationService.fault(declared, FaultCode.SENDER,
                    "no operation for SOAPAction '" + action + "'");
        }
        exchange.getResponseHeaders().set("Content-Type", response.contentType());
        exchange.sendResponseHeaders(response.status(), response.envelope().length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(response.envelope());
        }
    }

    private SoapResponse call(byte[] body, SoapVersion declared, SampleOperation operation) throws IOException {
        SoapMessage<Message> request;
        try {
            request = envelopes.read(new ByteArrayInputStream(body), MessageBody.reader(XML, operation.request));
        } catch (MalformedEnvelopeException | SoapFaultException e) {
            return SoapNegotiationService.fault(declared, FaultCode.SENDER, e.getMessage());
        }
        QualifiedName notUnderstood = request.firstNotUnderstood(
                Collections.singletonList(SoapNegotiationService.OFFER));
        if (notUnderstood != null) {
            return SoapNegotiationService.fault(request.version(), FaultCode.MUST_UNDERSTAND,
                    "header " + notUnderstood + " is not understood");
        }
        List<HeaderBlock> responseHeaders = new ArrayList<>();
        HeaderBlock answer = negotiation.answerFor(request.headers(),
                operation.serviceOperation(request.version()));
        if (answer != null) {
            responseHeaders.add(answer);
        }
        byte[] envelope = SoapEnvelopeWriter.toBytes(request.version(), responseHeaders,
                MessageBody.writer(XML, operation.run(request.body())));
        return SoapResponse.ok(request.version(), envelope);
    }

    private static String unquote(String action) {
        if (action == null) {
            return null;
        }
        return action.length() >= 2 && action.startsWith("\"") && action.endsWith("\"")
                ? action.substring(1, action.length() - 1) : action;
    }

    private static String actionParameter(String contentType) {
        int at = contentType == null ? -1 : contentType.indexOf("action=\"");
        if (at < 0) {
            return null;
        }
        int start = at + "action=\"".length();
        int end = contentType.indexOf('"', start);
        return end < 0 ? null : contentType.substring(start, end);
    }

    /** One sample operation: where it is served, its published schemas and its function. */
    private final class SampleOperation {
        final String service;
        final String name;
        final String action;
        final String path;
        final DataStructure request;
        final PublishedSchemas published;
        final UnaryOperator<Message> function;

        SampleOperation(String service, String name, String action, String path, String namespace, String xsd,
                        DataStructure request, DataStructure response, UnaryOperator<Message> function) {
            this.service = service;
            this.name = name;
            this.action = action;
            this.path = path;
            this.request = request;
            this.function = function;
            OperationSchemas text = OperationSchemas.of(
                    MessageSchema.of(new QualifiedName(namespace, name), xsd),
                    MessageSchema.of(new QualifiedName(namespace, name + "Response"), xsd));
            this.published = PublishedSchemas.of(text, request, response);
        }

        ServiceOperation serviceOperation(SoapVersion version) {
            return ServiceOperation.of(service, name, version, action);
        }

        Message run(Message requestMessage) {
            calls.computeIfAbsent(name, key -> new AtomicLong()).incrementAndGet();
            return function.apply(requestMessage);
        }
    }
}
