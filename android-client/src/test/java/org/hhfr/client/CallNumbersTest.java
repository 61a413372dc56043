package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import org.hhfr.transports.auth.SessionId;
import org.junit.jupiter.api.Test;

/** How a client numbers the calls first sent on each stream of a session. */
class CallNumbersTest {
    private static final SessionId SESSION = SessionId.of(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
            14, 15, 16});
    private static final byte[] TOKEN = "a thirty-two byte session token!".getBytes(StandardCharsets.US_ASCII);

    @Test
    void aSecondStreamOfTheSameEpochContinuesTheCountSoNoCallNumberRepeats() {
        CallNumbers early = CallNumbers.forStream(null, SESSION, 7, TOKEN);
        long first = early.next();
        long second = early.next();
        CallNumbers granted = CallNumbers.forStream(early, SESSION, 7, TOKEN);
        long third = granted.next();

        assertNotEquals(first, third);
        assertNotEquals(second, third);
        assertEquals(3, granted.correlationOf(third), "the third call of the epoch, one byte on the wire");
    }

    @Test
    void aNewEpochCountsFromOneOnABaseOfItsOwn() {
        CallNumbers before = CallNumbers.forStream(null, SESSION, 7, TOKEN);
        long old = before.next();
        CallNumbers after = CallNumbers.forStream(before, SESSION, 8, TOKEN);
        long fresh = after.next();

        assertEquals(1, after.correlationOf(fresh));
        assertNotEquals(old, fresh);
        assertNotEquals(1, after.correlationOf(old), "a call sent again on the new stream keeps its own number");
    }

    @Test
    void anotherSessionAtTheSameEpochCountsOnItsOwnBase() {
        CallNumbers one = CallNumbers.forStream(null, SESSION, 7, TOKEN);
        long first = one.next();
        byte[] otherToken = "another session's token, 32 byte".getBytes(StandardCharsets.US_ASCII);
        CallNumbers other = CallNumbers.forStream(one, SessionId.of(new byte[16]), 7, otherToken);

        assertEquals(1, other.correlationOf(other.next()));
        assertNotEquals(1, other.correlationOf(first));
    }
}
