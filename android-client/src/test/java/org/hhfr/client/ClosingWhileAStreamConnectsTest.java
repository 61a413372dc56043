package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.negotiation.HhfrUris;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Closing a session, or its client, while its stream's TCP connection is being dialled ends that connect at once,
 * whether the stream is the one an answer granted or one opened from a ticket: no thread is left dialling until
 * the connect timeout, and no connection opens after the close. The stream endpoint is an
 * {@link UnansweredEndpoint} (its connects never complete), the connect timeout a minute.
 */
@Timeout(30)
class ClosingWhileAStreamConnectsTest {
    private static final int CONNECT_TIMEOUT_MILLIS = 60_000;

    private HhfrServerSide server;
    private final ResumptionTicketCache tickets = new ResumptionTicketCache();
    private final List<Thread> started = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void closingTheSessionWhileItsGrantedStreamConnectsEndsTheConnectAtOnce() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        try (UnansweredEndpoint unanswered = new UnansweredEndpoint()) {
            server.advertise(HhfrUris.TRANSPORT_TCP, unanswered.port());
            try (HhfrClient client = client(this::startThread)) {
                Session session = client.open(FloatSum.operation());
                assertEquals(1f, session.call(Float.class, new float[] {1f}), "the offering call, over SOAP");
                assertTrue(Eventually.within(5_000, () -> started.stream().anyMatch(
                        ClosingWhileAStreamConnectsTest::isConnecting)), "the granted stream connects meanwhile");

                session.close();
                assertTrue(Eventually.within(5_000, () -> started.stream().noneMatch(Thread::isAlive)), "still connecting: "
                        + stacksOf(started));
            }
        }
    }

    @Test
    void aSessionClosedBeforeItsGrantedStreamBeginsToConnectOpensNoConnection() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        List<Runnable> held = new CopyOnWriteArrayList<>();
        try (FreezingTcpRelay relay = new FreezingTcpRelay(server.tcpPort())) {
            server.advertise(HhfrUris.TRANSPORT_TCP, relay.port());
            try (HhfrClient client = client(held::add)) {
                Session session = client.open(FloatSum.operation());
                assertEquals(1f, session.call(Float.class, new float[] {1f}), "the offering call, over SOAP");
                assertEquals(1, held.size(), "connecting the granted stream waits in the executor");

                session.close();
                held.forEach(this::startThread);
                assertTrue(Eventually.within(5_000, () -> started.stream().noneMatch(Thread::isAlive)));
            }
            assertEquals(0, relay.connections(), "no connection after the close");
        }
    }

    @Test
    void aSessionClosedBeforeItsGrantedUdpStreamOpensSendsNoDatagram() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_UDP);
        List<Runnable> held = new CopyOnWriteArrayList<>();
        try (LossyUdpRelay relay = new LossyUdpRelay(server.udpPort(), 1, 0)) {
            server.advertise(HhfrUris.TRANSPORT_UDP, relay.port());
            try (HhfrClient client = HhfrClient.builder(server.service().url()).ticketCache(tickets)
                    .preferredModes(Mode.HHFR_UDP, Mode.SOAP).executor(held::add).build()) {
                Session session = client.open(FloatSum.operation());
                assertEquals(1f, session.call(Float.class, new float[] {1f}), "the offering call, over SOAP");
                assertEquals(1, held.size(), "opening the granted stream waits in the executor");

                session.close();
                held.forEach(this::startThread);
                assertTrue(Eventually.within(5_000, () -> started.stream().noneMatch(Thread::isAlive)));
            }
            assertEquals(0, relay.forwarded.get() + relay.lost.get(), "no datagram after the close");
        }
    }

    @Test
    void closingTheClientWhileASessionOpensItsStreamFromATicketEndsTheConnectAtOnce() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_TCP);
        try (UnansweredEndpoint unanswered = new UnansweredEndpoint()) {
            server.advertise(HhfrUris.TRANSPORT_TCP, unanswered.port());
            try (HhfrClient first = client(this::startThread)) {
                Session granted = first.open(FloatSum.operation());
                assertEquals(1f, granted.call(Float.class, new float[] {1f}), "the offering call, over SOAP");
            }
            assertTrue(Eventually.within(5_000, () -> started.stream().noneMatch(Thread::isAlive)), "still connecting: "
                    + stacksOf(started));
            assertEquals(1, tickets.size(), "the ticket stays: the close ended the connect, not its endpoint");
            started.clear();
            int requests = server.service().soapCalls.get() + server.service().negotiations.get();

            HhfrClient second = client(this::startThread);
            CompletableFuture<Session> opening = new CompletableFuture<>();
            Thread opener = new Thread(() -> {
                try {
                    opening.complete(second.open(FloatSum.operation()));
                } catch (HhfrException | RuntimeException e) {
                    opening.completeExceptionally(e);
                }
            }, "opener");
            opener.start();
            assertTrue(Eventually.within(5_000, () -> isConnecting(opener)), "open() connects the ticket's stream");

            second.close();
            Session session = opening.get(5, TimeUnit.SECONDS);
            CompletionException closed = assertThrows(CompletionException.class,
                    () -> session.callAsync(FloatSum.request(1f)).join());
            assertTrue(closed.getCause() instanceof SessionClosedException, closed.getCause().toString());
            assertTrue(Eventually.within(5_000, () -> started.stream().noneMatch(Thread::isAlive)), "still connecting: "
                    + stacksOf(started));
            assertEquals(requests, server.service().soapCalls.get() + server.service().negotiations.get(),
                    "the second client sent the service nothing: it opened from the ticket");
        }
    }

    private HhfrClient client(Executor executor) {
        return HhfrClient.builder(server.service().url()).ticketCache(tickets)
                .connectTimeoutMillis(CONNECT_TIMEOUT_MILLIS).executor(executor).build();
    }

    private void startThread(Runnable task) {
        Thread thread = new Thread(task, "background");
        started.add(thread);
        thread.start();
    }

    /** Whether {@code thread} waits in a TCP connect. */
    private static boolean isConnecting(Thread thread) {
        return Arrays.stream(thread.getStackTrace()).anyMatch(frame -> frame.getClassName().equals("java.net.Socket")
                && frame.getMethodName().equals("connect"));
    }

    private static String stacksOf(List<Thread> threads) {
        return threads.stream().filter(Thread::isAlive).map(thread -> Arrays.toString(thread.getStackTrace()))
                .collect(Collectors.toList()).toString();
    }
}
