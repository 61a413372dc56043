package org.hhfr.negotiation;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.soap.BodyReader;
import org.hhfr.negotiation.soap.BodyWriter;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.negotiation.soap.SoapLimits;

/**
 * Corrupted envelopes and negotiation headers never escape as anything but an {@link IOException}: no
 * runtime exception, no hang, whatever bytes arrive.
 */
class HostileInputProperties {
    private static final byte[] ENVELOPE = envelope();
    private static final String OFFER = offer();

    private static byte[] envelope() {
        try {
            HeaderBlock offer = NegotiationWriter.offerHeader(NegotiationVocabularyTest.fullOffer());
            return SoapEnvelopeWriter.toBytes(SoapVersion.SOAP_12, Arrays.asList(offer),
                    BodyWriter.elements(FloatSum.requestBody(1f, 2f)));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String offer() {
        try {
            return NegotiationWriter.offerHeader(NegotiationVocabularyTest.fullOffer()).xml();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Property(tries = 500)
    void corruptedEnvelopesFailOnlyWithIoExceptions(@ForAll("corruptions") List<int[]> corruptions) {
        byte[] bytes = ENVELOPE.clone();
        for (int[] corruption : corruptions) {
            bytes[corruption[0] % bytes.length] = (byte) corruption[1];
        }
        try {
            new SoapEnvelopeReader(SoapLimits.defaults()).read(new ByteArrayInputStream(bytes),
                    BodyReader.elements(1 << 16, 32));
        } catch (IOException expected) {
            // refused with a message: fine
        }
    }

    @Property(tries = 500)
    void corruptedOffersFailOnlyWithIoExceptions(@ForAll("corruptions") List<int[]> corruptions) {
        char[] chars = OFFER.toCharArray();
        for (int[] corruption : corruptions) {
            chars[corruption[0] % chars.length] = "<>&\"'=/:x \u0000".charAt(corruption[1] % 11);
        }
        try {
            new NegotiationReader(NegotiationLimits.defaults()).readOffer(new String(chars));
        } catch (IOException expected) {
            // refused with a message: fine
        }
    }

    @Property(tries = 200)
    void truncatedEnvelopesFailOnlyWithIoExceptions(@ForAll("lengths") int length) {
        byte[] bytes = Arrays.copyOf(ENVELOPE, Math.min(length, ENVELOPE.length - 1));
        try {
            new SoapEnvelopeReader(SoapLimits.defaults()).read(new ByteArrayInputStream(bytes),
                    BodyReader.elements(1 << 16, 32));
            throw new AssertionError("a truncated envelope was accepted: "
                    + new String(bytes, StandardCharsets.UTF_8));
        } catch (IOException expected) {
            // refused with a message: fine
        }
    }

    @Provide
    Arbitrary<List<int[]>> corruptions() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).tuple2()
                .map(t -> new int[] {t.get1(), t.get2() & 0xff}).list().ofMinSize(1).ofMaxSize(4);
    }

    @Provide
    Arbitrary<Integer> lengths() {
        return Arbitraries.integers().between(0, ENVELOPE.length);
    }
}
