package org.hhfr.transports;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Stream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.hhfr.transports.fault.StreamFault;
import org.hhfr.transports.frame.HeadedPayload;

/**
 * Any bytes as the payload of a message with a reserved operation: a fault answering a request
 * ({@link StreamFault#decode}) or a request carrying its own header section ({@link HeadedPayload#split}). Each
 * gives its value or a {@link WireException}, nothing else; a fault's reason is one bounded line and survives
 * encoding and decoding again, and a headed payload's parts encode back to the very bytes.
 *
 * <p>Input layout: byte 0, bit 0 set: a headed payload, else a fault; the rest is the payload.
 */
class MessagePayloadFuzzTest {
    private static final int MAX_HEADER_BYTES = 256;

    static Stream<byte[]> payloads() {
        byte[] headers = "<wsa:To xmlns:wsa=\"http://www.w3.org/2005/08/addressing\">x</wsa:To>"
                .getBytes(StandardCharsets.UTF_8);
        return Stream.of(input(0, StreamFault.of(StreamFault.Code.SENDER, "no such operation").encode()),
                input(0, StreamFault.of(StreamFault.Code.RECEIVER, "d\u00e9j\u00e0 vu").encode()),
                input(1, HeadedPayload.encode(headers, new byte[] {1, 2, 3})),
                input(1, HeadedPayload.encode(headers, new byte[0])));
    }

    private static byte[] input(int kind, byte[] payload) {
        byte[] input = new byte[1 + payload.length];
        input[0] = (byte) kind;
        System.arraycopy(payload, 0, input, 1, payload.length);
        return input;
    }

    @MethodSource("payloads")
    @FuzzTest
    void payloadReadsToItsPartsOrIsRefused(byte[] input) throws WireException {
        if (input.length == 0) {
            return;
        }
        byte[] payload = Arrays.copyOfRange(input, 1, input.length);
        if ((input[0] & 1) == 1) {
            HeadedPayload parts;
            try {
                parts = HeadedPayload.split(payload, MAX_HEADER_BYTES);
            } catch (WireException refused) {
                return;
            }
            assertTrue(parts.headers().length <= MAX_HEADER_BYTES);
            assertArrayEquals(payload, HeadedPayload.encode(parts.headers(), parts.body()));
        } else {
            StreamFault fault;
            try {
                fault = StreamFault.decode(payload);
            } catch (WireException refused) {
                return;
            }
            assertTrue(fault.encode().length <= 1 + StreamFault.MAX_REASON_BYTES, fault::reason);
            assertTrue(fault.reason().indexOf('\n') < 0 && fault.reason().indexOf('\r') < 0, fault::reason);
            StreamFault again = StreamFault.decode(fault.encode());
            assertEquals(fault.code(), again.code());
            assertEquals(fault.reason(), again.reason());
        }
    }
}
