package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.server.NegotiationHandler;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.negotiation.server.SoapNegotiationService;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.SchemaLimits;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Representation;
import org.hhfr.streamer.Representations;
import org.hhfr.transports.netty.StreamDispatcher;
import org.hhfr.transports.netty.StreamServer;
import org.hhfr.transports.netty.StreamServerConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The client against the real server side: negotiation by the negotiation module's handler and streams by
 * transports/netty's {@link StreamServer} over the same context store, dispatching to the float-sum function.
 */
class NettyServerTest {
    /** Milliseconds the store's clock is ahead of the system's: a test moves time on to expire sessions. */
    private final AtomicLong skewMillis = new AtomicLong();
    private final InMemoryContextStore store = new InMemoryContextStore(StoreLimits.defaults(),
            () -> MonotonicClock.SYSTEM.millis() + skewMillis.get(), TokenGenerator.secure());
    private final AtomicInteger dispatched = new AtomicInteger();
    private StreamServer streams;
    private TestService service;

    @BeforeEach
    void start() throws Exception {
        streams = StreamServer.start(store, StreamDispatcher.ofFunction((session, message) -> {
            Representation representation = Representations.standard().get(session.context().representationUri());
            try {
                Message request = representation.decode(session.context().request(), message.payload());
                dispatched.incrementAndGet();
                return representation.encode(FloatSum.respond(request));
            } catch (MalformedMessageException e) {
                throw new IllegalArgumentException(e);
            }
        }), StreamServerConfig.on("127.0.0.1").withIoThreads(1));
        NegotiationHandler handler = new NegotiationHandler(ServerCapabilities.defaults(), store,
                transport -> HhfrUris.TRANSPORT_TCP.equals(transport)
                        ? new StreamEndpoint("127.0.0.1", streams.tcpPort())
                        : new StreamEndpoint("127.0.0.1", streams.udpPort()),
                operation -> FloatSum.published(), SchemaLimits.defaults());
        service = TestService.hhfr(new SoapNegotiationService(handler,
                new SoapEnvelopeReader(SoapLimits.defaults())));
    }

    @AfterEach
    void stop() {
        service.close();
        streams.close();
        store.close();
    }

    @Test
    void callsStreamOverTcpAndUdpWithTheNettyServer() throws Exception {
        for (Mode mode : Arrays.asList(Mode.HHFR_TCP, Mode.HHFR_UDP)) {
            try (HhfrClient client = HhfrClient.builder(service.url()).preferredModes(mode).build()) {
                Session session = client.open(FloatSum.operation());
                assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}));
                assertEquals(mode, session.mode());
                for (int i = 0; i < 50; i++) {
                    assertEquals(i + 0.5f, session.call(Float.class, new float[] {i, 0.5f}));
                }
            }
        }
        assertEquals(100, dispatched.get());
        assertEquals(2, service.soapCalls.get());
    }

    @Test
    void pipelinedCallsSurviveTheServerDroppingConnections() throws Exception {
        try (HhfrClient client = HhfrClient.builder(service.url()).negotiateOnOpen(true).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(Mode.HHFR_TCP, session.mode());
            int calls = 600;
            List<CompletableFuture<Message>> futures = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                futures.add(session.callAsync(FloatSum.request(i, 0.25f)));
                if (i % 150 == 75) {
                    streams.dropConnections();
                }
            }
            for (int i = 0; i < calls; i++) {
                assertEquals(i + 0.25f, futures.get(i).get(20, TimeUnit.SECONDS).record().floatValue("return"));
            }
            assertEquals(calls, dispatched.get(), "each call ran exactly once");
            assertEquals(1, service.negotiations.get(), "resumed without renegotiation");
        }
    }

    @Test
    void anExpiredSessionIsNegotiatedAgain() throws Exception {
        try (HhfrClient client = HhfrClient.builder(service.url()).negotiateOnOpen(true).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(1f, session.call(Float.class, new float[] {1f}));
            skewMillis.addAndGet(StoreLimits.defaults().idleTimeoutMillis() + 1);
            store.purgeExpired();
            streams.dropConnections();
            float result = Float.NaN;
            for (int attempt = 0; attempt < 2 && Float.isNaN(result); attempt++) {
                try {
                    result = session.call(Float.class, new float[] {2f});
                } catch (StreamLostException e) {
                    assertTrue(e.getMessage().contains("expired") || e.getMessage().contains("UNKNOWN_SESSION"),
                            e.getMessage());
                }
            }
            assertEquals(2f, result);
            assertEquals(Mode.HHFR_TCP, session.mode());
            assertEquals(2, service.negotiations.get());
        }
    }

}
