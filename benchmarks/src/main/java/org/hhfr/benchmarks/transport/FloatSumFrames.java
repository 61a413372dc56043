package org.hhfr.benchmarks.transport;

import io.netty.buffer.ByteBuf;
import java.util.Random;

/**
 * The float-sum(100) request as the protocol-free anchors (bare Netty, Aeron) carry it: a 4-byte count and the
 * floats little-endian, 404 bytes; with bare Netty's 4-byte length prefix, a 408-byte frame. The reply is the
 * 4-byte sum (8 bytes framed).
 */
final class FloatSumFrames {
    static final int FLOATS = 100;
    static final int REQUEST_BODY = 4 + 4 * FLOATS;
    static final int MAX_FLOATS = 1024;

    private FloatSumFrames() {
    }

    /** The request's floats: fixed, varied in sign and magnitude as measurements are. */
    static float[] values() {
        Random random = new Random(100);
        float[] values = new float[FLOATS];
        for (int i = 0; i < FLOATS; i++) {
            values[i] = (float) (random.nextGaussian() * Math.pow(10, random.nextInt(7) - 3));
        }
        return values;
    }

    static void writeBody(ByteBuf out, float[] values) {
        out.writeInt(values.length);
        for (float value : values) {
            out.writeFloatLE(value);
        }
    }

    /** Sums a body; a count that does not fit the bytes is refused (network input). */
    static float sumBody(ByteBuf in) {
        int count = in.readInt();
        if (count < 0 || count > MAX_FLOATS || in.readableBytes() < 4 * count) {
            throw new IllegalArgumentException("float-sum body claims " + count + " floats in "
                    + in.readableBytes() + " bytes");
        }
        float sum = 0;
        for (int i = 0; i < count; i++) {
            sum += in.readFloatLE();
        }
        return sum;
    }
}
