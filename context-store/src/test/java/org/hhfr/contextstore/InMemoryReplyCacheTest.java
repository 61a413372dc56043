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
        assertEquals(ReplyClaim.Kind.RUN, cache.claim(session, 7, "a", 1, LEASE).kind());
    }

    @Test
    void aRecordedCallIsAnsweredWithItsReplyNeverRunAgain() {
        cache.claim(session, 7, "a", 1, LEASE);
        cache.record(session, 7, reply);

        ReplyClaim again = cache.claim(session, 7, "b", 2, LEASE);
        assertEquals(ReplyClaim.Kind.REPLIED, again.kind());
        assertEquals(reply, again.reply());
    }

    @Test
    void anotherNodeWaitsWhileTheClaimsLeaseHoldsThenTakesTheCallOver() {
        cache.claim(session, 7, "a", 1, LEASE);
        assertEquals(ReplyClaim.Kind.BUSY, cache.claim(session, 7, "b", 2, LEASE).kind());
        clock.advance(LEASE - 1);
        assertEquals(ReplyClaim.Kind.BUSY, cache.claim(session, 7, "b", 2, LEASE).kind());

        clock.advance(1);
        assertEquals(ReplyClaim.Kind.RUN, cache.claim(session, 7, "b", 2, LEASE).kind(), "its node stopped");
        assertEquals(ReplyClaim.Kind.BUSY, cache.claim(session, 7, "b", 3, LEASE).kind(), "b's older stream holds it");
    }

    @Test
    void aCopyLeftOnAnOlderStreamNeverRunsOnceANewerStreamClaimed() {
        assertEquals(ReplyClaim.Kind.RUN, cache.claim(session, 7, "b", 2, LEASE).kind());
        cache.record(session, 7, reply);
        cache.forget(session, Collections.singletonList(7L));

        assertEquals(ReplyClaim.Kind.SUPERSEDED, cache.claim(session, 7, "a", 1, LEASE).kind());
        assertEquals(ReplyClaim.Kind.SUPERSEDED, cache.claim(session, 8, "a", 1, LEASE).kind());
        assertEquals(ReplyClaim.Kind.RUN, cache.claim(session, 8, "a", 3, LEASE).kind(), "a newer stream on a");
    }

    @Test
    void aStreamKeepsItsOwnClaimAndAnotherStreamOfTheSameNodeWaits() {
        cache.claim(session, 7, "a", 1, LEASE);

        assertEquals(ReplyClaim.Kind.RUN, cache.claim(session, 7, "a", 1, LEASE).kind());
        assertEquals(ReplyClaim.Kind.BUSY, cache.claim(session, 7, "a", 2, LEASE).kind());
    }

    @Test
    void anAcknowledgedReplyIsForgotten() {
        cache.record(session, 7, reply);
        cache.forget(session, Collections.singletonList(7L));
        assertEquals(ReplyClaim.Kind.RUN, cache.claim(session, 7, "a", 1, LEASE).kind());
    }

    @Test
    void sessionsAreApart() {
        cache.record(session, 7, reply);
        assertEquals(ReplyClaim.Kind.RUN, cache.claim(SessionId.of(new byte[] {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0}), 7, "a", 1, LEASE).kind());
        cache.removeSession(session);
        assertEquals(ReplyClaim.Kind.RUN, cache.claim(session, 7, "a", 1, LEASE).kind());
    }

    @Test
    void aFullSessionDropsItsOldestRepliesButNoLiveClaim() {
        cache.claim(session, 1, "a", 1, LEASE);
        for (long call : Arrays.asList(2L, 3L, 4L, 5L)) {
            cache.record(session, call, reply);
        }
        assertEquals(ReplyClaim.Kind.BUSY, cache.claim(session, 1, "b", 2, LEASE).kind(), "the claim stayed");
        assertEquals(ReplyClaim.Kind.RUN, cache.claim(session, 2, "b", 2, LEASE).kind(), "the oldest reply went");
        assertEquals(ReplyClaim.Kind.REPLIED, cache.claim(session, 5, "b", 2, LEASE).kind());
    }
}
