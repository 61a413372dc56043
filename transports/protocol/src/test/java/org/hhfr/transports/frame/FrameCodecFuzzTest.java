package org.hhfr.transports.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.hhfr.transports.WireException;

/**
 * Any bytes as the content of one frame: {@link FrameCodec#decodeContent} gives a frame whose encoding is
 * exactly those bytes (the wire form is canonical), or refuses them with a {@link WireException}; nothing
 * else escapes.
 */
class FrameCodecFuzzTest {
    /** Small enough that fuzzed inputs reach the size and range limits. */
    private static final FrameLimits LIMITS = FrameLimits.defaults().withMaxFrameLength(512).withMaxAckRanges(8);

    static Stream<byte[]> frameContents() {
        List<byte[]> contents = new ArrayList<>();
        List<Frame> frames = new ArrayList<>(SeedFrames.afterHandshake());
        frames.addAll(SeedFrames.handshakes());
        for (Frame frame : frames) {
            byte[] encoded = FrameCodec.encode(frame);
            contents.add(Arrays.copyOfRange(encoded, Varint.size(1 + frame.bodySize()), encoded.length));
        }
        return contents.stream();
    }

    @MethodSource("frameContents")
    @FuzzTest
    void frameContentDecodesToAFrameEncodedAlikeOrIsRefused(byte[] content) {
        Frame frame;
        try {
            frame = FrameCodec.decodeContent(content, 0, content.length, LIMITS);
        } catch (WireException refused) {
            return;
        }
        byte[] encoded = FrameCodec.encode(frame);
        int prefix = Varint.size(1 + frame.bodySize());
        assertArrayEquals(content, Arrays.copyOfRange(encoded, prefix, encoded.length), frame::toString);
    }
}
