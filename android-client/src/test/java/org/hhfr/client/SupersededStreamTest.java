package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.hhfr.contextstore.CachedReply;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.InMemoryReplyCache;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.ReplyCache;
import org.hhfr.contextstore.ReplyClaim;
import org.hhfr.contextstore.StoreLimits;
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
import org.hhfr.streamer.Message;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.netty.StreamDispatcher;
import org.hhfr.transports.netty.StreamServer;
import org.hhfr.transports.netty.StreamServerConfig;
import org.hhfr.transports.netty.StreamSharing;
import org.hhfr.transports.netty.TransportMetrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A stream whose calls a newer stream of its session took up (the reply cache refuses its claim as SUPERSEDED,
 * as it does once the newer stream, perhaps on another node, claimed calls) runs none of them and is aborted,
 * so a client still on it learns at once instead of by its calls' deadlines.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SupersededStreamTest {
    @Test
    void aStreamFencedOutByANewerStreamRunsNothingMoreAndIsAborted() throws Exception {
        InMemoryContextStore store = new InMemoryContextStore(StoreLimits.defaults(), MonotonicClock.SYSTEM,
                TokenGenerator.secure());
        ExecutorService dispatch = Executors.newSingleThreadExecutor();
        ConcurrentLinkedQueue<Integer> ran = new ConcurrentLinkedQueue<>();
        StreamServer streams = StreamServer.start(store, StreamDispatcher.ofFunction((session, message) -> {
            float[] values = StreamNode.values(session, message);
            ran.add((int) values[0]);
            return StreamNode.sumOf(session, values);
        }), StreamServerConfig.on("127.0.0.1").ioThreads(1).dispatchExecutor(dispatch)
                .sharing(new StreamSharing(new SupersededFromTheSecondClaim(), StreamEpochs.LOCAL, "n", 30_000))
                .build());
        NegotiationHandler handler = new NegotiationHandler(ServerCapabilities.defaults().toBuilder()
                .transports(List.of(HhfrUris.TRANSPORT_TCP)).build(), store,
                transport -> HhfrUris.TRANSPORT_TCP.equals(transport)
                        ? StreamEndpoint.of("127.0.0.1", streams.tcpPort()) : null,
                operation -> FloatSum.published(), SchemaLimits.defaults());
        try (TestService front = TestService.hhfr(new SoapNegotiationService(handler,
                new SoapEnvelopeReader(SoapLimits.defaults())));
             HhfrClient client = HhfrClient.builder(front.url()).preferredModes(Mode.HHFR_TCP)
                     .negotiateOnOpen(true).callTimeoutMillis(30_000).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(1.5f, session.call(FloatSum.request(1, 0.5f)).record().floatValue("return"));

            CompletableFuture<Message> fencedOut = session.callAsync(FloatSum.request(2, 0.5f));
            ExecutionException failed = assertThrows(ExecutionException.class,
                    () -> fencedOut.get(5, TimeUnit.SECONDS), "failed at once, not at its 30 s deadline");
            assertInstanceOf(HhfrException.class, failed.getCause());
            assertEquals(List.of(1), List.copyOf(ran), "the fenced out call did not run");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (streams.metrics().get(TransportMetrics.Counter.SESSIONS_FAILED) == 0
                    && System.nanoTime() - deadline < 0) {
                Thread.sleep(10);
            }
            assertEquals(1, streams.metrics().get(TransportMetrics.Counter.SESSIONS_FAILED), "the stream was aborted");
        } finally {
            streams.close();
            store.close();
            dispatch.shutdownNow();
        }
    }

    /** The in-memory cache, but for the second claim, which it refuses as a newer stream's. */
    private static final class SupersededFromTheSecondClaim implements ReplyCache {
        private final InMemoryReplyCache delegate = new InMemoryReplyCache();
        private final AtomicInteger claims = new AtomicInteger();

        @Override
        public ReplyClaim claim(SessionId session, long callNumber, String node, long epoch, long leaseMillis) {
            return claims.incrementAndGet() == 2 ? ReplyClaim.superseded()
                    : delegate.claim(session, callNumber, node, epoch, leaseMillis);
        }

        @Override
        public void record(SessionId session, long callNumber, CachedReply reply) {
            delegate.record(session, callNumber, reply);
        }

        @Override
        public void forget(SessionId session, Collection<Long> callNumbers) {
            delegate.forget(session, callNumbers);
        }

        @Override
        public void removeSession(SessionId session) {
            delegate.removeSession(session);
        }
    }
}
