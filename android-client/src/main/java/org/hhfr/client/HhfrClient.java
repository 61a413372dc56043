package org.hhfr.client;

import java.io.Closeable;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.NegotiationLimits;
import org.hhfr.negotiation.NegotiationReader;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.schemas.Base64Codec;

/**
 * The entry point: a client for one SOAP service, built once and shared by the whole app. It opens
 * {@link Session}s, one per operation; each negotiates an HHFR stream with the service or, when that is not
 * possible, carries on with plain SOAP, without the app noticing. Thread-safe.
 *
 * <pre>{@code
 * HhfrClient client = HhfrClient.builder("http://10.0.2.2:8080/axis2/services/FloatSum").build();
 * Session sum = client.open(CompiledOperations.read(assets.open("floatsum.hhfr")).operation("sum"));
 * float total = sum.call(Float.class, new float[] {1.5f, 2.5f});
 * client.close();
 * }</pre>
 *
 * <p>Threads: none while idle. One shared timer thread while calls or streams are active; two threads (a
 * reader and a writer) per open stream; none for SOAP calls made with {@link Session#call}.
 */
public final class HhfrClient implements Closeable {
    private final ClientSettings settings;
    private final ResumptionTicketCache tickets;
    private final Negotiator negotiator;
    private final ClientTimer timer = new ClientTimer();
    private final PathEstimates paths = new PathEstimates(System::nanoTime);
    private final List<Session> sessions = new ArrayList<>();
    private boolean closed;

    private HhfrClient(Builder builder) {
        this.settings = new ClientSettings(builder);
        this.tickets = builder.ticketCache != null ? builder.ticketCache : new ResumptionTicketCache();
        SoapHttpClient http = new SoapHttpClient(settings.serviceUrl, settings.connectTimeoutMillis,
                settings.readTimeoutMillis, settings.soapLimits(), settings.httpHeaders, settings.configuredSslSocketFactory);
        this.negotiator = new Negotiator(http, settings.soapVersion,
                new NegotiationReader(NegotiationLimits.defaults()), tickets);
    }

    /** A builder for a client of the service at {@code serviceUrl} (http or https). */
    public static Builder builder(String serviceUrl) {
        try {
            return new Builder(new URL(serviceUrl));
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("not a URL: " + serviceUrl, e);
        }
    }

    public static Builder builder(URL serviceUrl) {
        return new Builder(serviceUrl);
    }

    public URL serviceUrl() {
        return settings.serviceUrl;
    }

    /**
     * Opens a session for {@code operation}. With a still valid resumption ticket (from an earlier session
     * of this client or its ticket cache) the stream is reopened at once; with
     * {@link Builder#negotiateOnOpen(boolean)} the negotiation happens here; otherwise (the default) the
     * first call carries the offer, so opening costs no round trip. Blocking at most for the connect and
     * read timeouts: call it off the main thread.
     */
    public Session open(Operation operation) throws HhfrException {
        Objects.requireNonNull(operation, "operation");
        Session session;
        synchronized (this) {
            requireOpen();
            session = new Session(this, operation);
            sessions.add(session);
        }
        session.start();
        return session;
    }

    /** Closes every open session and stops the timer. Idempotent. */
    @Override
    public void close() {
        List<Session> open;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            open = new ArrayList<>(sessions);
            sessions.clear();
        }
        for (Session session : open) {
            session.close();
        }
        timer.shutdown();
    }

    ClientSettings settings() {
        return settings;
    }

    /** The settings, for a request made on the client's behalf (its WSDL); fails once the client is closed. */
    synchronized ClientSettings openSettings() throws SessionClosedException {
        requireOpen();
        return settings;
    }

    ResumptionTicketCache tickets() {
        return tickets;
    }

    Negotiator negotiator() {
        return negotiator;
    }

    /** What this client's UDP streams learned of their paths, for its next stream over the same path. */
    PathEstimates paths() {
        return paths;
    }

    ClientTimer timer() {
        return timer;
    }

    synchronized void closed(Session session) {
        sessions.remove(session);
    }

    private void requireOpen() throws SessionClosedException {
        if (closed) {
            throw new SessionClosedException("the client for " + settings.serviceUrl + " is closed");
        }
    }

    /**
     * Settings for an {@link HhfrClient}; every setter checks its argument. Defaults suit a phone on a
     * cellular network: connect 10 s, read 20 s, call 30 s, streams TCP then UDP then SOAP, messages up
     * to 1 MiB, SOAP 1.1, negotiation on the first call, a broken stream retried for 60 s.
     */
    public static final class Builder {
        final URL serviceUrl;
        int connectTimeoutMillis = 10_000;
        int readTimeoutMillis = 20_000;
        long callTimeoutMillis = 30_000;
        long offerAgainAfterMillis = 60_000;
        List<Mode> preferredModes = Arrays.asList(Mode.HHFR_TCP, Mode.HHFR_UDP, Mode.SOAP);
        int maxMessageBytes = 1 << 20;
        SoapVersion soapVersion = SoapVersion.SOAP_11;
        ResumptionTicketCache ticketCache;
        boolean negotiateOnOpen;
        long reconnectWindowMillis = 60_000;
        Executor executor;
        ReliabilityPolicy reliability = ReliabilityPolicy.defaults();
        Executor callbackExecutor;
        EventListener eventListener = EventListener.NONE;
        final List<Interceptor> interceptors = new ArrayList<>();
        final List<HeaderBlock> staticHeaders = new ArrayList<>();
        final Map<String, String> httpHeaders = new LinkedHashMap<>();
        javax.net.ssl.SSLSocketFactory sslSocketFactory;

        private Builder(URL serviceUrl) {
            String protocol = Objects.requireNonNull(serviceUrl, "serviceUrl").getProtocol();
            if (!"http".equals(protocol) && !"https".equals(protocol)) {
                throw new IllegalArgumentException("the service URL must be http or https: " + serviceUrl);
            }
            this.serviceUrl = serviceUrl;
        }

        /** Longest wait for a TCP connection (SOAP or stream) to be established. */
        public Builder connectTimeoutMillis(int millis) {
            connectTimeoutMillis = positive(millis, "connect timeout");
            return this;
        }

        /** Longest silence of the peer while an answer is due, before the connection counts as dead. */
        public Builder readTimeoutMillis(int millis) {
            readTimeoutMillis = positive(millis, "read timeout");
            return this;
        }

        /** Default deadline of a whole call, from the call until its response, whatever happens between. */
        public Builder callTimeoutMillis(long millis) {
            callTimeoutMillis = positive(millis, "call timeout");
            return this;
        }

        /**
         * How long a session that fell back to SOAP after a negotiation (declined, or its stream did not open) waits
         * before a call offers a stream again: 60 s by default, twice as long after each further fallback, up to
         * 30 minutes (or this, if longer). What declined may pass (a server's context store that could not be
         * reached, a full server); the offer rides on a call that goes anyway.
         */
        public Builder offerAgainAfterMillis(long millis) {
            offerAgainAfterMillis = positive(millis, "offer-again wait");
            return this;
        }

        /**
         * The modes to negotiate, most preferred first. SOAP is always the fallback; a list of only
         * {@link Mode#SOAP} never negotiates.
         */
        public Builder preferredModes(Mode... modes) {
            if (modes.length == 0) {
                throw new IllegalArgumentException("at least one mode is needed");
            }
            preferredModes = Arrays.asList(modes.clone());
            return this;
        }

        /** Largest request and response body, in bytes (as encoded on the wire); larger ones fail clearly. */
        public Builder maxMessageBytes(int bytes) {
            maxMessageBytes = positive(bytes, "max message bytes");
            return this;
        }

        public Builder soapVersion(SoapVersion version) {
            soapVersion = Objects.requireNonNull(version, "version");
            return this;
        }

        /**
         * Where resumption tickets are kept; share one cache between clients (or keep it across activity
         * restarts) to reopen streams without negotiating again.
         */
        public Builder ticketCache(ResumptionTicketCache cache) {
            ticketCache = Objects.requireNonNull(cache, "cache");
            return this;
        }

        /**
         * True: negotiate in {@link HhfrClient#open} with a separate request. False (the default): the offer
         * rides on the first call, which costs no extra round trip.
         */
        public Builder negotiateOnOpen(boolean explicit) {
            negotiateOnOpen = explicit;
            return this;
        }

        /**
         * The stream terms the client offers (delivery assurance, ordering, retransmission and acknowledgement
         * intervals, window, the session's lifetime); the default is the protocol's default policy. Its response
         * size limit is {@link #maxMessageBytes}. The server answers what it grants, and both ends run exactly
         * that.
         */
        public Builder reliability(ReliabilityPolicy policy) {
            reliability = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** How long a broken stream is reconnected and resumed before it counts as lost. */
        public Builder reconnectWindowMillis(long millis) {
            reconnectWindowMillis = positive(millis, "reconnect window");
            return this;
        }

        /**
         * Runs asynchronous SOAP calls ({@link Session#callAsync} in SOAP mode): a session sends them through at
         * most five tasks at a time, each making its calls one after the other on a kept-alive connection.
         * Without one, each such task runs on its own short-lived thread. Stream calls never need it. A SOAP call
         * whose task it refuses fails with the refusal; the session's own work it refuses (an offer, a negotiation,
         * connecting a stream) runs on a short-lived thread instead, as the session waits for it.
         */
        public Builder executor(Executor value) {
            executor = Objects.requireNonNull(value, "executor");
            return this;
        }

        /**
         * Where the futures of {@link Session#callAsync} complete, so their callbacks run there (on Android:
         * {@code new Handler(Looper.getMainLooper())::post} for the main thread), never on a stream's thread.
         * When it refuses one (a {@code RejectedExecutionException}: shut down, full), that future completes on a
         * short-lived {@code hhfr-call} thread instead. Blocking calls are not affected.
         */
        public Builder callbackExecutor(Executor value) {
            callbackExecutor = Objects.requireNonNull(value, "callbackExecutor");
            return this;
        }

        /** Hears what happens to the sessions' roads (negotiated, fell back, reconnecting, ...); none by default. */
        public Builder eventListener(EventListener listener) {
            eventListener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /** Adds an interceptor that sees every call (logging, timing, HTTP headers of SOAP calls). */
        public Builder addInterceptor(Interceptor interceptor) {
            interceptors.add(Objects.requireNonNull(interceptor, "interceptor"));
            return this;
        }

        /**
         * A SOAP header block every call carries, given as one XML element (a WS-Security UsernameToken,
         * WS-Addressing blocks, the app's own). A stream's offer declares it static: it travels once, the service
         * keeps it with the session and sees it with every streamed call. Over SOAP it is in each envelope.
         *
         * @throws IllegalArgumentException if {@code xml} is not one well-formed element
         */
        public Builder staticHeader(String xml) {
            staticHeaders.add(HeaderXml.parse(Objects.requireNonNull(xml, "xml")));
            return this;
        }

        /**
         * An HTTP request header of every SOAP call, negotiations included ({@code Authorization: Bearer ...},
         * say). The service stores what it saw at negotiation with the session, for its streams.
         */
        public Builder httpHeader(String name, String value) {
            ClientSettings.checkHttpHeader(name, value);
            httpHeaders.put(name, value);
            return this;
        }

        /** HTTP Basic authentication on every SOAP call: {@code Authorization: Basic base64(user:password)}. */
        public Builder basicAuthentication(String user, String password) {
            byte[] pair = (user + ":" + password).getBytes(StandardCharsets.UTF_8);
            return httpHeader("Authorization", "Basic " + Base64Codec.STANDARD.encode(pair));
        }

        /**
         * What TLS trusts for https calls and encrypted streams (host names checked); by default what https calls
         * use ({@code HttpsURLConnection}'s default factory), set up when TLS is first needed.
         */
        public Builder sslSocketFactory(javax.net.ssl.SSLSocketFactory factory) {
            sslSocketFactory = Objects.requireNonNull(factory, "factory");
            return this;
        }

        public HhfrClient build() {
            return new HhfrClient(this);
        }

        private static int positive(int value, String what) {
            return (int) positive((long) value, what);
        }

        private static long positive(long value, String what) {
            if (value < 1) {
                throw new IllegalArgumentException(what + " must be positive (0 would mean forever): " + value);
            }
            return value;
        }
    }
}
