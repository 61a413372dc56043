package org.hhfr.transports.frame;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.auth.StreamEpoch;

/** Arbitrary frames of every kind, and helpers to decode what the tests encode. */
final class Frames {
    private static final byte[] TOKEN = {
            1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20};
    static final SessionKeys KEYS = SessionKeys.fromToken(TOKEN);

    private Frames() {
    }

    static Arbitrary<Frame> any() {
        return Arbitraries.oneOf(data(), ack(), sequenceEnd(), signal(), error(), hello(), welcome(), path());
    }

    static Arbitrary<Long> messageNumbers() {
        return Arbitraries.oneOf(Arbitraries.longs().between(1, 300),
                Arbitraries.longs().between(1, DataFrame.MAX_MESSAGE_NUMBER));
    }

    static Arbitrary<Frame> data() {
        Arbitrary<byte[]> payloads = Arbitraries.bytes().array(byte[].class).ofMaxSize(600);
        Arbitrary<Frame> first = Combinators.combine(messageNumbers(),
                Arbitraries.integers().between(0, Integer.MAX_VALUE),
                Arbitraries.oneOf(Arbitraries.just(0L), messageNumbers()),
                Arbitraries.of(true, false), payloads)
                .as((number, operation, correlation, more, payload) ->
                        DataFrame.first(number, operation, correlation, more, payload));
        Arbitrary<Frame> continuation = Combinators.combine(messageNumbers(), Arbitraries.of(true, false), payloads)
                .as(DataFrame::continuation);
        return Arbitraries.oneOf(first, continuation);
    }

    static Arbitrary<Frame> ack() {
        Arbitrary<List<Long>> steps = Arbitraries.longs().between(0, 5_000).list().ofMaxSize(40);
        return Combinators.combine(Arbitraries.longs().between(1, 1_000_000), steps, Arbitraries.of(true, false),
                Arbitraries.longs().between(0, 1_000_000), Arbitraries.longs().between(-1, AckFrame.MAX_ACK_DELAY_MICROS))
                .as((start, gaps, isFinal, extra, ackDelay) -> {
                    long[] bounds = new long[gaps.size() / 2 * 2];
                    long next = start;
                    for (int i = 0; i < bounds.length; i += 2) {
                        bounds[i] = next;
                        bounds[i + 1] = next + gaps.get(i);
                        next = bounds[i + 1] + 2 + gaps.get(i + 1);
                    }
                    long highest = bounds.length == 0 ? 0 : bounds[bounds.length - 1];
                    return AckFrame.of(bounds, isFinal, highest + extra, ackDelay);
                });
    }

    static Arbitrary<Frame> sequenceEnd() {
        return Combinators.combine(Arbitraries.of(true, false), Arbitraries.longs().between(0, Long.MAX_VALUE))
                .as((close, last) -> close ? SequenceEndFrame.close(last) : SequenceEndFrame.terminate(last));
    }

    static Arbitrary<Frame> signal() {
        return Arbitraries.of(SignalFrame.ACK_REQUESTED, SignalFrame.PING);
    }

    static Arbitrary<Frame> path() {
        return Combinators.combine(Arbitraries.of(FrameType.PATH_CHALLENGE, FrameType.PATH_RESPONSE,
                FrameType.ADDRESS_TOKEN), Arbitraries.longs()).as((type, data) -> type == FrameType.PATH_CHALLENGE
                ? PathFrame.challenge(data) : type == FrameType.PATH_RESPONSE ? PathFrame.response(data)
                : PathFrame.addressToken(data));
    }

    static Arbitrary<Frame> error() {
        return Combinators.combine(Arbitraries.of(ErrorCode.values()), Arbitraries.strings().ofMaxLength(1_500))
                .as(ErrorFrame::of);
    }

    static Arbitrary<Frame> hello() {
        return Combinators.combine(Arbitraries.of(0, 1, 2),
                Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(SessionId.MAX_LENGTH),
                Arbitraries.of(StreamEpoch.FIRST, 1_763_700_000_000L, Long.MAX_VALUE),
                Arbitraries.longs().between(1, Long.MAX_VALUE))
                .as((kind, id, epoch, attempt) -> HelloFrame.create(kind == 1, kind == 2, SessionId.of(id), attempt,
                        epoch == StreamEpoch.FIRST ? KEYS : SessionKeys.fromToken(TOKEN, epoch)));
    }

    static Arbitrary<Frame> welcome() {
        return hello().map(hello -> WelcomeFrame.answering((HelloFrame) hello, KEYS));
    }

    /** Decodes one whole encoded frame (prefix included), requiring the prefix to cover the rest exactly. */
    static Frame decode(byte[] encoded) throws WireException {
        List<Frame> frames = decodeAll(encoded);
        if (frames.size() != 1) {
            throw new AssertionError(frames.size() + " frames in one encoding");
        }
        return frames.get(0);
    }

    /** Decodes a concatenation of encoded frames, without the stream handshake rules. */
    static List<Frame> decodeAll(byte[] bytes) throws WireException {
        List<Frame> frames = new ArrayList<>();
        WireReader in = new WireReader(bytes, 0, bytes.length);
        while (in.remaining() > 0) {
            int length = (int) in.readVarint("frame length", 1, Integer.MAX_VALUE);
            int start = in.position();
            in.skip("frame", length);
            frames.add(FrameCodec.decodeContent(bytes, start, length, FrameLimits.defaults()));
        }
        return frames;
    }
}
