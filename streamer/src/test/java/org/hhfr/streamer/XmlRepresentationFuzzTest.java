package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.testing.Refusals;

/**
 * Any bytes as the XML form of a message of any of the {@link FuzzedStructures}: the XML representation
 * decodes them to a message whose encoding decodes to an equal message and encodes alike again, or refuses
 * them with a deliberate {@link MalformedMessageException}; nothing else escapes.
 *
 * <p>Input layout: byte 0 picks the structure; the rest is the document.
 */
class XmlRepresentationFuzzTest {
    private static final XmlRepresentation XML = new XmlRepresentation(FuzzedStructures.LIMITS);

    static Stream<byte[]> documents() {
        return FuzzedStructures.seeds(XML).stream();
    }

    @MethodSource("documents")
    @FuzzTest
    void xmlBodyDecodesToAMessageThatSurvivesARoundTripOrIsRefused(byte[] input) throws MalformedMessageException {
        if (input.length == 0) {
            return;
        }
        DataStructure structure = FuzzedStructures.pick(input[0]);
        Message message;
        try {
            message = XML.decode(structure, input, 1, input.length - 1);
        } catch (MalformedMessageException refused) {
            Refusals.requireDeliberate(refused, input);
            return;
        }
        byte[] encoded = XML.encode(message);
        Message again = XML.decode(structure, encoded);
        assertEquals(message, again, () -> new String(encoded, java.nio.charset.StandardCharsets.UTF_8));
        assertArrayEquals(encoded, XML.encode(again));
    }
}
