package org.hhfr.benchmarks.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClosedLoopTest {
    @Test
    void aBoundedLoopSendsExactlyItsLimitAndIsDoneAtTheLastReply() {
        ClosedLoop loop = new ClosedLoop(3);
        assertTrue(loop.startOne());
        assertTrue(loop.startOne());
        assertTrue(loop.startOne());
        assertFalse(loop.startOne());
        loop.replied();
        loop.replied();
        assertFalse(loop.done().isDone());
        loop.replied();
        assertTrue(loop.done().isDone());
        assertEquals(3, loop.completed());
    }

    @Test
    void anUnboundedLoopSendsUntilStopped() {
        ClosedLoop loop = new ClosedLoop(0);
        for (int i = 0; i < 10_000; i++) {
            assertTrue(loop.startOne());
        }
        loop.stop();
        assertFalse(loop.startOne());
    }

    @Test
    void aFailureStopsTheLoopAndFailsDone() {
        ClosedLoop loop = new ClosedLoop(0);
        loop.fail(new IllegalStateException("connection closed"));
        assertFalse(loop.startOne());
        assertTrue(loop.done().isCompletedExceptionally());
    }
}
