package org.hhfr.benchmarks.transport;

import io.aeron.ExclusivePublication;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The Aeron anchor's client: one thread offering float-sum bodies (the same 404 bytes bare Netty frames) to a
 * unicast UDP publication as fast as Aeron's flow control lets it, encoding each afresh.
 */
final class AeronSender implements ClientSide {
    private static final long CONNECT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final EmbeddedAeron aeron = new EmbeddedAeron();
    private final float[] values = FloatSumFrames.values();
    private final ExclusivePublication publication;
    private final long limit;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private final Thread sender;
    private volatile boolean stopped;
    private volatile long sent;

    AeronSender(String host, int port, long limit) {
        this.limit = limit;
        publication = aeron.aeron().addExclusivePublication(EmbeddedAeron.channel(host, port),
                EmbeddedAeron.STREAM_ID);
        sender = new Thread(this::send, "aeron-sender");
        sender.start();
    }

    private void send() {
        IdleStrategy idle = new BackoffIdleStrategy();
        long deadline = System.nanoTime() + CONNECT_TIMEOUT_NANOS;
        while (!publication.isConnected()) {
            if (stopped || System.nanoTime() > deadline) {
                done.completeExceptionally(new IllegalStateException("no Aeron subscriber connected"));
                return;
            }
            idle.idle(0);
        }
        UnsafeBuffer body = new UnsafeBuffer(ByteBuffer.allocateDirect(FloatSumFrames.REQUEST_BODY));
        while (!stopped && (limit == 0 || sent < limit)) {
            body.putInt(0, values.length, ByteOrder.BIG_ENDIAN);
            for (int i = 0; i < values.length; i++) {
                body.putFloat(4 + 4 * i, values[i], ByteOrder.LITTLE_ENDIAN);
            }
            idle.reset();
            while (publication.offer(body, 0, FloatSumFrames.REQUEST_BODY) < 0) {
                if (stopped) {
                    return;
                }
                idle.idle(0);
            }
            sent++;
        }
        done.complete(null);
    }

    @Override
    public long completed() {
        return sent;
    }

    @Override
    public CompletableFuture<Void> done() {
        return done;
    }

    @Override
    public void close() {
        stopped = true;
        Threads.joinQuietly(sender);
        aeron.close();
    }
}
