package org.hhfr.transports.reliability;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.FrameLimits;

/** Two engines and a hand-operated link between them: the test decides what is delivered, lost, and when. */
final class Wire {
    final ReliabilityEngine a;
    final ReliabilityEngine b;
    long now = 1_000_000_000L;

    Wire(ReliabilityConfig config) {
        this(config, config);
    }

    Wire(ReliabilityConfig configA, ReliabilityConfig configB) {
        a = new ReliabilityEngine(configA, new Random(1), now);
        b = new ReliabilityEngine(configB, new Random(2), now);
    }

    void advanceMillis(long millis) {
        now += TimeUnit.MILLISECONDS.toNanos(millis);
    }

    /** Everything {@code from} wants to send now. */
    List<Frame> drain(ReliabilityEngine from) {
        List<Frame> frames = new ArrayList<>();
        Frame frame;
        while ((frame = from.pollTransmit(now)) != null) {
            frames.add(frame);
        }
        return frames;
    }

    /** Delivers frames to {@code to} after an encode / decode round trip. */
    void deliver(List<Frame> frames, ReliabilityEngine to) throws WireException {
        for (Frame frame : frames) {
            to.receive(roundTrip(frame), now);
        }
    }

    /** Lets both sides talk until neither has anything to send. */
    void exchange() throws WireException {
        List<Frame> fromA;
        List<Frame> fromB;
        do {
            fromA = drain(a);
            deliver(fromA, b);
            fromB = drain(b);
            deliver(fromB, a);
        } while (!fromA.isEmpty() || !fromB.isEmpty());
    }

    /** Moves time to {@code engine}'s next deadline and runs its timers. */
    void tickAtDeadline(ReliabilityEngine engine) {
        now = Math.max(now, engine.nextDeadline());
        engine.tick(now);
    }

    static Frame roundTrip(Frame frame) throws WireException {
        byte[] encoded = FrameCodec.encode(frame);
        int prefix = encoded.length - contentLength(encoded);
        return FrameCodec.decodeContent(encoded, prefix, encoded.length - prefix, FrameLimits.defaults());
    }

    private static int contentLength(byte[] encoded) {
        int value = 0;
        for (int i = 0, shift = 0; ; i++, shift += 7) {
            value |= (encoded[i] & 0x7F) << shift;
            if ((encoded[i] & 0x80) == 0) {
                return value;
            }
        }
    }

    static List<String> describe(List<Frame> frames) {
        List<String> text = new ArrayList<>();
        for (Frame frame : frames) {
            text.add(frame.toString());
        }
        return text;
    }
}
