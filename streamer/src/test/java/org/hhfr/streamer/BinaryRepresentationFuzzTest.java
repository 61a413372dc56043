package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.testing.Refusals;

/**
 * Any bytes as a binary message body of any of the {@link FuzzedStructures}: the binary representation
 * decodes them to a message that encodes back to the same bytes (the form is canonical) and decodes again to
 * an equal message, or refuses them with a deliberate {@link MalformedMessageException}; nothing else escapes.
 *
 * <p>Input layout: byte 0 picks the structure; the rest is the message.
 */
class BinaryRepresentationFuzzTest {
    private static final BinaryRepresentation BINARY = new BinaryRepresentation(FuzzedStructures.LIMITS);

    static Stream<byte[]> messages() {
        return FuzzedStructures.seeds(BINARY).stream();
    }

    @MethodSource("messages")
    @FuzzTest
    void binaryBodyDecodesToAMessageEncodedAlikeOrIsRefused(byte[] input) throws MalformedMessageException {
        if (input.length == 0) {
            return;
        }
        DataStructure structure = FuzzedStructures.pick(input[0]);
        Message message;
        try {
            message = BINARY.decode(structure, input, 1, input.length - 1);
        } catch (MalformedMessageException refused) {
            Refusals.requireDeliberate(refused);
            return;
        }
        byte[] encoded = BINARY.encode(message);
        assertArrayEquals(java.util.Arrays.copyOfRange(input, 1, input.length), encoded, message::toString);
        assertEquals(message, BINARY.decode(structure, encoded));
    }
}
