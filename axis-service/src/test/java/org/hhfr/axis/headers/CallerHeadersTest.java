package org.hhfr.axis.headers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import org.apache.axis2.AxisFault;
import org.hhfr.axis.module.HttpCaller;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.axis.server.ServerSettings;
import org.hhfr.client.CallDetails;
import org.hhfr.client.EventListener;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Interceptor;
import org.hhfr.client.Mode;
import org.hhfr.client.Operation;
import org.hhfr.client.Session;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The HTTP headers that say who calls (an API key, a cookie, any header the service checks) reach every streamed
 * call as they reached the negotiating SOAP call, while a trace header (a trace id an interceptor gives each call)
 * is neither replayed on streamed calls nor a reason to leave the stream. A header that changes what one call does
 * (an idempotency key) reaches the service with its call, never dropped by a stream, and costs neither a
 * negotiation nor the stream of the calls without it.
 */
@Timeout(120)
class CallerHeadersTest {
    private static final List<List<String>> SEEN = new CopyOnWriteArrayList<>();
    private static HhfrServer server;
    private static Operation sum;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(ServerSettings.builder().port(0).requestThreads(2)
                .streams("127.0.0.1", "127.0.0.1", 0, ServerSettings.NOT_SERVED).build());
        CallGuard.engage(server.axisContext().getAxisConfiguration(), "FloatSum", "api-key-check", call -> {
            String key = HttpCaller.header(call, "x-api-key");
            SEEN.add(Arrays.asList(CallGuard.streamed(call) ? "stream" : "soap", key,
                    HttpCaller.header(call, "Cookie"), HttpCaller.header(call, "X-Request-Id"),
                    HttpCaller.header(call, "Idempotency-Key")));
            if (!"key-of-acme".equals(key)) {
                throw new AxisFault("an API key is required");
            }
        });
        sum = CompiledOperations.of(server, "FloatSum", "sum");
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
    }

    @Test
    void anApiKeyAndACookieReachEveryStreamedCallAndAPerCallTraceIdDoesNotEndTheStream() throws Exception {
        SEEN.clear();
        AtomicInteger requests = new AtomicInteger();
        try (HhfrClient client = HhfrClient.builder(server.serviceUrl("127.0.0.1", "FloatSum"))
                .preferredModes(Mode.HHFR_TCP)
                .httpHeader("X-Api-Key", "key-of-acme")
                .httpHeader("Cookie", "tenant=acme")
                .addInterceptor(new Interceptor() {
                    @Override
                    public void onCall(CallDetails call) {
                        call.header("X-Request-Id", "request-" + requests.getAndIncrement());
                    }
                }).build();
             Session session = client.open(sum)) {
            for (int i = 0; i < 4; i++) {
                assertEquals(i + 0.5f, session.call(Float.class, new float[] {i, 0.5f}));
            }
            assertEquals(Mode.HHFR_TCP, session.mode());
        }
        assertEquals(List.of(Arrays.asList("soap", "key-of-acme", "tenant=acme", "request-0", null),
                Arrays.asList("stream", "key-of-acme", "tenant=acme", null, null),
                Arrays.asList("stream", "key-of-acme", "tenant=acme", null, null),
                Arrays.asList("stream", "key-of-acme", "tenant=acme", null, null)), SEEN);
    }

    @Test
    void anIdempotencyKeyAnInterceptorGivesEachCallReachesTheServiceWithItsCall() throws Exception {
        SEEN.clear();
        AtomicInteger payments = new AtomicInteger();
        AtomicInteger negotiations = new AtomicInteger();
        try (HhfrClient client = acmeClient(negotiations, call ->
                call.header("Idempotency-Key", "payment-" + payments.getAndIncrement()));
             Session session = client.open(sum)) {
            for (int i = 0; i < 3; i++) {
                assertEquals(i + 0.5f, session.call(Float.class, new float[] {i, 0.5f}));
            }
        }
        // The interceptor is asked again for a call that leaves a stream for SOAP, so keys are skipped, never lost.
        Set<String> keys = new HashSet<>();
        for (List<String> call : SEEN) {
            assertTrue(call.get(4) != null && call.get(4).startsWith("payment-"), SEEN::toString);
            keys.add(call.get(4));
        }
        assertEquals(3, keys.size(), "three calls, each once with its own key: " + SEEN);
        assertEquals(3, SEEN.size(), SEEN::toString);
        assertEquals(1, negotiations.get(), "a key of one call is no reason to negotiate again");
    }

    @Test
    void callsWithoutTheHeaderSomeCallsCarryKeepTheStream() throws Exception {
        SEEN.clear();
        AtomicInteger negotiations = new AtomicInteger();
        try (HhfrClient client = acmeClient(negotiations, call -> {
            int payment = (int) call.request().record().floats("values")[0];
            if (payment % 3 == 2) {
                call.header("Idempotency-Key", "payment-" + payment);
            }
        });
             Session session = client.open(sum)) {
            for (int i = 0; i < 6; i++) {
                assertEquals(i + 0.5f, session.call(Float.class, new float[] {i, 0.5f}));
            }
            assertEquals(Mode.HHFR_TCP, session.mode());
        }
        assertEquals(List.of(Arrays.asList("soap", "key-of-acme", null, null, null),
                Arrays.asList("stream", "key-of-acme", null, null, null),
                Arrays.asList("soap", "key-of-acme", null, null, "payment-2"),
                Arrays.asList("stream", "key-of-acme", null, null, null),
                Arrays.asList("stream", "key-of-acme", null, null, null),
                Arrays.asList("soap", "key-of-acme", null, null, "payment-5")), SEEN);
        assertEquals(1, negotiations.get(), SEEN::toString);
    }

    @Test
    void aCallRetriedWithItsIdempotencyKeyCostsNoNegotiation() throws Exception {
        SEEN.clear();
        AtomicInteger negotiations = new AtomicInteger();
        try (HhfrClient client = acmeClient(negotiations, keyOfPayment(1));
             Session session = client.open(sum)) {
            assertEquals(0.5f, session.call(Float.class, new float[] {0, 0.5f}));
            // The app retries the payment whose answer it did not see, with the same key, as a payment API asks.
            assertEquals(1.5f, session.call(Float.class, new float[] {1, 0.5f}));
            assertEquals(1.5f, session.call(Float.class, new float[] {1, 0.5f}));
            assertEquals(2.5f, session.call(Float.class, new float[] {2, 0.5f}));
            assertEquals(Mode.HHFR_TCP, session.mode());
        }
        assertEquals(List.of(Arrays.asList("soap", "key-of-acme", null, null, null),
                Arrays.asList("soap", "key-of-acme", null, null, "payment-1"),
                Arrays.asList("soap", "key-of-acme", null, null, "payment-1"),
                Arrays.asList("stream", "key-of-acme", null, null, null)), SEEN);
        assertEquals(1, negotiations.get(), "a retried key is no new caller: " + SEEN);
    }

    @Test
    void theIdempotencyKeyOfTheNegotiatingCallIsNotTheSessionsCaller() throws Exception {
        SEEN.clear();
        AtomicInteger negotiations = new AtomicInteger();
        try (HhfrClient client = acmeClient(negotiations, keyOfPayment(0));
             Session session = client.open(sum)) {
            for (int i = 0; i < 4; i++) {
                assertEquals(i + 0.5f, session.call(Float.class, new float[] {i, 0.5f}));
            }
            assertEquals(Mode.HHFR_TCP, session.mode());
        }
        assertEquals(List.of(Arrays.asList("soap", "key-of-acme", null, null, "payment-0"),
                Arrays.asList("stream", "key-of-acme", null, null, null),
                Arrays.asList("stream", "key-of-acme", null, null, null),
                Arrays.asList("stream", "key-of-acme", null, null, null)), SEEN);
        assertEquals(1, negotiations.get(), SEEN::toString);
    }

    /** An interceptor that gives the call of payment {@code payment} (its first value) its idempotency key. */
    private static Consumer<CallDetails> keyOfPayment(int payment) {
        return call -> {
            if (call.request() != null && call.request().record().floats("values")[0] == payment) {
                call.header("Idempotency-Key", "payment-" + payment);
            }
        };
    }

    /** A TCP client with acme's API key whose interceptor is {@code onCall}, counting its negotiations. */
    private static HhfrClient acmeClient(AtomicInteger negotiations, Consumer<CallDetails> onCall) {
        return HhfrClient.builder(server.serviceUrl("127.0.0.1", "FloatSum"))
                .preferredModes(Mode.HHFR_TCP)
                .httpHeader("X-Api-Key", "key-of-acme")
                .eventListener(new EventListener() {
                    @Override
                    public void negotiated(Session session, Mode mode, ReliabilityPolicy agreed) {
                        negotiations.incrementAndGet();
                    }
                })
                .addInterceptor(new Interceptor() {
                    @Override
                    public void onCall(CallDetails call) {
                        onCall.accept(call);
                    }
                }).build();
    }
}
