package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.soap.BodyReader;
import org.hhfr.negotiation.soap.BodyWriter;
import org.hhfr.negotiation.soap.FaultCode;
import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.negotiation.soap.SoapFault;
import org.hhfr.negotiation.soap.SoapFaultException;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.negotiation.soap.SoapMessage;
import org.hhfr.schemas.testing.Refusals;

/**
 * Any bytes as a SOAP envelope, or as the lone SOAP Header a streamed request carries: the
 * {@link SoapEnvelopeReader} gives its header blocks and body elements, or the fault it holds, or refuses it
 * with a deliberate {@link MalformedEnvelopeException}; nothing else escapes. What it reads, written again by
 * the {@link SoapEnvelopeWriter}, reads back the same and writes alike (the round trip is stable).
 *
 * <p>Input layout: byte 0, bit 0 set: a header section, else an envelope; bit 1 set: SOAP 1.2 for a header
 * section; the rest is the document.
 */
class SoapEnvelopeReaderFuzzTest {
    /** Small enough that fuzzed inputs reach every limit. */
    private static final SoapLimits LIMITS = SoapLimits.defaults().toBuilder().maxEnvelopeBytes(8 << 10)
            .maxHeaderBlocks(8).maxHeaderChars(2 << 10).maxDepth(8).maxFaultTextChars(256).build();
    private static final SoapEnvelopeReader READER = new SoapEnvelopeReader(LIMITS);
    private static final BodyReader<List<String>> BODY = BodyReader.elements(4 << 10, 8);

    static Stream<byte[]> documents() throws IOException {
        List<HeaderBlock> headers = Arrays.asList(NegotiationWriter.offerHeader(NegotiationVocabularyTest.fullOffer()),
                NegotiationWriter.answerHeader(NegotiationVocabularyTest.fullAnswer()));
        BodyWriter body = BodyWriter.elements(FloatSum.requestBody(1f, 2.5f));
        return Stream.of(input(0, SoapEnvelopeWriter.toBytes(SoapVersion.SOAP_11, headers, body)),
                input(0, SoapEnvelopeWriter.toBytes(SoapVersion.SOAP_12, headers.subList(0, 1), body)),
                input(0, SoapEnvelopeWriter.faultBytes(SoapVersion.SOAP_11,
                        SoapFault.of(FaultCode.SENDER, SoapVersion.SOAP_11, "bad request"))),
                input(0, SoapEnvelopeWriter.faultBytes(SoapVersion.SOAP_12,
                        SoapFault.of(FaultCode.RECEIVER, SoapVersion.SOAP_12, "server error"))),
                input(1, SoapEnvelopeWriter.headerSection(SoapVersion.SOAP_11, headers)),
                input(3, SoapEnvelopeWriter.headerSection(SoapVersion.SOAP_12, headers.subList(1, 2))));
    }

    private static byte[] input(int flags, byte[] document) {
        byte[] input = new byte[1 + document.length];
        input[0] = (byte) flags;
        System.arraycopy(document, 0, input, 1, document.length);
        return input;
    }

    @MethodSource("documents")
    @FuzzTest
    void documentReadsToHeadersAndBodyOrAFaultOrIsRefused(byte[] input) throws IOException {
        if (input.length == 0) {
            return;
        }
        byte[] document = Arrays.copyOfRange(input, 1, input.length);
        try {
            if ((input[0] & 1) == 1) {
                SoapVersion version = (input[0] & 2) == 2 ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11;
                requireStableHeaderSection(version, READER.readHeaderSection(new ByteArrayInputStream(document),
                        version));
            } else {
                requireStableEnvelope(READER.read(new ByteArrayInputStream(document), BODY));
            }
        } catch (SoapFaultException fault) {
            requireStableFault(fault);
        } catch (MalformedEnvelopeException refused) {
            Refusals.requireDeliberate(refused, input);
        }
    }

    private static void requireStableEnvelope(SoapMessage<List<String>> message) throws IOException {
        byte[] written = SoapEnvelopeWriter.toBytes(message.version(), message.headers(),
                BodyWriter.elements(message.body()));
        SoapMessage<List<String>> again = READER.read(new ByteArrayInputStream(written), BODY);
        assertEquals(message.version(), again.version());
        assertEquals(message.headers(), again.headers());
        assertEquals(message.body(), again.body());
        assertArrayEquals(written, SoapEnvelopeWriter.toBytes(again.version(), again.headers(),
                BodyWriter.elements(again.body())));
    }

    private static void requireStableHeaderSection(SoapVersion version, List<HeaderBlock> headers)
            throws IOException {
        byte[] written = SoapEnvelopeWriter.headerSection(version, headers);
        assertEquals(headers, READER.readHeaderSection(new ByteArrayInputStream(written), version));
    }

    private static void requireStableFault(SoapFaultException read) throws IOException {
        for (SoapVersion version : SoapVersion.values()) {
            byte[] written = SoapEnvelopeWriter.faultBytes(version, read.fault());
            SoapFaultException again = assertThrows(SoapFaultException.class,
                    () -> READER.read(new ByteArrayInputStream(written), BODY));
            assertEquals(read.reason(), again.reason());
        }
    }
}
