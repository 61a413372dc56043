package org.hhfr.client;

import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.ForwardingContextStore;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.contextstore.StreamEpochs;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.server.NegotiationHandler;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.negotiation.server.SoapNegotiationService;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.SchemaLimits;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Representation;
import org.hhfr.streamer.Representations;
import org.hhfr.transports.netty.EarlyHandshakeLimits;
import org.hhfr.transports.netty.StreamDispatcher;
import org.hhfr.transports.netty.StreamServer;
import org.hhfr.transports.netty.StreamServerConfig;
import org.hhfr.transports.netty.StreamSharing;
import org.hhfr.transports.netty.StreamSession;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.netty.InboundMessage;
import org.hhfr.transports.netty.TransportMetrics;
import org.hhfr.transports.reliability.ReliabilityConfig;

/**
 * The real server side of HHFR for the client's tests: negotiation's {@link NegotiationHandler} and
 * transports/netty's {@link StreamServer} over one context store, behind {@link TestService} as the float-sum
 * SOAP endpoint. The test-jar's {@code InProcessHhfrServer} assembles the same parts but always offers both
 * transports at its own ports; the tests here also need a server offering only some transports and one that
 * sends clients to another endpoint (a silent socket, a closed port, a relay that loses or freezes traffic).
 */
final class HhfrServerSide implements AutoCloseable {
    /** Milliseconds the store's clock is ahead of the system's: {@link #expireSessions()} moves it on. */
    private final AtomicLong skewMillis = new AtomicLong();
    private final InMemoryContextStore store = new InMemoryContextStore(StoreLimits.defaults(),
            () -> MonotonicClock.SYSTEM.millis() + skewMillis.get(), TokenGenerator.secure());
    private final Map<String, Integer> advertisedPorts = new ConcurrentHashMap<>();
    private final StreamServer streams;
    private final TestService service;
    /** Requests the stream server decoded and answered. */
    final AtomicInteger dispatched = new AtomicInteger();
    /** The replies the stream server keeps for calls a stream may send again. */
    final KeptReplies replies = new KeptReplies();
    /** What the engine of the stream that dispatched the latest request runs. */
    final AtomicReference<ReliabilityConfig> engineConfig = new AtomicReference<>();
    /** One dispatch thread, so a request {@link #HELD} in dispatch keeps the later ones from starting. */
    private final ExecutorService dispatch = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "test-dispatch");
        thread.setDaemon(true);
        return thread;
    });
    /** Requests whose first value is {@link #HELD} wait in dispatch until {@link #release()}. */
    static final float HELD = 1e9f;
    private final CountDownLatch held = new CountDownLatch(1);
    private final AtomicBoolean storeUnreachable = new AtomicBoolean();
    /** Armed by {@link #holdNextConfirmation()}: the stream server's next confirmation of a stream waits on it. */
    private final AtomicReference<CountDownLatch> confirmationGate = new AtomicReference<>();
    private final CountDownLatch confirmationHeld = new CountDownLatch(1);

    private HhfrServerSide(ServerCapabilities capabilities) throws IOException {
        this(capabilities, EarlyHandshakeLimits.DEFAULTS);
    }

    private HhfrServerSide(ServerCapabilities capabilities, EarlyHandshakeLimits early) throws IOException {
        streams = StreamServer.start(streamStore(), StreamDispatcher.ofFunction(this::sum),
                StreamServerConfig.on("127.0.0.1").ioThreads(1).dispatchExecutor(dispatch).earlyHandshakes(early)
                        .addressTokens(true) // its clients reach it with their own addresses
                        .sharing(StreamSharing.shared(replies, StreamEpochs.LOCAL, "local")).build());
        NegotiationHandler handler = new NegotiationHandler(capabilities, negotiationStore(), this::endpointFor,
                operation -> FloatSum.published(), SchemaLimits.defaults());
        service = TestService.hhfr(new SoapNegotiationService(handler,
                new SoapEnvelopeReader(SoapLimits.defaults())));
    }

    /** The store as negotiation sees it: unreachable while {@link #storeUnreachable} says so. */
    private ContextStore negotiationStore() {
        return new ForwardingContextStore(store) {
            @Override
            public SessionGrant create(StreamContext context, String clientAddress) throws ContextStoreException {
                requireReachable();
                return super.create(context, clientAddress);
            }

            @Override
            public SessionGrant createProposed(StreamContext context, String clientAddress, SessionId id,
                                               SessionToken token) throws ContextStoreException {
                requireReachable();
                return super.createProposed(context, clientAddress, id, token);
            }

            private void requireReachable() throws ContextStoreException {
                if (storeUnreachable.get()) {
                    throw new ContextStoreException("the session store cannot be reached");
                }
            }
        };
    }

    /**
     * The store as the stream server sees it: its use of a session when it confirms a new stream (the last thing
     * it asks before the stream opens) waits while {@link #holdNextConfirmation() held}, as a slow store would.
     */
    private ContextStore streamStore() {
        return new ForwardingContextStore(store) {
            @Override
            public Optional<StoredSession> get(SessionId id) throws ContextStoreException {
                CountDownLatch gate = confirmationGate.getAndSet(null);
                if (gate != null) {
                    confirmationHeld.countDown();
                    try {
                        gate.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return super.get(id);
            }
        };
    }

    /** The stream server's next confirmation of a new stream waits at the store until {@link #release()}. */
    void holdNextConfirmation() {
        confirmationGate.set(held);
    }

    /** Waits (up to 10 s) until the confirmation {@link #holdNextConfirmation() held} reached the store. */
    void awaitConfirmationHeld() throws InterruptedException {
        if (!confirmationHeld.await(10, TimeUnit.SECONDS)) {
            throw new AssertionError("no stream was confirmed");
        }
    }

    /** Whether negotiation finds the context store unreachable (new sessions are then declined). */
    void storeUnreachable(boolean unreachable) {
        storeUnreachable.set(unreachable);
    }

    /** A server whose negotiation accepts only {@code transports} (HHFR transport URIs). */
    static HhfrServerSide offering(String... transports) throws IOException {
        return new HhfrServerSide(
                ServerCapabilities.defaults().toBuilder().transports(Arrays.asList(transports)).build());
    }

    /** A server offering {@code transports} whose stream server refuses early HELLOs as unknown sessions at once. */
    static HhfrServerSide refusingEarlyHandshakes(String... transports) throws IOException {
        return new HhfrServerSide(ServerCapabilities.defaults().toBuilder().transports(Arrays.asList(transports))
                .build(), EarlyHandshakeLimits.none());
    }

    /** The HHFR transport URI a session of a stream {@code mode} negotiates. */
    static String transportOf(Mode mode) {
        if (mode == Mode.SOAP) {
            throw new IllegalArgumentException("SOAP is no HHFR transport");
        }
        return mode == Mode.HHFR_TCP ? HhfrUris.TRANSPORT_TCP : HhfrUris.TRANSPORT_UDP;
    }

    /** A server whose negotiation grants within {@code capabilities}. */
    static HhfrServerSide granting(ServerCapabilities capabilities) throws IOException {
        return new HhfrServerSide(capabilities);
    }

    /** The session as the store holds it (this counts as a use), or {@code null}. */
    StoredSession stored(SessionId id) throws ContextStoreException {
        return store.get(id).orElse(null);
    }

    /** The SOAP front: its URL and its counts of plain calls and negotiations. */
    TestService service() {
        return service;
    }

    int tcpPort() {
        return streams.tcpPort();
    }

    int udpPort() {
        return streams.udpPort();
    }

    TransportMetrics metrics() {
        return streams.metrics();
    }

    /** From now on negotiation sends clients of {@code transport} to {@code port} on 127.0.0.1. */
    void advertise(String transport, int port) {
        advertisedPorts.put(transport, port);
    }

    /** Cuts every TCP stream connection; the sessions live on. */
    void dropConnections() {
        streams.dropConnections();
    }

    /** Moves the store's clock past the idle timeout and purges: every session expires, as after a long pause. */
    void expireSessions() {
        skewMillis.addAndGet(StoreLimits.defaults().idleTimeoutMillis() + 1);
        store.purgeExpired();
    }

    /** Lets the requests {@link #HELD} in dispatch, and a confirmation held, go on, now and from now on. */
    void release() {
        held.countDown();
    }

    @Override
    public void close() {
        release();
        service.close();
        streams.close();
        store.close();
        dispatch.shutdownNow();
    }

    private StreamEndpoint endpointFor(String transport) {
        Integer advertised = advertisedPorts.get(transport);
        if (advertised != null) {
            return StreamEndpoint.of("127.0.0.1", advertised);
        }
        if (HhfrUris.TRANSPORT_TCP.equals(transport)) {
            return StreamEndpoint.of("127.0.0.1", streams.tcpPort());
        }
        return HhfrUris.TRANSPORT_UDP.equals(transport) ? StreamEndpoint.of("127.0.0.1", streams.udpPort()) : null;
    }

    private byte[] sum(StreamSession session, InboundMessage message) {
        Representation representation = Representations.standard().get(session.context().representationUri());
        try {
            Message request = representation.decode(session.context().request(), message.payload());
            float[] values = request.record().floats("values");
            if (values.length > 0 && values[0] == HELD) {
                held.await(10, TimeUnit.SECONDS);
            }
            dispatched.incrementAndGet();
            engineConfig.set(session.engineConfig());
            return representation.encode(FloatSum.respond(request));
        } catch (MalformedMessageException e) {
            throw new IllegalArgumentException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
