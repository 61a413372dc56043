package org.hhfr.transports.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.junit.jupiter.api.Test;

class FrameCodecTest {

    @Provide
    Arbitrary<Frame> frames() {
        return Frames.any();
    }

    @Property
    void everyFrameDecodesToItselfAndReencodesToTheSameBytes(@ForAll("frames") Frame frame) throws WireException {
        byte[] encoded = FrameCodec.encode(frame);
        assertEquals(FrameCodec.encodedSize(frame), encoded.length);

        Frame decoded = Frames.decode(encoded);

        assertEquals(frame.type(), decoded.type());
        assertEquals(frame.toString(), decoded.toString());
        assertArrayEquals(encoded, FrameCodec.encode(decoded));
    }

    @Property
    void arbitraryBytesEitherDecodeCanonicallyOrFailWithWireException(@ForAll byte[] content) {
        try {
            Frame frame = FrameCodec.decodeContent(content, 0, content.length, FrameLimits.defaults());
            assertArrayEquals(content, content(frame), "every frame has exactly one encoding");
        } catch (WireException expected) {
            assertTrue(expected.getMessage().length() > 10);
        }
    }

    @Property
    void aFlippedBitNeverEscapesAsAnythingButWireException(@ForAll("frames") Frame frame,
                                                          @ForAll int bitSeed) {
        byte[] content = content(frame);
        int bit = Math.floorMod(bitSeed, content.length * 8);
        content[bit / 8] ^= (byte) (1 << (bit % 8));
        try {
            Frame decoded = FrameCodec.decodeContent(content, 0, content.length, FrameLimits.defaults());
            assertArrayEquals(content, content(decoded), "a damaged frame that still parses is another valid frame");
        } catch (WireException expected) {
            assertTrue(expected.code() != null);
        }
    }

    /** DATA and ERROR end with bytes to the end of the frame, so a shorter one is still a frame. */
    @Property
    void everyTruncationOfAFixedLayoutFrameIsRefused(@ForAll("frames") Frame frame, @ForAll int cutSeed) {
        byte[] content = content(frame);
        if (frame.type() == FrameType.DATA || frame.type() == FrameType.ERROR) {
            return;
        }
        int length = Math.floorMod(cutSeed, content.length);
        WireException e = assertThrows(WireException.class,
                () -> FrameCodec.decodeContent(content, 0, length, FrameLimits.defaults()));
        assertEquals(ErrorCode.MALFORMED, e.code(), e.getMessage());
    }

    @Test
    void aStreamedFloatSumRequestOf401BytesFitsIn408BytesUpToMessage2Pow28() {
        byte[] body = new byte[401];

        assertEquals(405, FrameCodec.encodedSize(DataFrame.first(1, 0, 0, false, body)));
        assertEquals(408, FrameCodec.encodedSize(DataFrame.first((1L << 28) - 1, 0, 0, false, body)));
        assertEquals(409, FrameCodec.encodedSize(DataFrame.first(1L << 28, 0, 0, false, body)));
    }

    @Test
    void aResponseToTheRequestOfTheSameNumberCostsOneCorrelationByte() {
        byte[] reply = new byte[8];
        int uncorrelated = FrameCodec.encodedSize(DataFrame.first(5_000_000, 0, 0, false, reply));

        assertEquals(uncorrelated + 1, FrameCodec.encodedSize(DataFrame.first(5_000_000, 0, 5_000_000, false, reply)));
    }

    @Test
    void unknownTypeIsRefused() {
        WireException e = assertThrows(WireException.class, () -> decodeContent(0x0E));
        assertEquals(ErrorCode.UNKNOWN_FRAME_TYPE, e.code());
        assertEquals(ErrorCode.UNKNOWN_FRAME_TYPE, assertThrows(WireException.class, () -> decodeContent(0x00)).code());
    }

    @Test
    void flagsOnAFrameWithoutFlagsAreRefused() {
        WireException e = assertThrows(WireException.class, () -> decodeContent(0x16));
        assertEquals(ErrorCode.MALFORMED, e.code());
        assertTrue(e.getMessage().contains("PING"), e.getMessage());
    }

    @Test
    void trailingBytesAreRefused() {
        WireException e = assertThrows(WireException.class, () -> decodeContent(0x06, 0x00));
        assertTrue(e.getMessage().contains("trailing"), e.getMessage());
        assertThrows(WireException.class, () -> decodeContent(0x04, 0x05, 0x00));
    }

    @Test
    void overlongVarintsAreRefused() {
        WireException e = assertThrows(WireException.class, () -> decodeContent(0x04, 0x85, 0x00));
        assertTrue(e.getMessage().contains("overlong"), e.getMessage());
        assertThrows(WireException.class, () -> decodeContent(0x04, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                0xFF, 0xFF, 0x7F));
    }

    @Test
    void messageNumberZeroIsRefused() {
        WireException e = assertThrows(WireException.class, () -> decodeContent(0x01, 0x00, 0x42));
        assertTrue(e.getMessage().contains("DATA message number"), e.getMessage());
    }

    @Test
    void aContinuationFragmentMayNotCarryAMessageHeader() {
        WireException e = assertThrows(WireException.class, () -> decodeContent(0x91, 0x05, 0x02, 0x42));
        assertTrue(e.getMessage().contains("continuation"), e.getMessage());
    }

    @Test
    void aCorrelationBelowOneIsRefused() {
        assertThrows(WireException.class, () -> decodeContent(0x11, 0x05, 0x0A));
    }

    @Test
    void moreAckRangesThanTheLimitAreRefused() {
        byte[] content = FrameCodec.encode(AckFrame.of(new long[] {1, 1, 3, 3, 5, 5}, false, 5));
        FrameLimits twoRanges = FrameLimits.defaults().withMaxAckRanges(2);

        WireException e = assertThrows(WireException.class,
                () -> FrameCodec.decodeContent(content, 1, content.length - 1, twoRanges));
        assertTrue(e.getMessage().contains("ACK range count"), e.getMessage());
    }

    @Test
    void anAckDelayFollowsTheLimitUnderFlagTwoAndIsAbsentWithoutIt() throws WireException {
        AckFrame delayed = (AckFrame) decodeContent(0x22, 0x01, 0x01, 0x02, 0x02, 0xAC, 0x02);
        assertEquals(300, delayed.ackDelayMicros());
        assertEquals(300_000, delayed.ackDelayNanos());
        assertEquals(5, delayed.limit());
        AckFrame plain = (AckFrame) decodeContent(0x02, 0x01, 0x01, 0x02, 0x02);
        assertEquals(false, plain.hasAckDelay());
        assertArrayEquals(new byte[] {0x05, 0x02, 0x01, 0x01, 0x02, 0x02},
                FrameCodec.encode(AckFrame.of(new long[] {1, 3}, false, 5)));
        assertThrows(WireException.class, () -> decodeContent(0x22, 0x01, 0x01, 0x02, 0x02, 0xFF, 0xFF, 0xFF, 0x7F));
    }

    @Test
    void ackRangesBeyondTheLargestMessageNumberAreRefused() {
        WireException e = assertThrows(WireException.class, () -> decodeContent(0x02, 0x01,
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0x01, 0x00));
        assertTrue(e.getMessage().contains("ACK range length"), e.getMessage());
    }

    @Test
    void anErrorReasonOverOneKibibyteIsRefused() {
        byte[] content = new byte[2 + ErrorFrame.MAX_REASON_BYTES + 1];
        content[0] = 0x07;
        content[1] = 0x01;
        WireException e = assertThrows(WireException.class,
                () -> FrameCodec.decodeContent(content, 0, content.length, FrameLimits.defaults()));
        assertEquals(ErrorCode.TOO_LARGE, e.code());
    }

    @Test
    void aLongErrorReasonIsCutAtACharacterBoundary() {
        StringBuilder reason = new StringBuilder();
        for (int i = 0; i < 600; i++) {
            reason.append('\u00e9');
        }
        ErrorFrame frame = ErrorFrame.of(ErrorCode.ABORTED, reason.toString());

        assertEquals(512, frame.reason().length());
        assertEquals(ErrorCode.ABORTED, frame.code());
    }

    @Test
    void aHandshakeForAnotherProtocolVersionIsRefused() {
        byte[] encoded = FrameCodec.encode(HelloFrame.create(false, SessionId.of(new byte[] {9}), 1, Frames.KEYS));
        encoded[2] = 2;

        WireException e = assertThrows(WireException.class,
                () -> FrameCodec.decodeContent(encoded, 1, encoded.length - 1, FrameLimits.defaults()));
        assertEquals(ErrorCode.UNSUPPORTED_VERSION, e.code());
    }

    @Test
    void aFrameAboveTheLimitIsRefusedBeforeItIsParsed() {
        byte[] content = new byte[100];
        content[0] = 0x01;
        content[1] = 0x01;
        WireException e = assertThrows(WireException.class, () -> FrameCodec.decodeContent(content, 0, 100,
                FrameLimits.defaults().withMaxFrameLength(64)));
        assertEquals(ErrorCode.TOO_LARGE, e.code());
    }

    @Test
    void anEmptyFrameIsRefused() {
        assertEquals(ErrorCode.MALFORMED, assertThrows(WireException.class, this::decodeContent).code());
    }

    private Frame decodeContent(int... bytes) throws WireException {
        byte[] content = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            content[i] = (byte) bytes[i];
        }
        return FrameCodec.decodeContent(content, 0, content.length, FrameLimits.defaults());
    }

    /** The frame's encoding without its length prefix. */
    static byte[] content(Frame frame) {
        byte[] encoded = FrameCodec.encode(frame);
        int prefix = encoded.length - (1 + frame.bodySize());
        byte[] content = new byte[encoded.length - prefix];
        System.arraycopy(encoded, prefix, content, 0, content.length);
        return content;
    }
}
