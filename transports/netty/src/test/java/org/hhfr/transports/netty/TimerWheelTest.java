package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.hhfr.transports.driver.SerialContext;
import org.junit.jupiter.api.Test;

/** The timer wheel with time passed in: when timers run, and that cancelled ones leave at once. */
class TimerWheelTest {
    private static final long TICK = 1_000_000;
    private static final int SLOTS = 64;
    private static final long START = 5 * TICK + 123;

    private final TimerWheel wheel = new TimerWheel(TICK, SLOTS, START);
    private final List<Long> firedAt = new ArrayList<>();
    private long now = START;

    @Test
    void firesAtOrAfterItsDeadlineWithinOneTick() {
        long[] delays = {0, 1, TICK / 2, TICK, TICK + 1, 7 * TICK + 999, 3 * SLOTS * TICK + 17};
        for (long delay : delays) {
            long deadline = START + delay;
            wheel.arm(() -> firedAt.add(now - deadline), delay, START);
        }
        advanceTickByTick(START + 4 * SLOTS * TICK);

        assertEquals(delays.length, firedAt.size());
        for (long lateness : firedAt) {
            assertTrue(lateness >= 0, "ran " + -lateness + " ns before its deadline");
            assertTrue(lateness <= 2 * TICK, "ran " + lateness + " ns after its deadline");
        }
        assertEquals(0, wheel.size());
    }

    @Test
    void cancelledTimerDoesNotFireAndLeavesTheWheelAtOnce() {
        SerialContext.Timer timer = wheel.arm(() -> firedAt.add(now), 3 * TICK, START);
        assertEquals(1, wheel.size());

        timer.cancel();

        assertEquals(0, wheel.size());
        advanceTickByTick(START + 10 * TICK);
        assertEquals(List.of(), firedAt);
    }

    @Test
    void reArmedTimerFiresOnlyAtItsNewLaterDeadline() {
        SerialContext.Timer first = wheel.arm(() -> firedAt.add(-1L), 2 * TICK, START);
        first.cancel();
        long later = START + 20 * TICK;
        wheel.arm(() -> firedAt.add(now), 20 * TICK, START);

        assertEquals(1, wheel.size());
        advanceTickByTick(later - 1);
        assertEquals(List.of(), firedAt);
        advanceTickByTick(later + TICK);
        assertEquals(1, firedAt.size());
        assertTrue(firedAt.get(0) >= later);
    }

    @Test
    void manyTimersInOneSlotEachFireOnTheirOwnTurn() {
        int perSlot = 1_000;
        for (int i = 0; i < perSlot; i++) {
            long deadline = START + 10 * TICK;
            wheel.arm(() -> firedAt.add(now - deadline), 10 * TICK, START);
            long nextTurn = START + (10 + SLOTS) * TICK;
            wheel.arm(() -> firedAt.add(now - nextTurn), (10 + SLOTS) * TICK, START);
        }

        advanceTickByTick(START + 11 * TICK);
        assertEquals(perSlot, firedAt.size());
        advanceTickByTick(START + (11 + SLOTS) * TICK);
        assertEquals(2 * perSlot, firedAt.size());
        assertTrue(firedAt.stream().allMatch(lateness -> lateness >= 0 && lateness <= TICK));
    }

    @Test
    void timerCancelledByAnotherTimerOfTheSameTickDoesNotFire() {
        SerialContext.Timer[] victim = new SerialContext.Timer[1];
        wheel.arm(() -> victim[0].cancel(), 4 * TICK, START);
        victim[0] = wheel.arm(() -> firedAt.add(now), 4 * TICK, START);
        wheel.arm(() -> victim[0].cancel(), 4 * TICK, START);

        advanceTickByTick(START + 6 * TICK);

        assertEquals(List.of(), firedAt);
        assertEquals(0, wheel.size());
    }

    @Test
    void timerArmedWhileTimersRunWaitsForALaterCall() {
        wheel.arm(() -> wheel.arm(() -> firedAt.add(now), 0, now), 2 * TICK, START);

        now = START + 3 * TICK;
        wheel.expire(now);
        assertEquals(List.of(), firedAt);
        assertEquals(1, wheel.size());

        now += TICK;
        wheel.expire(now);
        assertEquals(List.of(now), firedAt);
    }

    @Test
    void aGapOfManyTurnsRunsEveryDueTimerAndKeepsTheOthers() {
        wheel.arm(() -> firedAt.add(1L), 3 * TICK, START);
        wheel.arm(() -> firedAt.add(2L), 5 * SLOTS * TICK, START);
        wheel.arm(() -> firedAt.add(3L), 9 * SLOTS * TICK, START);

        wheel.expire(START + 6 * SLOTS * TICK);

        assertEquals(List.of(1L, 2L), firedAt.stream().sorted().toList());
        assertEquals(1, wheel.size());
        assertTrue(wheel.nextBusyTick() != Long.MAX_VALUE);
    }

    @Test
    void emptyWheelNeedsNoWakeUpAndRefusesASlotCountThatIsNotAPowerOfTwo() {
        assertEquals(Long.MAX_VALUE, wheel.nextBusyTick());
        assertThrows(IllegalArgumentException.class, () -> new TimerWheel(TICK, 100, 0));
    }

    private void advanceTickByTick(long until) {
        while (now < until) {
            now = Math.min(until, now + TICK / 3);
            wheel.expire(now);
        }
    }
}
