package org.hhfr.client;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A stream's bytes on their way to the network: filled by its links in the serial context, which never
 * blocks, and emptied by the stream's writer thread, which does the blocking writes and sends. Bounded by a
 * high-water mark: above it the links report themselves unwritable, and frames wait in the engine; once the
 * writer has brought it down to the low-water mark it asks for an engine turn. Consecutive chunks for one
 * TCP connection leave in one write (frames offered while a write is under way leave together), and a sink may
 * have a write wait a little for more ({@link Sink#lingerNanos}).
 */
final class FrameOutbox {
    static final int HIGH_WATER_MARK = 256 << 10;
    static final int LOW_WATER_MARK = 64 << 10;
    private static final int MAX_WRITE = 256 << 10;
    /** How many times its first wait a send lingers at most, however long its burst goes on. */
    static final int MAX_LINGER_WAITS = 4;

    /** Where chunks go; its methods run on the writer thread. */
    interface Sink {
        /** Writes or sends one chunk (blocking). */
        void send(byte[] bytes, int length) throws IOException;

        /** Whether consecutive chunks may be joined into one send (a byte stream, not datagrams). */
        boolean joinsChunks();

        /**
         * How long a send of {@code length} bytes may wait, from now, for more of this sink's chunks to join it;
         * 0 to send at once. Only a sink that joins chunks may wait. Asked again each time chunks joined the
         * waiting send ({@code joining}: the burst goes on), so a sink can wait until the send is worth making.
         */
        long lingerNanos(int length, boolean joining);

        /** A send failed: the sink's connection is broken. */
        void broken(IOException cause);
    }

    private final Object lock = new Object();
    private final Runnable onDrained;
    /** Guarded by {@link #lock}. */
    private final ArrayDeque<Chunk> chunks = new ArrayDeque<>();
    /** Bytes queued or being sent: read on every frame a turn writes, so not behind the lock. */
    private final AtomicLong queuedBytes = new AtomicLong();
    /** Whether the high-water mark was reached since the writer last drained to the low-water mark. */
    private final AtomicBoolean wasFull = new AtomicBoolean();
    /** Whether a link waits for the outbox to be empty (see {@link #isIdle}). */
    private final AtomicBoolean idleWanted = new AtomicBoolean();
    /** Guarded by {@link #lock}. */
    private boolean closed;
    private Thread writer;

    /**
     * @param onDrained called on the writer thread once a full outbox drained to the low-water mark, or an
     *                  outbox a link found busy ({@link #isIdle}) is empty
     */
    FrameOutbox(Runnable onDrained) {
        this.onDrained = onDrained;
    }

    /** Starts the writer thread. */
    void start(String threadName) {
        writer = new Thread(this::runWriter, threadName);
        writer.setDaemon(true);
        writer.start();
    }

    /** Whether more bytes may be added now without passing the high-water mark. */
    boolean isWritable() {
        return queuedBytes.get() < HIGH_WATER_MARK;
    }

    /**
     * Whether nothing is queued or being sent. When something is, the writer asks for an engine turn once it
     * has sent everything: a datagram link starts writing a turn only then, so calls made while a datagram is
     * on its way leave together, packed into the next one, instead of one datagram each.
     */
    boolean isIdle() {
        if (queuedBytes.get() == 0) {
            return true;
        }
        idleWanted.set(true);
        // The writer may have emptied the outbox between the two reads: then take the flag back, if it is ours.
        return queuedBytes.get() == 0 && idleWanted.compareAndSet(true, false);
    }

    /** Queues {@code length} bytes of {@code bytes} (now the outbox's) for {@code sink}. */
    void add(Sink sink, byte[] bytes, int length) {
        if (queuedBytes.addAndGet(length) >= HIGH_WATER_MARK) {
            wasFull.set(true);
        }
        synchronized (lock) {
            if (!closed) {
                chunks.add(new Chunk(sink, bytes, length));
                lock.notifyAll();
            }
        }
    }

    /** Drops what is queued and ends the writer thread (after the send under way). */
    void close() {
        synchronized (lock) {
            closed = true;
            chunks.clear();
            lock.notifyAll();
        }
        StreamChannel.join(writer);
    }

    private void runWriter() {
        byte[] joined = new byte[8 << 10];
        List<Chunk> taken = new ArrayList<>();
        int length;
        while (true) {
            synchronized (lock) {
                while (chunks.isEmpty() && !closed) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (closed) {
                    return;
                }
                length = takeJoinable(taken, 0);
                length = linger(taken, length);
            }
            Chunk first = taken.get(0);
            byte[] bytes = first.bytes;
            if (taken.size() > 1) {
                if (joined.length < length) {
                    joined = new byte[Math.max(2 * joined.length, length)];
                }
                int at = 0;
                for (Chunk chunk : taken) {
                    System.arraycopy(chunk.bytes, 0, joined, at, chunk.length);
                    at += chunk.length;
                }
                bytes = joined;
            }
            taken.clear();
            try {
                first.sink.send(bytes, length);
            } catch (IOException e) {
                first.sink.broken(e);
            }
            boolean drained = drained(length);
            boolean emptied = queuedBytes.get() == 0 && idleWanted.compareAndSet(true, false);
            if (drained || emptied) {
                onDrained.run();
            }
        }
    }

    /**
     * Takes the first chunk unless {@code taken} holds it already and, for a sink that joins them, the next ones
     * for the same sink; returns the bytes taken in all, {@code length} being those taken before. Holds
     * {@link #lock}.
     */
    private int takeJoinable(List<Chunk> taken, int length) {
        if (taken.isEmpty()) {
            Chunk first = chunks.poll();
            taken.add(first);
            length = first.length;
        }
        Sink sink = taken.get(0).sink;
        while (sink.joinsChunks() && !chunks.isEmpty() && chunks.peek().sink == sink
                && length + chunks.peek().length <= MAX_WRITE) {
            Chunk next = chunks.poll();
            taken.add(next);
            length += next.length;
        }
        return length;
    }

    /**
     * Holds a send its sink wants to {@linkplain Sink#lingerNanos linger}, taking the chunks that join it
     * meanwhile, until the sink's wait since the last join is up, the sink wants no more, a chunk for another
     * sink is queued or the outbox closes; in all at most {@link #MAX_LINGER_WAITS} times the first wait.
     * Returns the bytes taken. Holds {@link #lock}.
     */
    private int linger(List<Chunk> taken, int length) {
        Sink sink = taken.get(0).sink;
        long wait = sink.lingerNanos(length, false);
        long now = System.nanoTime();
        long latest = now + MAX_LINGER_WAITS * wait;
        long deadline = now + wait;
        long left;
        while (!closed && chunks.isEmpty() && (left = deadline - System.nanoTime()) > 0) {
            try {
                lock.wait(left / 1_000_000, (int) (left % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return length;
            }
            int before = length;
            length = takeJoinable(taken, length);
            if (length > before) {
                deadline = Math.min(latest, System.nanoTime() + sink.lingerNanos(length, true));
            }
        }
        return length;
    }

    private boolean drained(int sent) {
        return queuedBytes.addAndGet(-sent) <= LOW_WATER_MARK && wasFull.compareAndSet(true, false);
    }

    /** Bytes for one sink. */
    private static final class Chunk {
        final Sink sink;
        final byte[] bytes;
        final int length;

        Chunk(Sink sink, byte[] bytes, int length) {
            this.sink = sink;
            this.bytes = bytes;
            this.length = length;
        }
    }
}
