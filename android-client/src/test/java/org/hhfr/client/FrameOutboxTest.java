package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FrameOutboxTest {
    private final AtomicInteger turnsAsked = new AtomicInteger();
    private final FrameOutbox outbox = new FrameOutbox(turnsAsked::incrementAndGet);

    @AfterEach
    void closeOutbox() {
        outbox.close();
    }

    @Test
    void aFullOutboxIsUnwritableUntilTheWriterDrainsItThenAsksForOneTurn() throws Exception {
        HeldSink sink = new HeldSink(true);
        outbox.start("test-writer");
        try {
            outbox.add(sink, new byte[16], 16);
            assertTrue(sink.sending.await(5, TimeUnit.SECONDS));
            int chunk = FrameOutbox.HIGH_WATER_MARK / 4;
            for (int i = 0; i < 4; i++) {
                outbox.add(sink, new byte[chunk], chunk);
            }
            assertFalse(outbox.isWritable());
            sink.release.countDown();
            awaitUntil(() -> turnsAsked.get() > 0);
            assertTrue(outbox.isWritable());
            assertEquals(1, turnsAsked.get());
        } finally {
            sink.release.countDown();
        }
    }

    @Test
    void aBusyOutboxIsNotIdleAndAsksForOneTurnOnceEmpty() throws Exception {
        HeldSink sink = new HeldSink(false);
        outbox.start("test-writer");
        try {
            assertTrue(outbox.isIdle());
            outbox.add(sink, new byte[16], 16);
            assertTrue(sink.sending.await(5, TimeUnit.SECONDS));
            assertFalse(outbox.isIdle());
            assertEquals(0, turnsAsked.get());
            sink.release.countDown();
            awaitUntil(() -> turnsAsked.get() > 0);
            assertTrue(outbox.isIdle());
            assertEquals(1, turnsAsked.get());
        } finally {
            sink.release.countDown();
        }
    }

    @Test
    void chunksQueuedForOneConnectionDuringASendLeaveInOneWrite() throws Exception {
        assertEquals(List.of(1, 5), sendsOfTwoChunksQueuedDuringAHeldSend(new HeldSink(true), 2));
    }

    @Test
    void datagramsQueuedDuringASendLeaveOneByOne() throws Exception {
        assertEquals(List.of(1, 2, 3), sendsOfTwoChunksQueuedDuringAHeldSend(new HeldSink(false), 3));
    }

    @Test
    void aWriteItsSinkLingersTakesTheChunksQueuedMeanwhile() throws Exception {
        HeldSink sink = new HeldSink(true, TimeUnit.SECONDS.toNanos(5));
        HeldSink other = new HeldSink(true);
        sink.release.countDown();
        other.release.countDown();
        outbox.start("test-writer");
        outbox.add(sink, new byte[] {1}, 1);
        // Time for the writer to take the first chunk: without lingering, it would send it alone.
        Thread.sleep(50);
        outbox.add(sink, new byte[] {2, 2}, 2);
        outbox.add(sink, new byte[] {3, 3, 3}, 3);
        // A chunk for another connection ends the wait.
        outbox.add(other, new byte[4], 4);
        awaitUntil(() -> !other.sizes.isEmpty());
        assertEquals(List.of(6), sink.sizes);
    }

    @Test
    void aLingeringWriteWaitsAgainAfterEachChunkThatJoinsItUntilItIsWorthSending() throws Exception {
        long wait = TimeUnit.SECONDS.toNanos(1);
        HeldSink sink = new HeldSink(true, wait, 10);
        sink.release.countDown();
        outbox.start("test-writer");
        outbox.add(sink, new byte[] {1}, 1);
        // Each chunk comes within a wait of the one before, the last past the first wait.
        for (int i = 0; i < 2; i++) {
            Thread.sleep(TimeUnit.NANOSECONDS.toMillis(wait) * 3 / 5);
            outbox.add(sink, new byte[] {2, 2}, 2);
        }
        assertEquals(List.of(), sink.sizes);
        // Enough for the sink: sent without waiting again.
        outbox.add(sink, new byte[6], 6);
        awaitUntil(() -> !sink.sizes.isEmpty());
        assertEquals(List.of(11), sink.sizes);
    }

    @Test
    void aWriteLingersAtMostFourWaitsHoweverLongItsBurstGoesOn() throws Exception {
        long wait = TimeUnit.MILLISECONDS.toNanos(200);
        HeldSink sink = new HeldSink(true, wait);
        sink.release.countDown();
        outbox.start("test-writer");
        long start = System.nanoTime();
        int chunks = 0;
        while (sink.sizes.isEmpty() && System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5)) {
            outbox.add(sink, new byte[] {1}, 1);
            chunks++;
            Thread.sleep(TimeUnit.NANOSECONDS.toMillis(wait) / 4);
        }
        assertFalse(sink.sizes.isEmpty(), "still lingering after " + chunks + " chunks");
        assertTrue(System.nanoTime() - start >= FrameOutbox.MAX_LINGER_WAITS * wait,
                "sent before " + FrameOutbox.MAX_LINGER_WAITS + " waits");
        assertTrue(sink.sizes.get(0) > 1, "the send took " + sink.sizes.get(0) + " of " + chunks + " chunks");
    }

    /** Sends 1 byte, queues 2 and 3 bytes while the sink holds that send, releases it: the sizes sent. */
    private List<Integer> sendsOfTwoChunksQueuedDuringAHeldSend(HeldSink sink, int expectedSends)
            throws Exception {
        outbox.start("test-writer");
        outbox.add(sink, new byte[] {1}, 1);
        assertTrue(sink.sending.await(5, TimeUnit.SECONDS));
        outbox.add(sink, new byte[] {2, 2}, 2);
        outbox.add(sink, new byte[] {3, 3, 3}, 3);
        sink.release.countDown();
        awaitUntil(() -> sink.sizes.size() >= expectedSends);
        return sink.sizes;
    }

    /** Waits up to 5 seconds for the condition; the assertions that follow tell whether it came. */
    private static void awaitUntil(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
    }

    /** A sink whose first send waits for {@link #release}, and which keeps the size of every send. */
    private static final class HeldSink implements FrameOutbox.Sink {
        final CountDownLatch sending = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final List<Integer> sizes = new CopyOnWriteArrayList<>();
        private final boolean joins;
        private final long lingerNanos;
        /** The size of a send worth making at once. */
        private final int fullAt;

        HeldSink(boolean joins) {
            this(joins, 0);
        }

        HeldSink(boolean joins, long lingerNanos) {
            this(joins, lingerNanos, Integer.MAX_VALUE);
        }

        HeldSink(boolean joins, long lingerNanos, int fullAt) {
            this.joins = joins;
            this.lingerNanos = lingerNanos;
            this.fullAt = fullAt;
        }

        @Override
        public void send(byte[] bytes, int length) throws IOException {
            sending.countDown();
            try {
                release.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new IOException(e);
            }
            sizes.add(length);
        }

        @Override
        public boolean joinsChunks() {
            return joins;
        }

        @Override
        public long lingerNanos(int length, boolean joining) {
            return length >= fullAt ? 0 : lingerNanos;
        }

        @Override
        public void broken(IOException cause) {
        }
    }
}
