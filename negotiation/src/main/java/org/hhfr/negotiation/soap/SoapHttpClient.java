package org.hhfr.negotiation.soap;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLSocketFactory;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.SoapVersion;

/**
 * Posts SOAP envelopes over {@link HttpURLConnection} (available on Android and every JVM). The request head
 * is kept short, since on a slow uplink each of its bytes costs time in every call: a short
 * {@code User-Agent}, an {@code Accept} of the SOAP media type, no cache directives. The action is always
 * sent (SOAP 1.1: the quoted {@code SOAPAction} header; 1.2: the {@code action} parameter of the
 * Content-Type), connect and read timeouts are always set, and the response is read within
 * {@link SoapLimits}. A SOAP fault (with HTTP 500, 400 or another error status) becomes a {@link SoapFaultException}, any other non-SOAP
 * answer an {@link HttpResponseException}. Thread-safe: each call opens its own connection.
 */
public final class SoapHttpClient {
    /**
     * Sent instead of the JDK's {@code Java/<version>}: short (every byte of the first call counts on a
     * slow uplink) and names the HHFR scheme version the client speaks.
     */
    private static final String USER_AGENT = "hhfr/1";
    private static final int QUOTED_BODY_CHARS = 200;

    private final URL endpoint;
    private final int connectTimeoutMillis;
    private final int readTimeoutMillis;
    private final SoapEnvelopeReader reader;
    /** Sent on every call, before the call's own; unmodifiable. */
    private final Map<String, String> everyCallHeaders;
    /** What https connections trust; {@code null} for the platform's default. */
    private final SSLSocketFactory sslSocketFactory;

    /**
     * @param connectTimeoutMillis positive: an unreachable host fails after this long
     * @param readTimeoutMillis    positive: a peer silent for this long fails the call
     */
    public SoapHttpClient(URL endpoint, int connectTimeoutMillis, int readTimeoutMillis, SoapLimits limits) {
        this(endpoint, connectTimeoutMillis, readTimeoutMillis, limits, Collections.<String, String>emptyMap());
    }

    /**
     * As above, with HTTP request headers sent on every call (an {@code Authorization}, say), negotiations
     * included; a call's {@link HttpCallControl} headers come after them and replace one of the same name.
     */
    public SoapHttpClient(URL endpoint, int connectTimeoutMillis, int readTimeoutMillis, SoapLimits limits,
                          Map<String, String> headers) {
        this(endpoint, connectTimeoutMillis, readTimeoutMillis, limits, headers, null);
    }

    /**
     * As above, with the TLS socket factory an https endpoint is reached with (what it trusts), or {@code null}
     * for the platform's default; the host name is checked either way.
     */
    public SoapHttpClient(URL endpoint, int connectTimeoutMillis, int readTimeoutMillis, SoapLimits limits,
                          Map<String, String> headers, SSLSocketFactory sslSocketFactory) {
        this.sslSocketFactory = sslSocketFactory;
        this.everyCallHeaders = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        String protocol = endpoint.getProtocol();
        if (!"http".equals(protocol) && !"https".equals(protocol)) {
            throw new IllegalArgumentException("SOAP endpoint must be http or https: " + endpoint);
        }
        if (connectTimeoutMillis < 1 || readTimeoutMillis < 1) {
            throw new IllegalArgumentException("timeouts must be positive (0 would wait forever): connect "
                    + connectTimeoutMillis + " ms, read " + readTimeoutMillis + " ms");
        }
        this.connectTimeoutMillis = connectTimeoutMillis;
        this.readTimeoutMillis = readTimeoutMillis;
        this.reader = new SoapEnvelopeReader(limits);
    }

    public URL endpoint() {
        return endpoint;
    }

    /**
     * Sends one request envelope and reads the response envelope.
     *
     * @param action the operation's SOAPAction; may be empty, must not contain quotes or line breaks
     * @throws SoapFaultException        the service answered with a fault
     * @throws HttpResponseException     the answer was not a SOAP envelope
     * @throws MalformedEnvelopeException the answer was a broken or oversized envelope
     * @throws java.net.SocketTimeoutException a timeout expired
     */
    public <T> SoapMessage<T> call(SoapVersion version, String action, List<HeaderBlock> headers, BodyWriter body,
                                   BodyReader<T> bodyReader) throws IOException {
        return call(version, action, headers, body, bodyReader, new HttpCallControl());
    }

    /** As {@link #call(SoapVersion, String, List, BodyWriter, BodyReader)}, with {@code control}'s headers and abort. */
    public <T> SoapMessage<T> call(SoapVersion version, String action, List<HeaderBlock> headers, BodyWriter body,
                                   BodyReader<T> bodyReader, HttpCallControl control) throws IOException {
        requireSafeAction(action);
        byte[] request = SoapEnvelopeWriter.toBytes(version, headers, body);
        HttpURLConnection connection = (HttpURLConnection) endpoint.openConnection();
        try {
            if (sslSocketFactory != null && connection instanceof HttpsURLConnection) {
                ((HttpsURLConnection) connection).setSSLSocketFactory(sslSocketFactory);
            }
            control.opened(connection);
            for (Map.Entry<String, String> header : everyCallHeaders.entrySet()) {
                connection.setRequestProperty(header.getKey(), header.getValue());
            }
            for (Map.Entry<String, String> header : control.headers().entrySet()) {
                connection.setRequestProperty(header.getKey(), header.getValue());
            }
            connection.setConnectTimeout(connectTimeoutMillis);
            connection.setReadTimeout(readTimeoutMillis);
            connection.setInstanceFollowRedirects(false);
            // useCaches stays at its default: turning it off makes the JDK add "Cache-Control: no-cache" and
            // "Pragma: no-cache" (42 bytes per call), and a POST's answer is not cacheable anyway (RFC 9111 2.3).
            connection.setDoOutput(true);
            connection.setRequestMethod("POST");
            connection.setFixedLengthStreamingMode(request.length);
            connection.setRequestProperty("Content-Type", contentType(version, action));
            connection.setRequestProperty("Accept", version.mediaType());
            connection.setRequestProperty("User-Agent", USER_AGENT);
            if (version == SoapVersion.SOAP_11) {
                connection.setRequestProperty("SOAPAction", "\"" + action + "\"");
            }
            try (OutputStream out = connection.getOutputStream()) {
                out.write(request);
            }
            control.requestSent();
            control.readingAnswer();
            return readResponse(connection, bodyReader);
        } finally {
            connection.disconnect();
        }
    }

    /** The Content-Type of a request: SOAP 1.2 carries the action as a parameter. */
    public static String contentType(SoapVersion version, String action) {
        if (version == SoapVersion.SOAP_12) {
            return version.mediaType() + "; charset=utf-8; action=\"" + action + "\"";
        }
        return version.mediaType() + "; charset=utf-8";
    }

    private <T> SoapMessage<T> readResponse(HttpURLConnection connection, BodyReader<T> bodyReader)
            throws IOException {
        int status = connection.getResponseCode();
        String contentType = connection.getContentType();
        long length = connection.getContentLengthLong();
        if (length > reader.limits().maxEnvelopeBytes()) {
            throw new MalformedEnvelopeException("response of " + length + " bytes is larger than the limit of "
                    + reader.limits().maxEnvelopeBytes() + " bytes");
        }
        InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
        if (in == null) {
            throw new HttpResponseException(status, contentType, "");
        }
        try (InputStream body = in) {
            // 202 Accepted answers a one-way request: no envelope, whatever Content-Type the server names.
            if (status == HttpURLConnection.HTTP_ACCEPTED || !isSoap(contentType)) {
                throw new HttpResponseException(status, contentType, quote(body));
            }
            // A fault may come with any error status: 500, or 400 for a SOAP 1.2 Sender fault (its HTTP binding),
            // or whatever a server's limits answer with (413). Reading it throws SoapFaultException.
            SoapMessage<T> message = reader.read(body, bodyReader);
            if (status != HttpURLConnection.HTTP_OK) {
                throw new HttpResponseException(status, contentType, "a SOAP envelope without a fault");
            }
            return message;
        }
    }

    private static boolean isSoap(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.trim().toLowerCase(Locale.ROOT);
        for (SoapVersion version : SoapVersion.values()) {
            if (type.startsWith(version.mediaType())) {
                return true;
            }
        }
        return false;
    }

    private static String quote(InputStream body) throws IOException {
        ByteArrayOutputStream start = new ByteArrayOutputStream();
        byte[] buffer = new byte[QUOTED_BODY_CHARS];
        int n = body.read(buffer);
        if (n > 0) {
            start.write(buffer, 0, n);
        }
        return new String(start.toByteArray(), StandardCharsets.UTF_8).replaceAll("\\s+", " ").trim();
    }

    /**
     * Checks that {@code action} can be a SOAPAction header's quoted value.
     *
     * @throws IllegalArgumentException if it contains a quote or a line break
     */
    public static void requireSafeAction(String action) {
        Objects.requireNonNull(action, "action");
        for (int i = 0; i < action.length(); i++) {
            char c = action.charAt(i);
            if (c == '"' || c == '\r' || c == '\n') {
                throw new IllegalArgumentException("SOAP action must not contain quotes or line breaks: " + action);
            }
        }
    }
}
