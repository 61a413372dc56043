package org.hhfr.axis.headers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.axis2.AxisFault;
import org.hhfr.axis.module.HttpCaller;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.ServerSettings;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.client.CallDetails;
import org.hhfr.client.HhfrException;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Interceptor;
import org.hhfr.client.Mode;
import org.hhfr.client.Operation;
import org.hhfr.client.Session;
import org.hhfr.client.WsdlOperations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An interceptor's bearer token is the caller of a session: the offering call carries it and the service keeps
 * it for the session's streamed calls. When the app's user changes on the same client (or the token is
 * renewed), the next calls are not streamed under the old token: the session negotiates again under the new
 * one, and the service sees the new caller on every call.
 */
@Timeout(120)
class InterceptorCallerTest {
    private static final List<List<String>> SEEN = new CopyOnWriteArrayList<>();
    /** While set, a negotiation waits in the service for it: the client closes meanwhile. */
    private static volatile CountDownLatch negotiationsHeld;
    private static volatile CountDownLatch negotiationArrived = new CountDownLatch(1);
    private static HhfrServer server;
    private static Operation sum;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(ServerSettings.builder().port(0).requestThreads(2)
                .streams("127.0.0.1", "127.0.0.1", 0, ServerSettings.NOT_SERVED).build());
        CallGuard.engage(server.axisContext().getAxisConfiguration(), "FloatSum", "bearer-check", call -> {
            String authorization = HttpCaller.header(call, "Authorization");
            SEEN.add(List.of(CallGuard.streamed(call) ? "stream" : "soap", String.valueOf(authorization)));
            CountDownLatch held = negotiationsHeld;
            if (held != null && Negotiator.NEGOTIATE_ACTION.equals(call.getSoapAction())) {
                negotiationArrived.countDown();
                try {
                    held.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (authorization == null) {
                throw new AxisFault("a bearer token is required");
            }
        });
        sum = CompiledOperations.of(server, "FloatSum", "sum");
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
    }

    @Test
    void aNewUsersCallsReachTheServiceAsTheNewUserNotOverTheLastUsersSession() throws Exception {
        AtomicReference<String> user = new AtomicReference<>("alice");
        SEEN.clear();
        try (HhfrClient client = clientOf(user)) {
            try (Session session = client.open(sum)) {
                for (int i = 0; i < 3; i++) {
                    assertEquals(i + 0.5f, session.call(Float.class, new float[] {i, 0.5f}));
                }
                assertEquals(Mode.HHFR_TCP, session.mode());
            }
            assertEquals(List.of(List.of("soap", "Bearer token-of-alice"), List.of("stream", "Bearer token-of-alice"),
                    List.of("stream", "Bearer token-of-alice")), SEEN);
            user.set("bob");
            SEEN.clear();
            try (Session session = client.open(sum)) {
                for (int i = 0; i < 3; i++) {
                    assertEquals(i + 0.5f, session.call(Float.class, new float[] {i, 0.5f}));
                }
                assertEquals(Mode.HHFR_TCP, session.mode(), "bob's own session streams");
            }
        }
        assertEquals(3, SEEN.size(), SEEN::toString);
        for (List<String> call : SEEN) {
            assertEquals("Bearer token-of-bob", call.get(1), "bob's calls were seen as " + SEEN);
        }
        assertTrue(SEEN.contains(List.of("stream", "Bearer token-of-bob")), "bob streams once he negotiated: " + SEEN);
    }

    /**
     * An operation from the WSDL, which advertises the stream endpoints: the session negotiates on its own, with
     * the stream opening meanwhile, and the negotiation carries the interceptor's token (before, it went without,
     * so the service refused it and the session stayed on SOAP). A user switch within the session is seen on that
     * early-born stream as on any: bob's calls never run as alice.
     */
    @Test
    void aSessionNegotiatedOnItsOwnCarriesTheInterceptorsTokenAndSeesAUserSwitch() throws Exception {
        AtomicReference<String> user = new AtomicReference<>("alice");
        try (HhfrClient client = clientOf(user)) {
            Operation advertised = WsdlOperations.fetch(client).operation("sum");
            SEEN.clear();
            try (Session session = client.open(advertised)) {
                for (int i = 0; i < 3; i++) {
                    assertEquals(i + 0.5f, session.call(Float.class, new float[] {i, 0.5f}));
                }
                assertEquals(Mode.HHFR_TCP, session.mode());
                assertEquals(List.of(List.of("soap", "Bearer token-of-alice"),
                        List.of("stream", "Bearer token-of-alice"), List.of("stream", "Bearer token-of-alice"),
                        List.of("stream", "Bearer token-of-alice")), SEEN, "the negotiation, then three calls");
                user.set("bob");
                SEEN.clear();
                for (int i = 0; i < 4; i++) {
                    assertEquals(i + 0.5f, session.call(Float.class, new float[] {i, 0.5f}));
                }
                assertEquals(Mode.HHFR_TCP, session.mode(), "bob's own session streams");
            }
        }
        for (List<String> call : SEEN) {
            assertEquals("Bearer token-of-bob", call.get(1), "bob's calls were seen as " + SEEN);
        }
        assertTrue(SEEN.contains(List.of("stream", "Bearer token-of-bob")), "bob streams once he negotiated: " + SEEN);
    }

    /**
     * Alice's client closes while the negotiation it made under her token is out: the service still grants the
     * session, as hers, and its ticket is kept for the next session (the cache is shared, as across an activity's
     * restart). Bob's session, opened from that ticket, must not stream his calls as alice: the ticket has to say
     * whose session it is. Before, it was the negotiator's ticket, which names no caller, so every call streamed.
     */
    @Test
    void aTicketLeftByASessionClosedDuringItsNegotiationKeepsItsCaller() throws Exception {
        ResumptionTicketCache tickets = new ResumptionTicketCache();
        AtomicReference<String> alice = new AtomicReference<>("alice");
        HhfrClient first = clientOf(alice, tickets).negotiateOnOpen(true).build();
        SEEN.clear();
        negotiationArrived = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        negotiationsHeld = release;
        CompletableFuture<Void> opening;
        try {
            opening = CompletableFuture.runAsync(() -> {
                try {
                    first.open(sum);
                } catch (HhfrException e) {
                    throw new CompletionException(e);
                }
            });
            assertTrue(negotiationArrived.await(30, TimeUnit.SECONDS), "alice's negotiation reached the service");
            first.close();
        } finally {
            negotiationsHeld = null;
            release.countDown();
        }
        try {
            opening.get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            // the client closed under open: whether open says so does not matter here
        }
        assertEquals(List.of(List.of("soap", "Bearer token-of-alice")), SEEN, "alice's negotiation only");
        SEEN.clear();
        try (HhfrClient second = clientOf(new AtomicReference<>("bob"), tickets).build();
             Session session = second.open(sum)) {
            for (int i = 0; i < 4; i++) {
                assertEquals(i + 0.5f, session.call(Float.class, new float[] {i, 0.5f}));
            }
        }
        for (List<String> call : SEEN) {
            assertEquals("Bearer token-of-bob", call.get(1), "bob's calls were seen as " + SEEN);
        }
    }

    /** A TCP client whose interceptor gives every call the bearer token of {@code user}, whoever that is now. */
    private static HhfrClient clientOf(AtomicReference<String> user) {
        return clientOf(user, new ResumptionTicketCache()).build();
    }

    private static HhfrClient.Builder clientOf(AtomicReference<String> user, ResumptionTicketCache tickets) {
        return HhfrClient.builder(server.serviceUrl("127.0.0.1", "FloatSum")).ticketCache(tickets)
                .preferredModes(Mode.HHFR_TCP)
                .addInterceptor(new Interceptor() {
                    @Override
                    public void onCall(CallDetails call) {
                        call.header("Authorization", "Bearer token-of-" + user.get());
                    }
                });
    }
}
