package org.hhfr.transports.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.junit.jupiter.api.Test;

class StreamFrameDecoderTest {
    private static final HelloFrame HELLO = HelloFrame.create(false, SessionId.of(new byte[] {7, 7}), 1, Frames.KEYS);

    @Provide
    Arbitrary<List<Frame>> conversations() {
        return Frames.any().list().ofMaxSize(12);
    }

    @Property
    void framesSurviveAnyChunking(@ForAll("conversations") List<Frame> frames,
                                  @ForAll @IntRange(min = 1, max = 50) int chunkSize) throws WireException {
        List<Frame> sent = withHello(frames);
        byte[] stream = concatenate(sent);
        StreamFrameDecoder decoder = new StreamFrameDecoder(Role.SERVER, FrameLimits.defaults());
        List<Frame> received = new ArrayList<>();

        for (int offset = 0; offset < stream.length; offset += chunkSize) {
            decoder.decode(stream, offset, Math.min(chunkSize, stream.length - offset), received::add);
        }

        assertSameFrames(sent, received);
        assertFalse(decoder.hasPartialFrame());
    }

    @Test
    void aStreamSplitInTwoAtEveryPointDecodesTheSame() throws WireException {
        List<Frame> sent = withHello(List.of(
                DataFrame.first(1, 0, 0, false, new byte[401]),
                AckFrame.of(new long[] {1, 4, 6, 9}, false, 40),
                DataFrame.first(2, 3, 1, true, new byte[300]),
                DataFrame.continuation(3, false, new byte[20]),
                SequenceEndFrame.close(3),
                ErrorFrame.of(ErrorCode.ABORTED, "bye")));
        byte[] stream = concatenate(sent);

        for (int split = 0; split <= stream.length; split++) {
            StreamFrameDecoder decoder = new StreamFrameDecoder(Role.SERVER, FrameLimits.defaults());
            List<Frame> received = new ArrayList<>();
            decoder.decode(stream, 0, split, received::add);
            decoder.decode(stream, split, stream.length - split, received::add);
            assertSameFrames(sent, received);
        }
    }

    @Test
    void anIdleConnectionHoldsNoBufferOnceASplitFrameCompletes() throws WireException {
        byte[] stream = concatenate(withHello(List.of(DataFrame.first(1, 0, 0, false, new byte[401]))));
        StreamFrameDecoder decoder = new StreamFrameDecoder(Role.SERVER, FrameLimits.defaults());
        List<Frame> received = new ArrayList<>();

        decoder.decode(stream, 0, stream.length - 100, received::add);
        assertTrue(decoder.bufferCapacity() > 0, "the partial frame is held");
        decoder.decode(stream, stream.length - 100, 100, received::add);

        assertEquals(2, received.size());
        assertEquals(0, decoder.bufferCapacity());
    }

    @Test
    void aLengthAboveTheLimitIsRefusedBeforeTheFrameArrives() throws WireException {
        StreamFrameDecoder decoder = welcomedClientDecoder(FrameLimits.defaults().withMaxFrameLength(1000));
        byte[] prefix = {(byte) 0xE9, 0x07};

        WireException e = assertThrows(WireException.class, () -> decoder.decode(prefix, 0, 2, frame -> { }));

        assertEquals(ErrorCode.TOO_LARGE, e.code());
        assertTrue(e.getMessage().contains("1001"), e.getMessage());
    }

    @Test
    void aSixteenMebibyteClaimAllocatesOnlyWhatArrives() throws WireException {
        StreamFrameDecoder decoder = welcomedClientDecoder(FrameLimits.defaults());
        byte[] prefix = {(byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08, 0x01, 0x01};

        decoder.decode(prefix, 0, prefix.length, frame -> { });

        assertTrue(decoder.hasPartialFrame());
        assertTrue(decoder.bufferCapacity() < 1 << 20, "claimed length allocated: " + decoder.bufferCapacity());
    }

    @Test
    void afterTheHandshakeFramesAreBoundedByTheAgreedMessageSize() throws WireException {
        StreamFrameDecoder decoder = helloedServerDecoder(FrameBufferBudget.unshared());
        decoder.limitTo(FrameLimits.forMaxMessageSize(1000));
        byte[] prefix = {(byte) 0x80, 0x40}; // 8192

        WireException e = assertThrows(WireException.class, () -> decoder.decode(prefix, 0, 2, frame -> { }));

        assertEquals(ErrorCode.TOO_LARGE, e.code());
        assertTrue(e.getMessage().contains("frame of 8192 bytes exceeds the limit of "), e.getMessage());
    }

    @Test
    void partialFramesOfAllConnectionsStayWithinTheirSharedBudget() throws WireException {
        FrameBufferBudget budget = FrameBufferBudget.of(4096);
        StreamFrameDecoder first = helloedServerDecoder(budget);
        StreamFrameDecoder second = helloedServerDecoder(budget);
        byte[] frame = FrameCodec.encode(DataFrame.first(1, 0, 0, false, new byte[3000]));
        List<Frame> delivered = new ArrayList<>();

        first.decode(frame, 0, frame.length - 1, delivered::add);
        assertTrue(budget.reservedBytes() >= 3000 && budget.reservedBytes() <= 4096, "" + budget.reservedBytes());
        WireException full = assertThrows(WireException.class,
                () -> second.decode(frame, 0, frame.length - 1, delivered::add));
        assertEquals(ErrorCode.TOO_LARGE, full.code());
        assertTrue(full.getMessage().contains("up to 4096 bytes"), full.getMessage());
        assertTrue(budget.reservedBytes() <= 4096, "the refused connection holds nothing");

        first.decode(frame, frame.length - 1, 1, delivered::add);
        assertEquals(1, delivered.size());
        assertEquals(0, budget.reservedBytes(), "a completed frame gives its reservation back");
    }

    @Test
    void releasingAConnectionGivesBackItsPartialFrame() throws WireException {
        FrameBufferBudget budget = FrameBufferBudget.of(1 << 20);
        StreamFrameDecoder decoder = helloedServerDecoder(budget);
        byte[] frame = FrameCodec.encode(DataFrame.first(1, 0, 0, false, new byte[5000]));

        decoder.decode(frame, 0, 4000, f -> { });
        assertTrue(budget.reservedBytes() >= 4000 - 10);
        decoder.release();
        decoder.release();

        assertEquals(0, budget.reservedBytes());
    }

    @Test
    void aLengthPrefixOfSixBytesIsRefused() {
        StreamFrameDecoder decoder = new StreamFrameDecoder(Role.SERVER, FrameLimits.defaults());
        byte[] prefix = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80};

        assertEquals(ErrorCode.MALFORMED,
                assertThrows(WireException.class, () -> decoder.decode(prefix, 0, 5, frame -> { })).code());
    }

    @Test
    void anOverlongLengthPrefixIsRefused() {
        StreamFrameDecoder decoder = new StreamFrameDecoder(Role.SERVER, FrameLimits.defaults());
        byte[] prefix = {(byte) 0x81, 0x00};

        WireException e = assertThrows(WireException.class, () -> decoder.decode(prefix, 0, 2, frame -> { }));
        assertTrue(e.getMessage().contains("overlong"), e.getMessage());
    }

    @Test
    void aServerAcceptsNothingBeforeHelloOrResume() {
        StreamFrameDecoder decoder = new StreamFrameDecoder(Role.SERVER, FrameLimits.defaults());
        byte[] data = FrameCodec.encode(DataFrame.first(1, 0, 0, false, new byte[3]));
        List<Frame> received = new ArrayList<>();

        WireException e = assertThrows(WireException.class,
                () -> decoder.decode(data, 0, data.length, received::add));

        assertTrue(e.getMessage().contains("before the handshake"), e.getMessage());
        assertTrue(received.isEmpty());
    }

    @Test
    void aServerRefusesALargeFirstFrameBeforeBufferingIt() {
        StreamFrameDecoder decoder = new StreamFrameDecoder(Role.SERVER, FrameLimits.defaults());
        byte[] prefix = {(byte) 0x80, 0x01};

        WireException e = assertThrows(WireException.class, () -> decoder.decode(prefix, 0, 2, frame -> { }));

        assertEquals(ErrorCode.TOO_LARGE, e.code());
        assertTrue(e.getMessage().contains("handshake frame"), e.getMessage());
    }

    @Test
    void aClientAcceptsAnErrorAsTheServersFirstFrame() throws WireException {
        StreamFrameDecoder decoder = new StreamFrameDecoder(Role.CLIENT, FrameLimits.defaults());
        byte[] error = FrameCodec.encode(ErrorFrame.of(ErrorCode.UNKNOWN_SESSION, "no such session"));
        List<Frame> received = new ArrayList<>();

        decoder.decode(error, 0, error.length, received::add);

        assertEquals(FrameType.ERROR, received.get(0).type());
    }

    @Test
    void aFailedDecoderRefusesFurtherInput() {
        StreamFrameDecoder decoder = new StreamFrameDecoder(Role.SERVER, FrameLimits.defaults());
        byte[] garbage = {0x01, 0x00};
        assertThrows(WireException.class, () -> decoder.decode(garbage, 0, 2, frame -> { }));

        assertThrows(IllegalStateException.class, () -> decoder.decode(garbage, 0, 2, frame -> { }));
    }

    @Test
    void aRefusalByTheConsumerStopsDecoding() {
        StreamFrameDecoder decoder = new StreamFrameDecoder(Role.SERVER, FrameLimits.defaults());
        byte[] stream = concatenate(withHello(List.of(SignalFrame.PING)));
        List<Frame> received = new ArrayList<>();

        assertThrows(WireException.class, () -> decoder.decode(stream, 0, stream.length, frame -> {
            received.add(frame);
            throw new WireException(ErrorCode.AUTHENTICATION_FAILED, "wrong token");
        }));

        assertEquals(1, received.size());
    }

    @Property
    void garbageAfterTheHandshakeFailsWithWireExceptionOnly(@ForAll byte[] garbage) {
        StreamFrameDecoder decoder = new StreamFrameDecoder(Role.SERVER, FrameLimits.defaults());
        byte[] hello = FrameCodec.encode(HELLO);
        try {
            decoder.decode(hello, 0, hello.length, frame -> { });
            decoder.decode(garbage, 0, garbage.length, frame -> { });
        } catch (WireException expected) {
            assertTrue(expected.code() != null);
        }
    }

    private static StreamFrameDecoder welcomedClientDecoder(FrameLimits limits) throws WireException {
        StreamFrameDecoder decoder = new StreamFrameDecoder(Role.CLIENT, limits);
        byte[] welcome = FrameCodec.encode(WelcomeFrame.answering(HELLO, Frames.KEYS));
        decoder.decode(welcome, 0, welcome.length, frame -> { });
        return decoder;
    }

    private static StreamFrameDecoder helloedServerDecoder(FrameBufferBudget budget) throws WireException {
        StreamFrameDecoder decoder = new StreamFrameDecoder(Role.SERVER, FrameLimits.defaults(), budget);
        byte[] hello = FrameCodec.encode(HELLO);
        decoder.decode(hello, 0, hello.length, frame -> { });
        return decoder;
    }

    private static List<Frame> withHello(List<Frame> frames) {
        List<Frame> all = new ArrayList<>();
        all.add(HELLO);
        all.addAll(frames);
        return all;
    }

    private static byte[] concatenate(List<Frame> frames) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Frame frame : frames) {
            byte[] encoded = FrameCodec.encode(frame);
            out.write(encoded, 0, encoded.length);
        }
        return out.toByteArray();
    }

    static void assertSameFrames(List<Frame> expected, List<Frame> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).toString(), actual.get(i).toString());
            assertArrayEquals(FrameCodec.encode(expected.get(i)), FrameCodec.encode(actual.get(i)));
        }
    }
}
