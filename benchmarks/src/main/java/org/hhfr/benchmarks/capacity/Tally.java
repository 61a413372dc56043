package org.hhfr.benchmarks.capacity;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/** Calls sent, answered rightly, answered wrongly and failed, with the first problem's description. */
final class Tally {
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong wrong = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicReference<String> firstProblem = new AtomicReference<>();

    void sent() {
        sent.incrementAndGet();
    }

    void answered() {
        answered.incrementAndGet();
    }

    void wrong(String description) {
        wrong.incrementAndGet();
        firstProblem.compareAndSet(null, description);
    }

    void failed(Throwable failure) {
        failed.incrementAndGet();
        firstProblem.compareAndSet(null, failure.toString());
    }

    long sentCount() {
        return sent.get();
    }

    long answeredCount() {
        return answered.get();
    }

    long wrongCount() {
        return wrong.get();
    }

    long failedCount() {
        return failed.get();
    }

    /** The first wrong answer or failure, or {@code null}. */
    String firstProblem() {
        return firstProblem.get();
    }
}
