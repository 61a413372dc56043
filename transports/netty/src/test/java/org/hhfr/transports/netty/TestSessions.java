package org.hhfr.transports.netty;

import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.util.function.BooleanSupplier;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.StreamCharacteristics;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.auth.StreamEpoch;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.netty.testing.SampleServices;

/** Negotiated sessions for tests, as negotiation would store them: a float-sum context over binary. */
final class TestSessions {
    static final String LOOPBACK = "127.0.0.1";

    private TestSessions() {
    }

    static InMemoryContextStore store() {
        return new InMemoryContextStore(StoreLimits.defaults()
                .toBuilder().maxSessions(5000).build(), MonotonicClock.SYSTEM,
                TokenGenerator.secure());
    }

    static StreamContext floatSum(String transportUri) {
        return floatSum(transportUri, false);
    }

    /** As above; {@code encryptedStreams} as for a session negotiated over HTTPS. */
    static StreamContext floatSum(String transportUri, boolean encryptedStreams) {
        return floatSum(transportUri, encryptedStreams, ReliabilityPolicy.defaults());
    }

    /** As above, the session having agreed {@code policy}. */
    static StreamContext floatSum(String transportUri, boolean encryptedStreams, ReliabilityPolicy policy) {
        return StreamContext.builder()
                .encryptedStreams(encryptedStreams)
                .schemeUri("urn:hhfr:1")
                .representationUri("urn:hhfr:rep:binary")
                .transportUri(transportUri)
                .operation(ServiceOperation.of("FloatSum", "sum", SoapVersion.SOAP_11, "urn:sum"))
                .request(SampleServices.SUM_REQUEST)
                .response(SampleServices.SUM_RESPONSE)
                .characteristics(StreamCharacteristics.of(policy, 1 << 20, 1 << 20))
                .build();
    }

    static SessionGrant grant(InMemoryContextStore store) throws ContextStoreException {
        return store.create(floatSum("urn:hhfr:transport:tcp"));
    }

    static NettyStreamClient.Builder tcpClient(StreamServer server, SessionGrant grant) {
        return NettyStreamClient.tcp(new InetSocketAddress(LOOPBACK, server.tcpPort()), grant.id().toBytes(),
                grant.token().toBytes());
    }

    static NettyStreamClient.Builder udpClient(StreamServer server, SessionGrant grant) {
        return NettyStreamClient.udp(new InetSocketAddress(LOOPBACK, server.udpPort()), grant.id().toBytes(),
                grant.token().toBytes());
    }

    /** An early HELLO for the first stream of the session, followed by {@code calls} requests of {@code size}. */
    static byte[] earlyHello(SessionId id, SessionToken token, int calls, int size) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] hello = FrameCodec.encode(HelloFrame.create(false, true, id, 1,
                SessionKeys.fromToken(token.toBytes(), StreamEpoch.FIRST)));
        out.write(hello, 0, hello.length);
        for (int i = 1; i <= calls; i++) {
            byte[] call = FrameCodec.encode(DataFrame.first(i, 0, 0, false, new byte[size]));
            out.write(call, 0, call.length);
        }
        return out.toByteArray();
    }

    /** Waits up to 10 s for a server counter to reach {@code expected}; fails with the counters otherwise. */
    static void awaitCounter(StreamServer server, TransportMetrics.Counter counter, long expected)
            throws InterruptedException {
        await(server, counter + " reaches " + expected, () -> server.metrics().get(counter) >= expected);
    }

    /**
     * Polls {@code condition} until it holds; fails after 10 s with the server's counters. Server-side effects
     * of a client's action (counters, session removal) land a moment after the client sees its answer.
     */
    static void await(StreamServer server, String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited 10 s for: " + what + "; " + server.metrics());
            }
            Thread.sleep(5);
        }
    }

    static StreamServerConfig config() {
        return StreamServerConfig.on(LOOPBACK).ioThreads(2).dispatchExecutor(Runnable::run).build();
    }
}
