package org.hhfr.transports.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import org.hhfr.transports.reliability.ReliabilityConfig;
import org.hhfr.transports.reliability.ReliabilityEngine;
import org.junit.jupiter.api.Test;

class ClientCallsTest {
    private final ReliabilityEngine engine = new ReliabilityEngine(
            ReliabilityConfig.forStream().toBuilder().maxBuffered(2, 32L << 20).build(), new Random(1), 0);
    private final ClientCalls<TestCall> calls = new ClientCalls<>();

    @Test
    void callsWaitInOrderForRoomAndAreFoundByTheirResponsesCorrelation() {
        TestCall first = new TestCall();
        TestCall second = new TestCall();
        TestCall third = new TestCall();
        calls.add(first);
        calls.add(second);
        calls.add(third);
        assertFalse(calls.offerWaiting(engine));
        assertTrue(calls.anyWaiting());
        assertEquals(2, calls.awaitingResponse());
        assertSame(second, calls.answered(2));
        assertNull(calls.answered(2));
        assertSame(first, calls.answered(1));
    }

    @Test
    void aCallThatEndedWhileWaitingIsNeverSent() {
        TestCall expired = new TestCall();
        expired.done = true;
        TestCall live = new TestCall();
        calls.add(expired);
        calls.add(live);
        assertTrue(calls.offerWaiting(engine));
        assertEquals(1, calls.awaitingResponse());
        assertSame(live, calls.answered(1));
    }

    @Test
    void takeAllReturnsTheSentCallsThenTheWaitingOnes() {
        TestCall[] made = {new TestCall(), new TestCall(), new TestCall()};
        for (TestCall call : made) {
            calls.add(call);
        }
        calls.offerWaiting(engine);
        assertEquals(Arrays.asList(made), calls.takeAll());
        assertEquals(0, calls.awaitingResponse());
        assertFalse(calls.anyWaiting());
    }

    private static final class TestCall implements ClientCalls.Call {
        boolean done;

        @Override
        public byte[] payload() {
            return new byte[] {1};
        }

        @Override
        public int operation() {
            return 0;
        }

        @Override
        public boolean isDone() {
            return done;
        }
    }
}
