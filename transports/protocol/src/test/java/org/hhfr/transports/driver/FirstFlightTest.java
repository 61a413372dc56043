package org.hhfr.transports.driver;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FirstFlightTest {
    @Test
    void eachSmallWriteTakesASegmentOfTheFirstFlight() {
        FirstFlight flight = new FirstFlight();
        for (int i = 0; i < FirstFlight.SEGMENTS - 1; i++) {
            flight.wrote(17);
        }
        assertTrue(flight.isYoung());
        flight.wrote(17);
        assertFalse(flight.isYoung());
    }

    @Test
    void aLargeWriteTakesTheSegmentsItFills() {
        FirstFlight flight = new FirstFlight();
        flight.wrote((FirstFlight.SEGMENTS - 2) * FirstFlight.SEGMENT_BYTES + 1);
        assertTrue(flight.isYoung());
        flight.wrote(1);
        assertFalse(flight.isYoung());
    }

    @Test
    void aConnectionPastItsFirstFlightStaysPastIt() {
        FirstFlight flight = new FirstFlight();
        flight.wrote(Integer.MAX_VALUE);
        flight.wrote(Integer.MAX_VALUE);
        assertFalse(flight.isYoung());
    }

    @Test
    void lessThanASegmentIsSmall() {
        assertTrue(FirstFlight.isSmall(FirstFlight.SEGMENT_BYTES - 1));
        assertFalse(FirstFlight.isSmall(FirstFlight.SEGMENT_BYTES));
    }
}
