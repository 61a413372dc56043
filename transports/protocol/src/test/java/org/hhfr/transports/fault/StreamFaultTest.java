package org.hhfr.transports.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.junit.jupiter.api.Test;

class StreamFaultTest {
    @Test
    void aFaultTravelsAsACodeByteAndItsReason() throws WireException {
        StreamFault fault = StreamFault.of(StreamFault.Code.RECEIVER, "division by zero");

        byte[] body = fault.encode();

        assertEquals(2, body[0]);
        assertEquals("division by zero", new String(body, 1, body.length - 1, StandardCharsets.UTF_8));
        StreamFault read = StreamFault.decode(body);
        assertEquals(StreamFault.Code.RECEIVER, read.code());
        assertEquals("division by zero", read.reason());
        assertEquals(1, StreamFault.of(StreamFault.Code.SENDER, "x").encode()[0]);
    }

    @Test
    void aReasonKeepsOnlyItsFirstLineSoAStackTraceNeverTravels() {
        String withTrace = "java.lang.IllegalStateException: broken\n\tat org.example.Service.sum(Service.java:12)";

        StreamFault fault = StreamFault.of(StreamFault.Code.RECEIVER, withTrace);

        assertEquals("java.lang.IllegalStateException: broken", fault.reason());
    }

    @Test
    void controlCharactersBecomeSpacesAndAnEmptyReasonAGenericOne() {
        assertEquals("a b", StreamFault.of(StreamFault.Code.SENDER, " a\u0007b\t").reason());
        assertFalse(StreamFault.of(StreamFault.Code.RECEIVER, null).reason().isEmpty());
        assertFalse(StreamFault.of(StreamFault.Code.SENDER, "\nhidden").reason().contains("hidden"));
    }

    @Test
    void aLongReasonIsCutToTheLimitWithoutSplittingACharacter() {
        StringBuilder euros = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            euros.append('\u20AC');
        }

        StreamFault fault = StreamFault.of(StreamFault.Code.RECEIVER, euros.toString());

        byte[] reason = fault.reason().getBytes(StandardCharsets.UTF_8);
        assertEquals(1023, reason.length, "341 three-byte characters fit 1,024 bytes");
        assertTrue(fault.reason().chars().allMatch(c -> c == '\u20AC'));
    }

    @Test
    void malformedFaultsAreRefused() {
        assertEquals(ErrorCode.MALFORMED,
                assertThrows(WireException.class, () -> StreamFault.decode(new byte[0])).code());
        assertEquals(ErrorCode.MALFORMED,
                assertThrows(WireException.class, () -> StreamFault.decode(new byte[] {3, 'x'})).code());
        byte[] tooLong = new byte[2 + StreamFault.MAX_REASON_BYTES];
        tooLong[0] = 1;
        assertEquals(ErrorCode.MALFORMED,
                assertThrows(WireException.class, () -> StreamFault.decode(tooLong)).code());
    }

    @Property
    void anyReasonMakesABoundedFaultThatDecodesToItself(@ForAll String reason, @ForAll boolean sender)
            throws WireException {
        StreamFault fault = StreamFault.of(sender ? StreamFault.Code.SENDER : StreamFault.Code.RECEIVER, reason);

        byte[] body = fault.encode();
        StreamFault read = StreamFault.decode(body);

        assertTrue(body.length <= 1 + StreamFault.MAX_REASON_BYTES);
        assertEquals(fault.code(), read.code());
        assertEquals(fault.reason(), read.reason());
        assertTrue(read.reason().chars().noneMatch(Character::isISOControl));
    }
}
