package org.hhfr.transports.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionKeys;
import org.junit.jupiter.api.Test;

class CallBaseTest {
    private static final byte[] TOKEN = "sixteen-byte-tok".getBytes(StandardCharsets.US_ASCII);
    private static final long LARGEST = 1L << 62;

    @Test
    void aRequestNamesItsCallInOneByteWhileTheStreamsCallsKeepPaceWithItsMessageNumbers() throws WireException {
        CallBase base = CallBase.of(SessionKeys.fromToken(TOKEN, 1_764_300_000_000L));
        byte[] body = new byte[8];
        for (long k = 1; k <= 300; k++) {
            long callNumber = base.callNumberOf(k);
            DataFrame request = DataFrame.first(k, 0, base.correlationOf(callNumber), false, body);
            DataFrame uncorrelated = DataFrame.first(k, 0, 0, false, body);
            assertEquals(FrameCodec.encodedSize(uncorrelated) + 1, FrameCodec.encodedSize(request), "call " + k);
            byte[] encoded = FrameCodec.encode(request);
            DataFrame read = (DataFrame) FrameCodec.decodeContent(encoded, 1, encoded.length - 1, FrameLimits.defaults());
            assertEquals(callNumber, base.callNumberOf(read.correlation()));
        }
    }

    /**
     * The base is the first 8 bytes of {@code K(hhfr/1 call base)} modulo 2^62, as WIRE-FORMAT 2.1 defines it
     * (here derived again from its definition, and pinned: token {@code "sixteen-byte-tok"}, epoch 1).
     */
    @Test
    void theBaseIsTheFirst62BitsOfTheStreamsCallBaseKey() throws Exception {
        byte[] root = hmac(MessageDigest.getInstance("SHA-256").digest(TOKEN),
                "hhfr/1 stream".getBytes(StandardCharsets.US_ASCII), new byte[] {0, 0, 0, 0, 0, 0, 0, 1});
        byte[] key = hmac(root, "hhfr/1 call base".getBytes(StandardCharsets.US_ASCII));
        long base = 0;
        for (int i = 0; i < 8; i++) {
            base = base << 8 | (key[i] & 0xFF);
        }
        base &= LARGEST - 1;
        CallBase derived = CallBase.of(SessionKeys.fromToken(TOKEN, 1));
        assertEquals(0x24f8a8256a44b0e4L, base);
        assertEquals(base + 1, derived.callNumberOf(1));
        assertEquals(1, derived.correlationOf(base + 1));
    }

    private static byte[] hmac(byte[] key, byte[]... parts) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        for (byte[] part : parts) {
            mac.update(part);
        }
        return mac.doFinal();
    }

    @Test
    void bothEndsOfAStreamDeriveTheSameBaseAndEveryStreamItsOwn() throws NoSuchAlgorithmException {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(TOKEN);
        CallBase client = CallBase.of(SessionKeys.fromToken(TOKEN, 7));
        CallBase server = CallBase.of(SessionKeys.fromTokenDigest(digest, 7));
        CallBase nextStream = CallBase.of(SessionKeys.fromToken(TOKEN, 8));
        assertEquals(client.callNumberOf(1), server.callNumberOf(1));
        assertNotEquals(client.callNumberOf(1), nextStream.callNumberOf(1));
    }

    @Property
    void aCallNumberComesThroughAnyStreamsBaseAsItself(@ForAll @LongRange(min = 1, max = LARGEST) long callNumber,
                                                      @ForAll long k, @ForAll("epochs") long epoch) {
        CallBase base = CallBase.of(SessionKeys.fromToken(TOKEN, epoch));
        long correlation = base.correlationOf(callNumber);
        assertTrue(correlation >= 1 && correlation <= LARGEST, "correlation " + correlation);
        assertEquals(callNumber, base.callNumberOf(correlation));
        long numbered = base.callNumberOf(Math.floorMod(k, LARGEST) + 1);
        assertTrue(numbered >= 1 && numbered <= LARGEST, "call number " + numbered);
    }

    @Provide
    Arbitrary<Long> epochs() {
        return Arbitraries.longs().between(1, Long.MAX_VALUE);
    }

    @Test
    void noCorrelationStaysNoCorrelation() {
        CallBase base = CallBase.of(SessionKeys.fromToken(TOKEN, 1));
        assertEquals(0, base.correlationOf(0));
        assertEquals(0, base.callNumberOf(0));
    }
}
