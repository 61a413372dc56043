package org.hhfr.client;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.hhfr.streamer.Message;

/**
 * One call from the moment it is made until its response, failure or deadline. Whichever comes first
 * completes the future; later outcomes are ignored (a response arriving after the deadline is dropped). The
 * deadline is enforced by the client's timer, so it holds whatever the network does.
 */
final class PendingCall {
    private final CompletableFuture<Message> future = new CompletableFuture<>();
    private final long deadlineNanos;
    private final long timeoutMillis;
    private final String description;

    private PendingCall(long timeoutMillis, String description) {
        this.timeoutMillis = timeoutMillis;
        this.deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        this.description = description;
    }

    /** A call that fails with a {@link CallTimeoutException} after {@code timeoutMillis}. */
    static PendingCall start(ClientTimer timer, long timeoutMillis, String description) {
        PendingCall call = new PendingCall(timeoutMillis, description);
        ScheduledFuture<?> deadline = timer.schedule(call::expire, TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
        if (deadline != null) {
            call.future.whenComplete((response, failure) -> deadline.cancel(false));
        }
        return call;
    }

    CompletableFuture<Message> future() {
        return future;
    }

    boolean isDone() {
        return future.isDone();
    }

    /** Milliseconds left before the deadline, at least 1 so it can serve as a socket timeout. */
    int remainingMillis() {
        long left = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, left));
    }

    /** The deadline in milliseconds on {@link org.hhfr.contextstore.MonotonicClock#SYSTEM}. */
    long deadlineMillis() {
        return TimeUnit.NANOSECONDS.toMillis(deadlineNanos);
    }

    long timeoutMillis() {
        return timeoutMillis;
    }

    void complete(Message response) {
        future.complete(response);
    }

    void fail(HhfrException failure) {
        future.completeExceptionally(failure);
    }

    private void expire() {
        fail(new CallTimeoutException(description + " did not complete within its call timeout of "
                + timeoutMillis + " ms", timeoutMillis, null));
    }

    /**
     * Waits for the outcome; the timer guarantees one by the deadline. An interrupt (the app cancelling its
     * background work) stops the wait: the call fails, and the thread keeps its interrupt status.
     */
    Message await() throws HhfrException {
        try {
            while (true) {
                try {
                    return future.get(remainingMillis() + TimeUnit.SECONDS.toMillis(1), TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    expire();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            HhfrException interrupted = new HhfrException(description + " was interrupted while waiting", e);
            fail(interrupted);
            throw interrupted;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof HhfrException) {
                throw (HhfrException) e.getCause();
            }
            throw new HhfrException(description + " failed: " + e.getCause(), e.getCause());
        }
    }
}
