package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hhfr.transports.frame.AckFrame;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;
import org.junit.jupiter.api.Test;

class TcpLinkTest {
    private static final byte[] BODY = new byte[401];

    @Test
    void framesOfATurnLeaveInFewBuffersCarryingExactlyTheirEncodedBytes() {
        EmbeddedChannel channel = new EmbeddedChannel();
        channel.config().setWriteBufferWaterMark(new WriteBufferWaterMark(1 << 20, 2 << 20));
        TcpLink link = new TcpLink(channel, null);
        List<Frame> frames = new ArrayList<>();
        for (long number = 1; number <= 100; number++) {
            frames.add(DataFrame.first(number, 0, number, false, BODY));
            if (number % 8 == 0) {
                frames.add(AckFrame.of(new long[] {1, number}, false, number + 256));
            }
        }
        frames.forEach(link::write);
        link.flush();

        List<ByteBuf> written = drain(channel);
        assertTrue(written.size() <= 1 + expectedBytes(frames).length / TcpLink.BATCH_BYTES,
                written.size() + " buffers for " + frames.size() + " frames");
        assertArrayEquals(expectedBytes(frames), concat(written));
    }

    @Test
    void aFrameLargerThanABatchTravelsWholeAndInOrder() {
        EmbeddedChannel channel = new EmbeddedChannel();
        channel.config().setWriteBufferWaterMark(new WriteBufferWaterMark(1 << 20, 2 << 20));
        TcpLink link = new TcpLink(channel, null);
        byte[] large = new byte[3 * TcpLink.BATCH_BYTES];
        Arrays.fill(large, (byte) 7);
        List<Frame> frames = List.of(DataFrame.first(1, 0, 0, false, BODY),
                DataFrame.first(2, 3, 0, false, large), DataFrame.first(3, 0, 0, false, BODY));
        frames.forEach(link::write);
        link.flush();

        assertArrayEquals(expectedBytes(frames), concat(drain(channel)));
    }

    @Test
    void theLinkStopsTakingFramesOnceTheyWouldPassTheHighWaterMarkAndTakesMoreAfterTheFlush() {
        int high = 4_000;
        EmbeddedChannel channel = new EmbeddedChannel();
        channel.config().setWriteBufferWaterMark(new WriteBufferWaterMark(1_000, high));
        TcpLink link = new TcpLink(channel, null);
        int taken = 0;
        while (link.isWritable() && taken < 1_000) {
            link.write(DataFrame.first(++taken, 0, 0, false, BODY));
        }
        int frameBytes = FrameCodec.encodedSize(DataFrame.first(1, 0, 0, false, BODY));
        assertFalse(link.isWritable());
        assertEquals(high / frameBytes + 1, taken, "the frame that crosses the mark is the last one taken");

        link.flush();
        assertTrue(link.isWritable());
        assertEquals(taken * frameBytes, concat(drain(channel)).length);
    }

    private static byte[] expectedBytes(List<Frame> frames) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Frame frame : frames) {
            out.writeBytes(FrameCodec.encode(frame));
        }
        return out.toByteArray();
    }

    private static List<ByteBuf> drain(EmbeddedChannel channel) {
        List<ByteBuf> buffers = new ArrayList<>();
        ByteBuf buffer;
        while ((buffer = channel.readOutbound()) != null) {
            buffers.add(buffer);
        }
        return buffers;
    }

    private static byte[] concat(List<ByteBuf> buffers) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (ByteBuf buffer : buffers) {
            byte[] bytes = new byte[buffer.readableBytes()];
            buffer.readBytes(bytes);
            buffer.release();
            out.writeBytes(bytes);
        }
        return out.toByteArray();
    }
}
