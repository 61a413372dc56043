package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Stream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.schemas.testing.Refusals;

/**
 * Any text as an {@code hhfr:Offer} or {@code hhfr:Answer} header block: the {@link NegotiationReader} reads
 * a value that the {@link NegotiationWriter} writes and the reader reads back equal, or refuses the text with
 * a deliberate {@link MalformedEnvelopeException}; nothing else escapes.
 *
 * <p>Input layout: byte 0, bit 0 set: an answer, else an offer; the rest is the header block's XML in UTF-8.
 */
class NegotiationReaderFuzzTest {
    private static final NegotiationReader READER = new NegotiationReader(NegotiationLimits.defaults());

    static Stream<byte[]> headerBlocks() throws IOException {
        return Stream.of(input(0, NegotiationWriter.offerHeader(NegotiationVocabularyTest.fullOffer()).xml()),
                input(0, NegotiationWriter.offerHeader(Offer.builder().build()).xml()),
                input(1, NegotiationWriter.answerHeader(NegotiationVocabularyTest.fullAnswer()).xml()));
    }

    private static byte[] input(int kind, String xml) {
        byte[] text = xml.getBytes(StandardCharsets.UTF_8);
        byte[] input = new byte[1 + text.length];
        input[0] = (byte) kind;
        System.arraycopy(text, 0, input, 1, text.length);
        return input;
    }

    @MethodSource("headerBlocks")
    @FuzzTest
    void headerBlockReadsToAValueWrittenAndReadBackAlikeOrIsRefused(byte[] input) throws IOException {
        if (input.length == 0) {
            return;
        }
        String xml = new String(Arrays.copyOfRange(input, 1, input.length), StandardCharsets.UTF_8);
        boolean answer = (input[0] & 1) == 1;
        Object value;
        try {
            value = answer ? READER.readAnswer(xml) : READER.readOffer(xml);
        } catch (MalformedEnvelopeException refused) {
            Refusals.requireDeliberate(refused, input);
            return;
        }
        Object again = answer ? READER.readAnswer(NegotiationWriter.answerHeader((Answer) value).xml())
                : READER.readOffer(NegotiationWriter.offerHeader((Offer) value).xml());
        assertEquals(value, again);
    }
}
