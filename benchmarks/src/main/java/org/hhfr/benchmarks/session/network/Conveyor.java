package org.hhfr.benchmarks.session.network;

import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * Hands chunks to a sink at their arrival times, in order, on its own daemon thread. The queue is bounded,
 * so a sender faster than the emulated link waits (as it would behind a full socket buffer).
 */
final class Conveyor {
    /** What the far end does with an arrived chunk; {@link #end} when the sending side closed. */
    interface Sink {
        void deliver(byte[] chunk) throws IOException;

        void end() throws IOException;
    }

    private static final int CAPACITY = 1024;
    private static final byte[] END = new byte[0];

    private record Scheduled(long arrivalNanos, byte[] chunk) {
    }

    private final BlockingQueue<Scheduled> queue = new ArrayBlockingQueue<>(CAPACITY);
    private final DelayLine line;
    private final Sink sink;
    private final Thread thread;

    Conveyor(DelayLine line, Sink sink, String name) {
        this.line = line;
        this.sink = sink;
        this.thread = new Thread(this::run, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Schedules a chunk; waits while the queue is full. */
    void send(byte[] chunk) throws InterruptedException {
        queue.put(new Scheduled(line.arrivalNanos(chunk.length, System.nanoTime()), chunk));
    }

    /** The sending side closed: the sink's {@code end} runs after everything sent so far has arrived. */
    void finish() throws InterruptedException {
        queue.put(new Scheduled(line.arrivalNanos(0, System.nanoTime()), END));
    }

    void stop() {
        thread.interrupt();
    }

    private void run() {
        try {
            while (true) {
                Scheduled next = queue.take();
                long wait;
                while ((wait = next.arrivalNanos - System.nanoTime()) > 0) {
                    LockSupport.parkNanos(wait);
                    if (Thread.interrupted()) {
                        return;
                    }
                }
                if (next.chunk == END) {
                    sink.end();
                    return;
                }
                sink.deliver(next.chunk);
            }
        } catch (InterruptedException | IOException e) {
            // Stopped, or the far end is gone: this direction is over.
        }
    }
}
