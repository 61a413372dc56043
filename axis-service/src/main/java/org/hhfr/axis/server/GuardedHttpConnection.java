package org.hhfr.axis.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSession;

import org.apache.axis2.transport.http.server.AxisHttpConnection;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.EndpointDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.HttpStatus;
import org.apache.hc.core5.http.ProtocolVersion;
import org.apache.hc.core5.http.impl.io.SocketHolder;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EmptyInputStream;
import org.apache.hc.core5.http.message.BasicClassicHttpResponse;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.server.SoapNegotiationService;
import org.hhfr.negotiation.server.SoapResponse;
import org.hhfr.negotiation.soap.FaultCode;

/**
 * An Axis2 server connection made safe for hostile clients and for Axis2 2.0.0 itself:
 * <ul>
 *   <li>{@code close()} runs once. Axis2 closes every connection the server decides to close twice, and the
 *       second close throws a NullPointerException that kills the worker thread.</li>
 *   <li>A request whose Content-Length is over the limit is refused before its body is read, with a SOAP
 *       fault (HTTP 413) and a closed connection.</li>
 *   <li>A request with neither Content-Length nor Transfer-Encoding has no body (a GET for the WSDL).</li>
 *   <li>Any other body (chunked, or lying about its length) is read through a {@link BoundedRequestBody}:
 *       within the size limit and, as a whole, within the request timeout; a connection whose body could not
 *       be read to its end is closed rather than drained and reused.</li>
 *   <li>A connection the server is too busy to take is answered 503 and closed (Axis2 leaves it open); one
 *       beyond its address's share, 429.</li>
 *   <li>Before its first request and between requests a connection may idle only for the keep-alive timeout
 *       (it holds a thread meanwhile); a request's body, once its head is read, has the request timeout.</li>
 *   <li>Closing it, however often and by whichever road, runs {@code onClose} once, before the socket closes:
 *       a client that sees its connection closed finds its address's place given back.</li>
 * </ul>
 */
final class GuardedHttpConnection implements AxisHttpConnection {
    /** How much of an unread oversized body is drained so the client can still read the refusal. */
    private static final int DRAIN_BYTES = 64 * 1024;
    private static final int DRAIN_MILLIS = 200;

    private final AxisHttpConnection connection;
    private final long maxRequestBytes;
    private final Timeout idleTimeout;
    private final int requestTimeoutMillis;
    private final Runnable onClose;
    private final AtomicBoolean closed = new AtomicBoolean();
    private BoundedRequestBody body;

    GuardedHttpConnection(AxisHttpConnection connection, long maxRequestBytes, int idleMillis,
                          int requestTimeoutMillis, Runnable onClose) {
        this.connection = connection;
        this.maxRequestBytes = maxRequestBytes;
        this.idleTimeout = Timeout.ofMilliseconds(idleMillis);
        this.requestTimeoutMillis = requestTimeoutMillis;
        this.onClose = onClose;
        connection.setSocketTimeout(idleTimeout);
    }

    @Override
    public ClassicHttpRequest receiveRequest() throws HttpException, IOException {
        ClassicHttpRequest request;
        try {
            request = connection.receiveRequest();
        } catch (SSLException e) {
            throw tlsFailed(e);
        } catch (IOException e) {
            throw e.getClass() == IOException.class ? closedBetweenRequests(e) : e;
        }
        Header length = request.getFirstHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null && declaredLength(length.getValue()) > maxRequestBytes) {
            refuseOversized(request);
        }
        // RFC 9112 6.3: a request with neither Content-Length nor Transfer-Encoding has no body (Axis2 would read
        // one until the client closes).
        InputStream in = length == null && !request.containsHeader(HttpHeaders.TRANSFER_ENCODING)
                ? EmptyInputStream.INSTANCE : connection.getInputStream();
        body = in == null ? null : new BoundedRequestBody(in, maxRequestBytes, requestTimeoutMillis,
                millis -> connection.setSocketTimeout(Timeout.ofMilliseconds(millis)));
        return request;
    }

    /**
     * Axis2 reports a kept-alive connection that its client closed before the next request as a plain
     * {@code IOException} ("readLine() ... returned -1"), which its worker logs as a warning with a stack
     * trace. It is the normal end of a kept-alive connection, so it is passed on as the exception the worker
     * treats as one (logged at debug).
     */
    private static ConnectionClosedException closedBetweenRequests(IOException cause) {
        ConnectionClosedException closed = new ConnectionClosedException("the client closed the connection before"
                + " a request: " + cause.getMessage());
        closed.initCause(cause);
        return closed;
    }

    /**
     * A client that could not complete TLS on the connection (it does not trust the certificate, or shares no
     * protocol version or cipher with the server) fails it at its first read. That is the client's to fix, and
     * scanners cause it by the hundred: passed on as a closed connection (logged at debug), not as a warning
     * with a stack trace.
     */
    private ConnectionClosedException tlsFailed(SSLException cause) {
        ConnectionClosedException closed = new ConnectionClosedException("TLS with " + getRemoteAddress() + " failed: "
                + cause.getMessage());
        closed.initCause(cause);
        return closed;
    }

    private static long declaredLength(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return -1; // httpcore refuses a malformed length itself
        }
    }

    private void refuseOversized(ClassicHttpRequest request) throws HttpException, IOException {
        Header type = request.getFirstHeader(HttpHeaders.CONTENT_TYPE);
        SoapVersion version = type != null && type.getValue().toLowerCase(Locale.ROOT)
                .startsWith(SoapVersion.SOAP_12.mediaType()) ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11;
        SoapResponse fault = SoapNegotiationService.fault(version, FaultCode.SENDER,
                UnreadableBodyException.tooLarge(maxRequestBytes).getMessage());
        BasicClassicHttpResponse response = closingResponse(HttpStatus.SC_REQUEST_TOO_LONG, fault.envelope(),
                ContentType.parse(fault.contentType()));
        try {
            connection.sendResponse(response);
            OutputStream out = connection.getOutputStream();
            if (out != null) {
                out.close();
            }
            drainBriefly();
        } finally {
            close();
        }
        throw new ConnectionClosedException("refused a request over " + maxRequestBytes + " bytes");
    }

    /** Answers a connection the server has no thread or queue slot for: 503, then closed. */
    void refuseBusy() {
        refuse(HttpStatus.SC_SERVICE_UNAVAILABLE, "the server is busy; try again later");
    }

    /** Answers a connection beyond its address's share of connections: 429, then closed. */
    void refuseAddressOverLimit(int max) {
        refuse(HttpStatus.SC_TOO_MANY_REQUESTS, "more than " + max
                + " connections from one address are open; close one or try again later");
    }

    private void refuse(int status, String reason) {
        BasicClassicHttpResponse response = closingResponse(status, (reason + "\n").getBytes(StandardCharsets.UTF_8),
                ContentType.TEXT_PLAIN.withCharset(StandardCharsets.UTF_8));
        try {
            connection.sendResponse(response);
            connection.getOutputStream().close();
            close();
        } catch (HttpException | IOException e) {
            close(CloseMode.IMMEDIATE);
        }
    }

    /** A response the server sends itself, outside Axis2: its length declared, the connection closed after it. */
    private static BasicClassicHttpResponse closingResponse(int status, byte[] body, ContentType type) {
        BasicClassicHttpResponse response = new BasicClassicHttpResponse(status);
        response.setHeader(HttpHeaders.CONNECTION, "close");
        response.setHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(body.length));
        response.setEntity(new ByteArrayEntity(body, type));
        return response;
    }

    /** Half-closes, then reads a little of the unwanted body so closing does not reset the refusal away. */
    private void drainBriefly() throws IOException {
        SocketHolder holder = connection.getSocketHolder();
        Socket socket = holder == null ? null : holder.getSocket();
        if (socket == null || socket.isClosed()) {
            return;
        }
        socket.shutdownOutput();
        socket.setSoTimeout(DRAIN_MILLIS);
        InputStream in = socket.getInputStream();
        byte[] sink = new byte[8192];
        int drained = 0;
        try {
            int n;
            while (drained < DRAIN_BYTES && (n = in.read(sink)) > 0) {
                drained += n;
            }
        } catch (IOException timedOutOrReset) {
            // the client stopped sending or went away: either way the refusal is on its way
        }
    }

    @Override
    public InputStream getInputStream() {
        return body;
    }

    /** Whether the current request's body could not be read to its end: the connection ends after the reply. */
    boolean bodyFailed() {
        return body != null && body.failed();
    }

    @Override
    public void reset() throws IOException {
        if (bodyFailed()) {
            close();
            return;
        }
        body = null;
        connection.reset();
        connection.setSocketTimeout(idleTimeout);
    }

    @Override
    public void close() throws IOException {
        if (closed.compareAndSet(false, true)) {
            onClose.run();
            if (connection.isOpen()) {
                connection.close();
            }
        }
    }

    @Override
    public void close(CloseMode closeMode) {
        if (closed.compareAndSet(false, true)) {
            onClose.run();
        }
        connection.close(closeMode);
    }

    @Override
    public boolean isOpen() {
        return !closed.get() && connection.isOpen();
    }

    @Override
    public void flush() throws IOException {
        if (isOpen()) {
            connection.flush();
        }
    }

    @Override
    public OutputStream getOutputStream() {
        return connection.getOutputStream();
    }

    @Override
    public void sendResponse(ClassicHttpResponse response) throws HttpException, IOException {
        connection.sendResponse(response);
    }

    @Override
    public SocketHolder getSocketHolder() {
        return connection.getSocketHolder();
    }

    @Override
    public EndpointDetails getEndpointDetails() {
        return connection.getEndpointDetails();
    }

    @Override
    public ProtocolVersion getProtocolVersion() {
        return connection.getProtocolVersion();
    }

    @Override
    public SocketAddress getRemoteAddress() {
        return connection.getRemoteAddress();
    }

    @Override
    public SocketAddress getLocalAddress() {
        return connection.getLocalAddress();
    }

    @Override
    public SSLSession getSSLSession() {
        return connection.getSSLSession();
    }

    @Override
    public Timeout getSocketTimeout() {
        return connection.getSocketTimeout();
    }

    @Override
    public void setSocketTimeout(Timeout timeout) {
        connection.setSocketTimeout(timeout);
    }
}
