package org.hhfr.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;

import org.hhfr.client.CallOptions;
import org.hhfr.client.HhfrException;
import org.hhfr.client.Session;
import org.hhfr.streamer.Message;

/**
 * Sends one request N times in a session, one after another or pipelined (up to {@code inFlight} calls
 * awaiting their answers at once), and keeps each call's latency: from the call to its answer.
 */
final class MessageRun {
    final Message lastResponse;
    /** Each call's latency in nanoseconds, in the order the calls were made. */
    private final long[] latencyNanos;
    /** The most calls awaiting their answers at once: 1 when sequential. */
    private final int inFlight;

    private MessageRun(Message lastResponse, long[] latencyNanos, int inFlight) {
        this.lastResponse = lastResponse;
        this.latencyNanos = latencyNanos;
        this.inFlight = inFlight;
    }

    /** Each call waits for the answer of the one before. */
    static MessageRun sequential(Session session, Message request, CallOptions options, int messages)
            throws HhfrException {
        long[] latencies = new long[messages];
        Message response = null;
        for (int i = 0; i < messages; i++) {
            long start = System.nanoTime();
            response = session.call(request, options);
            latencies[i] = System.nanoTime() - start;
        }
        return new MessageRun(response, latencies, 1);
    }

    /** Sends a one-way request N times, each once the service took the one before; there is no answer. */
    static MessageRun oneWay(Session session, Message request, CallOptions options, int messages)
            throws HhfrException {
        long[] latencies = new long[messages];
        for (int i = 0; i < messages; i++) {
            long start = System.nanoTime();
            session.send(request, options);
            latencies[i] = System.nanoTime() - start;
        }
        return new MessageRun(null, latencies, 1);
    }

    /**
     * Calls without waiting for answers while fewer than {@code window} await theirs; the first failure (in
     * call order) is thrown once every call ended.
     */
    static MessageRun pipelined(Session session, Message request, CallOptions options, int messages, int window)
            throws HhfrException {
        long[] latencies = new long[messages];
        Semaphore room = new Semaphore(window);
        List<CompletableFuture<Message>> calls = new ArrayList<>(messages);
        for (int i = 0; i < messages; i++) {
            room.acquireUninterruptibly();
            int index = i;
            long start = System.nanoTime();
            calls.add(session.callAsync(request, options).whenComplete((response, failure) -> {
                latencies[index] = System.nanoTime() - start;
                room.release();
            }));
        }
        Message response = null;
        for (CompletableFuture<Message> call : calls) {
            response = answer(call);
        }
        return new MessageRun(response, latencies, Math.min(window, messages));
    }

    private static Message answer(CompletableFuture<Message> call) throws HhfrException {
        try {
            return call.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HhfrException("interrupted while waiting for the answers", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof HhfrException failure) {
                throw failure;
            }
            throw new HhfrException("the call failed: " + e.getCause(), e.getCause());
        }
    }

    /** How many were in flight, and the median and 90th percentile latencies. */
    CallTimes times() {
        return new CallTimes(inFlight, latencyMillis(50), latencyMillis(90));
    }

    /** The latency at {@code percentile} (nearest rank), in milliseconds. */
    private double latencyMillis(int percentile) {
        long[] sorted = latencyNanos.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(percentile / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)] / 1e6;
    }
}
