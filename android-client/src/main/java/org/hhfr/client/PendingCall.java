package org.hhfr.client;

import java.util.Map;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.streamer.Message;

/**
 * One call from the moment it is made until its response, failure, deadline or cancellation. Whichever comes
 * first settles it; later outcomes are ignored (a response arriving after the deadline is dropped). The
 * deadline is enforced by the client's timer, so it holds whatever the network does. A call that expires, is
 * cancelled ({@link CompletableFuture#cancel} on its future) or whose future the app completes itself (its own
 * timeout, {@code orTimeout}) is abandoned: the road it took forgets it ({@link #onAbandon}), on the timer's
 * thread.
 *
 * <p>An asynchronous call with a callback executor completes its future there (on a short-lived thread when it
 * refuses), never on a stream's thread.
 */
final class PendingCall {
    private final CompletableFuture<Message> future = new CompletableFuture<>();
    /** Whether an outcome was taken (its future may complete a moment later, on the callback executor). */
    private final AtomicBoolean settled = new AtomicBoolean();
    private final long deadlineNanos;
    private final long timeoutMillis;
    private final String description;
    private final Operation operation;
    private final ClientTimer timer;
    /** Where the future completes; {@code null}: on the thread that settles it. */
    private final BackgroundWork callbacks;
    private final List<Interceptor> interceptors;
    /** The call's own SOAP header blocks (its {@link CallOptions#withHeader}), after the client's static ones. */
    private final List<HeaderBlock> headers;
    /** How to abandon the call on its current road. Guarded by this. */
    private Runnable abandonAction;
    /** Guarded by this. */
    private boolean abandoned;
    /** The call as the interceptors saw it last leave. Guarded by this. */
    private CallDetails details;
    /** Its number on the session's streams, given when first sent on one; 0 before. Guarded by this. */
    private long callNumber;
    /** Sent on a stream that was lost: only a stream of the same server session may take it now. */
    private volatile boolean inDoubt;

    private PendingCall(ClientSettings settings, Operation operation, ClientTimer timer, long timeoutMillis,
                        boolean async, List<HeaderBlock> headers) {
        this.headers = headers;
        this.timeoutMillis = timeoutMillis;
        this.deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        this.description = "the call " + operation.element().localName() + " at " + settings.serviceUrl;
        this.operation = operation;
        this.timer = timer;
        this.callbacks = async ? settings.callbacks : null;
        this.interceptors = settings.interceptors;
    }

    /**
     * A call that fails with a {@link CallTimeoutException} after {@code timeoutMillis}. {@code async}: its
     * future is the app's, completed on the client's callback executor if it has one. {@code headers}: the
     * call's own SOAP header blocks.
     */
    static PendingCall start(ClientSettings settings, Operation operation, ClientTimer timer, long timeoutMillis,
                             boolean async, List<HeaderBlock> headers) {
        PendingCall call = new PendingCall(settings, operation, timer, timeoutMillis, async, headers);
        ScheduledFuture<?> deadline = timer.schedule(call::expire, TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
        call.future.whenComplete((response, failure) -> call.ended(deadline, response, failure));
        return call;
    }

    CompletableFuture<Message> future() {
        return future;
    }

    boolean isDone() {
        return settled.get() || future.isDone();
    }

    /** Milliseconds left before the deadline, at least 1 so it can serve as a socket timeout. */
    int remainingMillis() {
        long left = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, left));
    }

    /**
     * The deadline in milliseconds on {@link org.hhfr.contextstore.MonotonicClock#SYSTEM}: now plus what is left, so
     * that the longest timeouts ({@code Long.MAX_VALUE}), whose deadline in nanoseconds overflowed, stay ahead.
     */
    long deadlineMillis() {
        long now = System.nanoTime();
        return TimeUnit.NANOSECONDS.toMillis(now) + TimeUnit.NANOSECONDS.toMillis(deadlineNanos - now);
    }

    /** Its number on streams: the next of {@code numbers} the first time, the same one on every later stream. */
    synchronized long callNumber(CallNumbers numbers) {
        if (callNumber == 0) {
            callNumber = numbers.next();
        }
        return callNumber;
    }

    /** Its stream was lost before it was answered: its server session may have run it. */
    void markInDoubt() {
        inDoubt = true;
    }

    boolean isInDoubt() {
        return inDoubt;
    }

    long timeoutMillis() {
        return timeoutMillis;
    }

    /** The call's own SOAP header blocks; empty for most calls. */
    List<HeaderBlock> headers() {
        return headers;
    }

    /**
     * The call leaves now in {@code mode}: the interceptors see it, and may add HTTP headers (returned). Null,
     * and the call failed, when an interceptor threw.
     */
    CallDetails depart(Mode mode, Message request) {
        CallDetails leaving = new CallDetails(operation, request, mode);
        synchronized (this) {
            details = leaving;
        }
        try {
            leaving.seenBy(interceptors);
        } catch (RuntimeException | Error e) {
            fail(new HhfrException(description + " was stopped by an interceptor: " + e, e));
            if (e instanceof Error) {
                throw (Error) e;
            }
            return null;
        }
        return leaving;
    }

    /** The HTTP headers the interceptors gave the call as it last left; empty before it left. */
    synchronized Map<String, String> departedHeaders() {
        return details == null ? Collections.<String, String>emptyMap() : details.headers();
    }

    /** How to abandon the call on the road it takes now (run on the timer's thread); at once if it already is. */
    void onAbandon(Runnable action) {
        synchronized (this) {
            if (!abandoned) {
                abandonAction = action;
                return;
            }
        }
        offThread(action);
    }

    void complete(Message response) {
        if (settled.compareAndSet(false, true)) {
            onCallbackThread(() -> future.complete(response));
        }
    }

    void fail(HhfrException failure) {
        settle(failure);
    }

    /**
     * Its session closed with the call under way: fails it with {@code failure} and abandons its road on this
     * thread (the client's timer may be stopping).
     */
    void closeWith(HhfrException failure) {
        if (settle(failure)) {
            Runnable action = takeAbandonAction();
            if (action != null) {
                action.run();
            }
        }
    }

    private boolean settle(HhfrException failure) {
        if (!settled.compareAndSet(false, true)) {
            return false;
        }
        onCallbackThread(() -> future.completeExceptionally(failure));
        return true;
    }

    /**
     * Runs {@code task} on the callback executor (on a short-lived thread when it refuses: this one may be a
     * stream's), or here when the call has none.
     */
    private void onCallbackThread(Runnable task) {
        if (callbacks == null) {
            task.run();
        } else {
            callbacks.run(task);
        }
    }

    private void expire() {
        if (settle(new CallTimeoutException(description + " did not complete within its call timeout of "
                + timeoutMillis + " ms", timeoutMillis, null))) {
            abandon();
        }
    }

    private void ended(ScheduledFuture<?> deadline, Message response, Throwable failure) {
        if (deadline != null) {
            deadline.cancel(false);
        }
        // Cancelled, or completed by the app itself (its own timeout, orTimeout): abandoned, as at its deadline.
        boolean byApp = settled.compareAndSet(false, true);
        if (byApp) {
            abandon();
        }
        CallDetails ended;
        synchronized (this) {
            ended = details;
        }
        if (ended == null) {
            return;
        }
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        Runnable tell = () -> {
            for (Interceptor interceptor : interceptors) {
                try {
                    interceptor.onEnd(ended, response, cause);
                } catch (RuntimeException | Error e) {
                    // The later interceptors still see the end; an Error thrown here would vanish in the future.
                    AppBug.report(e);
                }
            }
        };
        if (byApp) {
            onCallbackThread(tell); // ended on the app's thread: the end is told where its callbacks run
        } else {
            tell.run(); // settled: this is the callback executor's thread already, when there is one
        }
    }

    private void abandon() {
        Runnable action = takeAbandonAction();
        if (action != null) {
            offThread(action);
        }
    }

    /** Marks the call abandoned; how to abandon its road, or null when done already or nothing to do. */
    private synchronized Runnable takeAbandonAction() {
        if (abandoned) {
            return null;
        }
        abandoned = true;
        Runnable action = abandonAction;
        abandonAction = null;
        return action;
    }

    /** On the timer's thread: never on the app's thread that cancelled (it may be Android's main thread). */
    private void offThread(Runnable action) {
        if (timer.schedule(action, 0) == null) {
            action.run();
        }
    }

    /**
     * Waits for the outcome; the timer guarantees one by the deadline. An interrupt (the app cancelling its
     * background work) stops the wait (a SOAP request run on this thread before it is not interruptible): the
     * call fails and is abandoned, and the thread keeps its interrupt
     * status.
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
            if (settle(interrupted)) {
                abandon();
            }
            throw interrupted;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof HhfrException) {
                throw (HhfrException) e.getCause();
            }
            throw new HhfrException(description + " failed: " + e.getCause(), e.getCause());
        }
    }
}
