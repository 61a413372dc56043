package org.hhfr.transports.netty;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import org.hhfr.transports.frame.Frame;

/** A session's frames over one TCP connection; the pipeline's {@link FrameEncoder} turns them into bytes. */
final class TcpLink implements Link {
    private final Channel channel;
    private final TransportMetrics metrics;

    /** @param metrics where pauses in reading are counted; null on a client */
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
        channel.write(frame, channel.voidPromise());
    }

    @Override
    public void flush() {
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
            channel.write(lastFrame, channel.voidPromise());
        }
        channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public String toString() {
        return "TCP " + channel.remoteAddress();
    }
}
