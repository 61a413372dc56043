package org.hhfr.benchmarks.transport;

/** Joining a worker thread when closing, without making every close() throw InterruptedException. */
final class Threads {
    private Threads() {
    }

    /** Waits for {@code thread} to end; an interrupt is passed on to the caller's thread. */
    static void joinQuietly(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
