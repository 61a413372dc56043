package org.hhfr.transports.auth;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class ReplayWindowTest {
    private final ReplayWindow window = new ReplayWindow();

    @Test
    void eachPacketNumberIsAcceptedOnce() {
        assertTrue(window.accept(1));
        assertTrue(window.accept(2));
        assertFalse(window.accept(1));
        assertFalse(window.accept(2));
    }

    @Test
    void lateButFreshNumbersWithinTheWindowAreAccepted() {
        assertTrue(window.accept(1_000));
        assertTrue(window.accept(1));
        assertTrue(window.accept(999));
        assertFalse(window.accept(999));
    }

    @Test
    void numbersOlderThanTheWindowAreRefused() {
        assertTrue(window.accept(5_000));
        assertFalse(window.accept(5_000 - ReplayWindow.SIZE));
        assertTrue(window.accept(5_000 - ReplayWindow.SIZE + 1));
    }

    @Test
    void aLongJumpForgetsTheOldBitmap() {
        assertTrue(window.accept(3));
        assertTrue(window.accept(3 + 10 * ReplayWindow.SIZE));
        assertTrue(window.accept(3 + 10 * ReplayWindow.SIZE - 1));
        assertFalse(window.accept(3 + 10 * ReplayWindow.SIZE));
    }

    @Test
    void zeroAndNegativeNumbersAreRefused() {
        assertFalse(window.accept(0));
        assertFalse(window.accept(-1));
    }

    @Property
    void acceptsExactlyTheFreshNumbersOfAReorderedDuplicatedStream(@ForAll long seed) {
        ReplayWindow fresh = new ReplayWindow();
        Random random = new Random(seed);
        Set<Long> seen = new HashSet<>();
        long highest = 0;
        for (int i = 0; i < 3_000; i++) {
            long number = Math.max(1, highest + 3 - random.nextInt(ReplayWindow.SIZE + 200));
            boolean expected = !seen.contains(number) && highest - number < ReplayWindow.SIZE;
            assertTrue(fresh.accept(number) == expected, "packet " + number + " after highest " + highest);
            if (expected) {
                seen.add(number);
                highest = Math.max(highest, number);
            }
        }
    }
}
