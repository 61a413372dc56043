package org.hhfr.transports.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.handshake.ClientHandshake;
import org.hhfr.transports.handshake.ServerHandshake;

/**
 * Any bytes arriving on a TCP connection, in any chunks, on either side: the {@link StreamFrameDecoder} hands
 * on frames whose encodings are exactly the bytes consumed, holds at most one frame's worth, and refuses
 * everything else with a {@link WireException}, after which it takes no more input. The first frame goes
 * through the side's handshake check, which also answers only with a frame or a {@link WireException}.
 *
 * <p>Input layout: byte 0 picks the side (bit 0: server) and the chunk size (bits 1-6, plus one); the rest is
 * the connection's bytes.
 */
class StreamFrameDecoderFuzzTest {
    /** Small enough that fuzzed inputs reach the frame size limit. */
    private static final FrameLimits LIMITS = FrameLimits.defaults().withMaxFrameLength(512).withMaxAckRanges(8);

    static Stream<byte[]> connections() {
        List<Frame> fromClient = new ArrayList<>();
        fromClient.add(SeedFrames.HELLO);
        fromClient.addAll(SeedFrames.afterHandshake());
        List<Frame> fromServer = new ArrayList<>();
        fromServer.add(SeedFrames.WELCOME);
        fromServer.addAll(SeedFrames.afterHandshake());
        return Stream.of(input(true, 64, SeedFrames.stream(fromClient)), input(true, 3, SeedFrames.stream(fromClient)),
                input(false, 64, SeedFrames.stream(fromServer)), input(false, 1, SeedFrames.stream(fromServer)),
                input(false, 17, SeedFrames.stream(Arrays.<Frame>asList(SeedFrames.REFUSAL))));
    }

    private static byte[] input(boolean server, int chunk, byte[] stream) {
        byte[] input = new byte[1 + stream.length];
        input[0] = (byte) ((chunk - 1) << 1 | (server ? 1 : 0));
        System.arraycopy(stream, 0, input, 1, stream.length);
        return input;
    }

    @MethodSource("connections")
    @FuzzTest
    void connectionBytesSplitIntoTheirFramesOrAreRefused(byte[] input) {
        if (input.length == 0) {
            return;
        }
        Role local = (input[0] & 1) == 1 ? Role.SERVER : Role.CLIENT;
        int chunk = (input[0] >>> 1 & 0x3F) + 1;
        StreamFrameDecoder decoder = new StreamFrameDecoder(local, LIMITS);
        List<Frame> frames = new ArrayList<>();
        int offset = 1;
        try {
            while (offset < input.length) {
                int length = Math.min(chunk, input.length - offset);
                decoder.decode(input, offset, length, frames::add);
                offset += length;
                assertTrue(decoder.bufferCapacity() <= Math.max(256, LIMITS.maxFrameLength()),
                        () -> "holds " + decoder.bufferCapacity() + " bytes");
            }
        } catch (WireException refused) {
            assertThrows(IllegalStateException.class, () -> decoder.decode(input, 0, 1, frames::add));
            return;
        }
        byte[] consumed = reencode(frames);
        byte[] stream = Arrays.copyOfRange(input, 1, input.length);
        assertArrayEquals(Arrays.copyOf(stream, consumed.length), consumed, frames::toString);
        assertEquals(consumed.length < stream.length, decoder.hasPartialFrame());
        if (!frames.isEmpty()) {
            checkHandshake(local, frames.get(0));
        }
    }

    private static byte[] reencode(List<Frame> frames) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Frame frame : frames) {
            out.writeBytes(FrameCodec.encode(frame));
        }
        return out.toByteArray();
    }

    /** The decoder let only a handshake frame through first; the handshake accepts or refuses it. */
    private static void checkHandshake(Role local, Frame first) {
        try {
            if (local == Role.SERVER) {
                new ServerHandshake().accept((HelloFrame) first, SeedFrames.KEYS);
            } else {
                ClientHandshake client = new ClientHandshake(SeedFrames.SESSION, SeedFrames.KEYS);
                client.hello();
                client.onServerFirstFrame(first);
            }
        } catch (WireException refused) {
            // a forged proof, another attempt or the server's ERROR: refused with a reason
        }
    }
}
