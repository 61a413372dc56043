package org.hhfr.contextstore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Collections;
import org.hhfr.transports.auth.SessionId;
import org.junit.jupiter.api.Test;

/** The claim, record and forget protocol of a call's reply, on a clock moved by hand. */
class InMemoryReplyCacheTest {
    private static final long LEASE = 1_000;

    private final ManualClock clock = new ManualClock();
    private final InMemoryReplyCache cache = new InMemoryReplyCache(4, clock);
    private final SessionId session = SessionId.of(new byte[16]);
    private final CachedReply reply = new CachedReply(0, new byte[] {1, 2, 3});

    @Test
    void aNewCallIsTheClaimingNodesToRun() {
        assertEquals(ReplyClaim.Kind.RUN, cache.claim(session, 7, "a", LEASE).kind());
    }

    @Test
    void aRecordedCallIsAnsweredWithItsReplyNeverRunAgain() {
        cache.claim(session, 7, "a", LEASE);
        cache.record(session, 7, reply);

        ReplyClaim again = cache.claim(session, 7, "b", LEASE);
        assertEquals(ReplyClaim.Kind.REPLIED, again.kind());
        assertEquals(reply, again.reply());
    }

    @Test
    void anotherNodeWaitsWhileTheClaimsLeaseHoldsThenTakesTheCallOver() {
        cache.claim(session, 7, "a", LEASE);
        assertEquals(ReplyClaim.Kind.BUSY, cache.claim(session, 7, "b", LEASE).kind());
        clock.advance(LEASE - 1);
        assertEquals(ReplyClaim.Kind.BUSY, cache.claim(session, 7, "b", LEASE).kind());

        clock.advance(1);
        assertEquals(ReplyClaim.Kind.RUN, cache.claim(session, 7, "b", LEASE).kind(), "its node stopped");
        assertEquals(ReplyClaim.Kind.BUSY, cache.claim(session, 7, "a", LEASE).kind(), "b holds it now");
    }

    @Test
    void anAcknowledgedReplyIsForgotten() {
        cache.record(session, 7, reply);
        cache.forget(session, Collections.singletonList(7L));
        assertEquals(ReplyClaim.Kind.RUN, cache.claim(session, 7, "a", LEASE).kind());
    }

    @Test
    void sessionsAreApart() {
        cache.record(session, 7, reply);
        assertEquals(ReplyClaim.Kind.RUN, cache.claim(SessionId.of(new byte[] {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0}), 7, "a", LEASE).kind());
        cache.removeSession(session);
        assertEquals(ReplyClaim.Kind.RUN, cache.claim(session, 7, "a", LEASE).kind());
    }

    @Test
    void aFullSessionDropsItsOldestRepliesButNoLiveClaim() {
        cache.claim(session, 1, "a", LEASE);
        for (long call : Arrays.asList(2L, 3L, 4L, 5L)) {
            cache.record(session, call, reply);
        }
        assertEquals(ReplyClaim.Kind.BUSY, cache.claim(session, 1, "b", LEASE).kind(), "the claim stayed");
        assertEquals(ReplyClaim.Kind.RUN, cache.claim(session, 2, "b", LEASE).kind(), "the oldest reply went");
        assertEquals(ReplyClaim.Kind.REPLIED, cache.claim(session, 5, "b", LEASE).kind());
    }
}
