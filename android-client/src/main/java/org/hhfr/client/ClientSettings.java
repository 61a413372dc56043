package org.hhfr.client;

import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLSocketFactory;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ResumptionTicket;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.SchemaDigests;
import org.hhfr.negotiation.soap.CallerHeaders;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.Base64Codec;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.Sha256;
import org.hhfr.streamer.StreamerLimits;

/**
 * The immutable settings an {@link HhfrClient.Builder} produced, shared by the client's sessions: the builder's
 * values as final fields, and what the client derives from them.
 */
final class ClientSettings {
    /** Room for the envelope around a message of the largest allowed size. */
    private static final int ENVELOPE_ALLOWANCE = 64 << 10;

    final URL serviceUrl;
    final int connectTimeoutMillis;
    final int readTimeoutMillis;
    final long callTimeoutMillis;
    final long offerAgainAfterMillis;
    private final List<Mode> preferredModes;
    final int maxMessageBytes;
    final SoapVersion soapVersion;
    final boolean negotiateOnOpen;
    final long reconnectWindowMillis;
    /** The app's executor for asynchronous SOAP calls, or {@code null}: then each runs on its own short thread. */
    final Executor executor;
    /** The stream terms to offer: the builder's reliability with this client's message size limit. */
    final ReliabilityPolicy offeredPolicy;
    /**
     * Where the futures of asynchronous calls complete: on the callback executor (on a short-lived thread when it
     * refuses), or {@code null} without one: on the thread that settles them.
     */
    final BackgroundWork callbacks;
    final EventListener eventListener;
    /** In the order they were added. */
    final List<Interceptor> interceptors;
    /** SOAP header blocks of every call, declared static in offers. */
    final List<HeaderBlock> staticHeaders;
    /** HTTP request headers of every SOAP call. */
    final Map<String, String> httpHeaders;
    /**
     * Names who calls (the static headers and HTTP headers) in ticket keys, so a ticket cache shared by clients
     * of other identities never hands one the session another negotiated: " as DIGEST", empty without either.
     */
    final String identityDigest;
    /**
     * The builder's socket factory for TLS, or {@code null}: https calls then use the platform's default
     * ({@link #sslSocketFactory()}), made on first use, as a client of an http service seldom needs it.
     */
    final SSLSocketFactory configuredSslSocketFactory;
    /** The service is reached over https: its streams must be encrypted too. */
    final boolean encryptedOnly;

    ClientSettings(HhfrClient.Builder b) {
        serviceUrl = b.serviceUrl;
        connectTimeoutMillis = b.connectTimeoutMillis;
        readTimeoutMillis = b.readTimeoutMillis;
        callTimeoutMillis = b.callTimeoutMillis;
        offerAgainAfterMillis = b.offerAgainAfterMillis;
        preferredModes = Collections.unmodifiableList(new ArrayList<>(b.preferredModes));
        maxMessageBytes = b.maxMessageBytes;
        soapVersion = b.soapVersion;
        negotiateOnOpen = b.negotiateOnOpen;
        reconnectWindowMillis = b.reconnectWindowMillis;
        executor = b.executor;
        offeredPolicy = b.reliability.toBuilder().maxResponseBytes(b.maxMessageBytes).build();
        callbacks = b.callbackExecutor != null ? new BackgroundWork(b.callbackExecutor) : null;
        eventListener = b.eventListener;
        interceptors = Collections.unmodifiableList(new ArrayList<>(b.interceptors));
        staticHeaders = Collections.unmodifiableList(new ArrayList<>(b.staticHeaders));
        httpHeaders = Collections.unmodifiableMap(new LinkedHashMap<>(b.httpHeaders));
        identityDigest = digest(staticHeaders, httpHeaders);
        configuredSslSocketFactory = b.sslSocketFactory;
        encryptedOnly = "https".equals(serviceUrl.getProtocol());
    }

    /** What TLS trusts (https calls and encrypted streams alike): the builder's, else what https calls use. */
    SSLSocketFactory sslSocketFactory() {
        return configuredSslSocketFactory != null ? configuredSslSocketFactory
                : HttpsURLConnection.getDefaultSSLSocketFactory();
    }

    /** The offer for {@code operation}: this client's terms, transports, static headers and size limit. */
    Offer.Builder offerFor(Operation operation) {
        return Offer.builder().policy(offeredPolicy).transports(transportUris())
                .digests(SchemaDigests.of(operation.request(), operation.response()))
                .staticHeaders(staticHeaderNames()).maxMessageBytes(maxMessageBytes);
    }

    /** The names of the static header blocks, as an offer declares them. */
    private List<QualifiedName> staticHeaderNames() {
        List<QualifiedName> names = new ArrayList<>();
        for (HeaderBlock header : staticHeaders) {
            if (!names.contains(header.name())) {
                names.add(header.name());
            }
        }
        return names;
    }

    /** @throws IllegalArgumentException for an empty name, or a name or value that would break the request */
    static void checkHttpHeader(String name, String value) {
        if (name == null || value == null) {
            throw new NullPointerException("an HTTP header needs a name and a value");
        }
        if (name.isEmpty() || (name + value).indexOf('\r') >= 0 || (name + value).indexOf('\n') >= 0
                || name.indexOf(':') >= 0) {
            throw new IllegalArgumentException("not a usable HTTP header: " + name);
        }
    }

    /**
     * What those of a call's own HTTP headers (an interceptor's) that describe its caller ({@link CallerHeaders}:
     * neither a trace header nor one of its one request) digest to, for {@link ResumptionTicket#callerHeaders}:
     * never empty, no headers included.
     */
    static String callerHeaders(Map<String, String> http) {
        MessageDigest sha256 = Sha256.newDigest();
        for (Map.Entry<String, String> header : http.entrySet()) {
            if (CallerHeaders.describesCaller(header.getKey())) {
                sha256.update((header.getKey() + ": " + header.getValue() + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        return "headers " + Base64Codec.URL.encode(sha256.digest());
    }

    private static String digest(List<HeaderBlock> headers, Map<String, String> http) {
        if (headers.isEmpty() && http.isEmpty()) {
            return "";
        }
        MessageDigest sha256 = Sha256.newDigest();
        for (HeaderBlock header : headers) {
            sha256.update((header.xml() + "\n").getBytes(StandardCharsets.UTF_8));
        }
        for (Map.Entry<String, String> header : http.entrySet()) {
            sha256.update((header.getKey() + ": " + header.getValue() + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return " as " + Base64Codec.URL.encode(sha256.digest());
    }

    /** The stream transports to offer, most preferred first; empty when only SOAP is wanted. */
    List<String> transportUris() {
        List<String> uris = new ArrayList<>();
        for (Mode mode : preferredModes) {
            if (mode == Mode.HHFR_TCP) {
                uris.add(HhfrUris.TRANSPORT_TCP);
            } else if (mode == Mode.HHFR_UDP) {
                uris.add(HhfrUris.TRANSPORT_UDP);
            }
        }
        return uris;
    }

    SoapLimits soapLimits() {
        long envelope = (long) maxMessageBytes + ENVELOPE_ALLOWANCE;
        return SoapLimits.defaults().toBuilder().maxEnvelopeBytes((int) Math.min(Integer.MAX_VALUE, envelope)).build();
    }

    StreamerLimits streamerLimits() {
        return StreamerLimits.defaults().toBuilder().maxMessageBytes(maxMessageBytes).build();
    }
}
