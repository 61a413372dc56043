package org.hhfr.transports.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.fault.StreamCancel;
import org.hhfr.transports.fault.StreamFault;
import org.junit.jupiter.api.Test;

/** A request's own header section travels before its body, length-prefixed and bounded. */
class HeadedPayloadTest {
    private static final byte[] HEADERS = "<h/>".getBytes(StandardCharsets.UTF_8);
    private static final byte[] BODY = {1, 2, 3};

    @Test
    void theHeaderSectionAndTheBodySplitAsTheyWereJoined() throws WireException {
        byte[] payload = HeadedPayload.encode(HEADERS, BODY);
        assertArrayEquals(new byte[] {4, '<', 'h', '/', '>', 1, 2, 3}, payload);
        HeadedPayload split = HeadedPayload.split(payload, 4);
        assertArrayEquals(HEADERS, split.headers());
        assertArrayEquals(BODY, split.body());
        assertArrayEquals(new byte[0], HeadedPayload.split(HeadedPayload.encode(HEADERS, new byte[0]), 4).body());
    }

    @Test
    void aSectionOverTheLimitOrBeyondThePayloadOrEmptyIsRefused() {
        byte[] payload = HeadedPayload.encode(HEADERS, BODY);
        assertEquals(ErrorCode.TOO_LARGE, assertThrows(WireException.class,
                () -> HeadedPayload.split(payload, 3)).code());
        assertEquals(ErrorCode.MALFORMED, assertThrows(WireException.class,
                () -> HeadedPayload.split(new byte[] {9, 1, 2}, 100)).code());
        assertEquals(ErrorCode.MALFORMED, assertThrows(WireException.class,
                () -> HeadedPayload.split(new byte[] {0, 1}, 100)).code());
        assertEquals(ErrorCode.MALFORMED, assertThrows(WireException.class,
                () -> HeadedPayload.split(new byte[0], 100)).code());
        assertThrows(IllegalArgumentException.class, () -> HeadedPayload.encode(new byte[0], BODY));
    }

    @Test
    void itsOperationIsReservedNextToTheFaultsAndTheCancels() {
        assertEquals(Integer.MAX_VALUE - 2, HeadedPayload.OPERATION);
        assertEquals(StreamCancel.OPERATION - 1, HeadedPayload.OPERATION);
        assertEquals(StreamFault.OPERATION - 2, HeadedPayload.OPERATION);
    }
}
