package org.hhfr.transports.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class ShortPacketNumberTest {
    @Property
    void aNumberWithinHalfTheWindowOfTheNextExpectedOneReadsBackWhole(
            @ForAll @LongRange(min = 0, max = 1L << 50) long highest,
            @ForAll @IntRange(min = -(1 << 23) + 2, max = (1 << 23) + 1) int distance) {
        long packetNumber = highest + distance;
        if (packetNumber < 1) {
            return;
        }
        byte[] header = new byte[ShortPacketNumber.SIZE];
        ShortPacketNumber.write(packetNumber, header, 0);

        assertEquals(packetNumber, ShortPacketNumber.expand(ShortPacketNumber.read(header, 0), highest));
    }

    @Test
    void aDatagramOfTheFirstWindowReadsAsItselfBeforeAnyArrived() {
        assertEquals(1, ShortPacketNumber.expand(1, 0));
        assertEquals((1 << 23), ShortPacketNumber.expand(1 << 23, 0));
    }

}
