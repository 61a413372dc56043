package org.hhfr.transports.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import org.hhfr.transports.driver.FirstFlight;
import org.hhfr.transports.driver.Link;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;

/**
 * A session's frames over one TCP connection. The frames of a turn are encoded by the core back to back into
 * one pooled buffer, which goes down the pipeline as a single write when it is full, when the frames held would
 * take the connection past its high-water mark, or at {@link #flush}: one pipeline pass, one buffer and one
 * outbound entry for many small frames instead of one each. The connection turns unwritable with the frame
 * whose bytes cross the high-water mark, as with a write per frame (which, counting Netty's overhead per
 * outbound entry, turned a few frames earlier), so backpressure is unchanged. (Handshake and refusal frames,
 * written straight to the channel, are {@linkplain FrameEncoder#encoded encoded} there.)
 */
final class TcpLink implements Link {
    /**
     * Bytes gathered before they go down the pipeline (a larger frame gets a buffer of its own size). Netty's
     * adaptive allocator pools buffers of this size even with a small heap (16 KiB buffers fell back to
     * unpooled allocation in the shoot-out's 512 MiB peers).
     */
    static final int BATCH_BYTES = 8 << 10;

    private final Channel channel;
    private final TransportMetrics metrics;
    /** Frames encoded and not yet written to the channel; null when none. */
    private ByteBuf batch;
    /** Bytes handed to the channel since the last flush. */
    private int unflushed;
    private final FirstFlight firstFlight = new FirstFlight();

    /** @param metrics where pauses in reading and writes are counted; null on a client */
    TcpLink(Channel channel, TransportMetrics metrics) {
        this.channel = channel;
        this.metrics = metrics;
    }

    Channel channel() {
        return channel;
    }

    @Override
    public boolean isWritable() {
        return channel.isWritable();
    }

    @Override
    public void write(Frame frame) {
        int size = FrameCodec.encodedSize(frame);
        if (batch != null && batch.writableBytes() < size) {
            writeBatch();
        }
        if (batch == null) {
            batch = channel.alloc().heapBuffer(Math.max(BATCH_BYTES, size));
        }
        int start = batch.arrayOffset() + batch.writerIndex();
        int end = FrameCodec.encode(frame, batch.array(), start);
        batch.writerIndex(batch.writerIndex() + end - start);
        if (batch.readableBytes() >= channel.bytesBeforeUnwritable()) {
            writeBatch();
        }
    }

    @Override
    public void flush() {
        if (batch != null) {
            writeBatch();
            if (metrics != null) {
                metrics.increment(TransportMetrics.Counter.TCP_WRITES);
            }
        }
        firstFlight.wrote(unflushed);
        unflushed = 0;
        channel.flush();
    }

    @Override
    public void setReading(boolean reading) {
        if (channel.config().isAutoRead() != reading) {
            channel.config().setAutoRead(reading);
            if (!reading && metrics != null) {
                metrics.increment(TransportMetrics.Counter.READS_PAUSED);
            }
        }
    }

    @Override
    public void close(Frame lastFrame) {
        if (lastFrame != null) {
            write(lastFrame);
        }
        if (batch != null) {
            writeBatch();
        }
        channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    /** Hands the gathered frames to the channel (which releases the buffer once sent, or when it is closed). */
    private void writeBatch() {
        ByteBuf gathered = batch;
        batch = null;
        unflushed += gathered.readableBytes();
        channel.write(gathered, channel.voidPromise());
    }

    /** Whether this link's writes so far fill less than its connection's first flight. */
    boolean isYoung() {
        return firstFlight.isYoung();
    }

    @Override
    public String toString() {
        return "TCP " + channel.remoteAddress();
    }
}
