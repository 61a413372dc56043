package org.hhfr.contextstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ResumptionTicketCacheTest {
    private final ManualClock clock = new ManualClock();
    private final TokenGenerator generator = TokenGenerator.secure();

    private TicketKey key(String operation) {
        return TicketKey.of("http://example.org/services/FloatSum", operation, "fp");
    }

    /** A ticket as a client session keeps it: naming its caller. */
    private ResumptionTicket ticket() {
        return ResumptionTicket.of(generator.newSessionId(), generator.newToken(),
                StreamEndpoint.of("example.org", 7_000), Contexts.BINARY, Contexts.TCP, ReliabilityPolicy.defaults())
                .withCallerHeaders("headers of alice");
    }

    @Test
    void ticketIsReturnedWithinItsValidity() {
        ResumptionTicketCache cache = new ResumptionTicketCache(4, clock);
        ResumptionTicket ticket = ticket();
        cache.put(key("sum"), ticket, 1_000);
        clock.advance(999);

        assertEquals(ticket, cache.get(key("sum")).orElseThrow(AssertionError::new));
    }

    @Test
    void expiredTicketIsNeverReturnedAndIsDropped() {
        ResumptionTicketCache cache = new ResumptionTicketCache(4, clock);
        cache.put(key("sum"), ticket(), 1_000);
        clock.advance(1_000);

        assertFalse(cache.get(key("sum")).isPresent());
        assertEquals(0, cache.size());
    }

    @Test
    void puttingAgainExtendsTheValidity() {
        ResumptionTicketCache cache = new ResumptionTicketCache(4, clock);
        ResumptionTicket ticket = ticket();
        cache.put(key("sum"), ticket, 1_000);
        clock.advance(800);
        cache.put(key("sum"), ticket, 1_000);
        clock.advance(800);

        assertTrue(cache.get(key("sum")).isPresent());
    }

    @Test
    void leastRecentlyUsedTicketIsDroppedBeyondCapacity() {
        ResumptionTicketCache cache = new ResumptionTicketCache(2, clock);
        cache.put(key("a"), ticket(), 1_000);
        cache.put(key("b"), ticket(), 1_000);
        cache.get(key("a"));

        cache.put(key("c"), ticket(), 1_000);

        assertEquals(2, cache.size());
        assertTrue(cache.get(key("a")).isPresent());
        assertFalse(cache.get(key("b")).isPresent());
        assertTrue(cache.get(key("c")).isPresent());
    }

    @Test
    void ticketsAreKeptApartBySchemaFingerprint() {
        ResumptionTicketCache cache = new ResumptionTicketCache(4, clock);
        cache.put(TicketKey.of("http://example.org/s", "sum", "old"), ticket(), 1_000);

        assertFalse(cache.get(TicketKey.of("http://example.org/s", "sum", "new")).isPresent());
    }

    @Test
    void aTicketWhoseServerSessionAnOpenSessionHoldsIsNotTakenUntilReleased() {
        ResumptionTicketCache cache = new ResumptionTicketCache(4, clock);
        ResumptionTicket ticket = ticket();
        cache.put(key("sum"), ticket, 1_000);

        assertEquals(ticket, cache.take(key("sum")).orElseThrow(AssertionError::new));
        assertFalse(cache.take(key("sum")).isPresent(), "the first taker streams on it");
        assertTrue(cache.get(key("sum")).isPresent(), "still kept");
        cache.release(ticket.sessionId());
        assertEquals(ticket, cache.take(key("sum")).orElseThrow(AssertionError::new));
    }

    @Test
    void aTicketThatNamesNoCallerIsKeptButNotTaken() {
        ResumptionTicketCache cache = new ResumptionTicketCache(4, clock);
        cache.put(key("sum"), ticket().withCallerHeaders(""), 1_000);

        assertFalse(cache.take(key("sum")).isPresent(), "whose session it is, is not known");
        assertTrue(cache.get(key("sum")).isPresent());
    }

    @Test
    void aTicketOfAServerSessionANegotiatingSessionHoldsIsNotTaken() {
        ResumptionTicketCache cache = new ResumptionTicketCache(4, clock);
        ResumptionTicket ticket = ticket();
        cache.hold(ticket.sessionId());
        cache.put(key("sum"), ticket, 1_000);

        assertFalse(cache.take(key("sum")).isPresent());
    }

    @Test
    void removedTicketIsGone() {
        ResumptionTicketCache cache = new ResumptionTicketCache(4, clock);
        cache.put(key("sum"), ticket(), 1_000);

        assertTrue(cache.remove(key("sum")));
        assertFalse(cache.remove(key("sum")));
        assertFalse(cache.get(key("sum")).isPresent());
    }

    @Test
    void ticketWithoutValidityIsNotKept() {
        ResumptionTicketCache cache = new ResumptionTicketCache(4, clock);
        cache.put(key("sum"), ticket(), 1_000);

        cache.put(key("sum"), ticket(), 0);

        assertEquals(0, cache.size());
    }

    @Test
    void cacheStaysWithinCapacityUnderConcurrentUse() throws Exception {
        ResumptionTicketCache cache = new ResumptionTicketCache(8, clock);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < 2_000; i++) {
                        TicketKey key = key("op" + (thread * 31 + i) % 20);
                        cache.put(key, ticket(), 1_000);
                        cache.get(key);
                        if (i % 7 == 0) {
                            cache.remove(key);
                        }
                        assertTrue(cache.size() <= 8);
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get(10, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertTrue(cache.size() <= 8);
    }

    @Test
    void theEndpointHintOutlivesItsExpiredAndRemovedTicket() {
        ResumptionTicketCache cache = new ResumptionTicketCache(4, clock);
        cache.put(key("sum"), ticket(), 1_000);
        cache.put(key("max"), ticket(), 1_000);
        cache.remove(key("max"));
        clock.advance(1_000);

        assertFalse(cache.get(key("sum")).isPresent());
        assertEquals(EndpointHint.of(Contexts.TCP, StreamEndpoint.of("example.org", 7_000)),
                cache.endpointHint("http://example.org/services/FloatSum").orElseThrow(AssertionError::new));
        assertFalse(cache.endpointHint("http://example.org/services/Other").isPresent());
    }

    @Test
    void theLatestGrantOrAnExplicitHintReplacesTheHintAndHintsAreBounded() {
        ResumptionTicketCache cache = new ResumptionTicketCache(2, clock);
        String service = "http://example.org/services/FloatSum";
        cache.put(key("sum"), ResumptionTicket.of(generator.newSessionId(), generator.newToken(),
                StreamEndpoint.of("other.example.org", 7_001), Contexts.BINARY, "urn:hhfr:transport:udp",
                ReliabilityPolicy.defaults()), 1_000);
        assertEquals(EndpointHint.of("urn:hhfr:transport:udp", StreamEndpoint.of("other.example.org", 7_001)),
                cache.endpointHint(service).orElseThrow(AssertionError::new));

        EndpointHint configured = EndpointHint.of(Contexts.TCP, StreamEndpoint.of("example.org", 7_002));
        cache.putEndpointHint(service, configured);
        assertEquals(configured, cache.endpointHint(service).orElseThrow(AssertionError::new));

        cache.putEndpointHint("http://a.example.org/", configured);
        cache.putEndpointHint("http://b.example.org/", configured);
        assertFalse(cache.endpointHint(service).isPresent(), "the least recently used hint went beyond capacity");
    }
}
