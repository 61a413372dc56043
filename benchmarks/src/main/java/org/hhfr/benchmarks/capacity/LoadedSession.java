package org.hhfr.benchmarks.capacity;

import java.util.concurrent.CompletableFuture;

import org.hhfr.benchmarks.session.SessionWorkload;
import org.hhfr.schemas.DataStructure;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Representation;
import org.hhfr.transports.netty.NettyStreamClient;

/**
 * One open session of the load: its stream client and the one request it keeps sending (the workload's request
 * of the run's array size, encoded afresh for each call, as an application would), whose answer it checks.
 */
final class LoadedSession {
    private final NettyStreamClient client;
    private final SessionWorkload workload;
    private final Representation representation;
    private final DataStructure request;
    private final DataStructure response;
    private final Object value;
    private final Object expected;

    LoadedSession(NettyStreamClient client, SessionWorkload workload, Representation representation,
            DataStructure request, DataStructure response, int arraySize) {
        this.client = client;
        this.workload = workload;
        this.representation = representation;
        this.request = request;
        this.response = response;
        this.value = workload.requestValue(arraySize);
        this.expected = workload.expectedAnswer(value);
    }

    /**
     * Sends the request; its round trip goes to {@code latencies} when the answer is right. The future
     * completes (never exceptionally) once the call is answered or has failed.
     */
    CompletableFuture<?> call(Latencies latencies, Tally tally) {
        long start = System.nanoTime();
        tally.sent();
        byte[] body = representation.encode(Message.of(request).set(0, value).build());
        return client.call(body).handle((answer, failure) -> {
            long roundTrip = System.nanoTime() - start;
            if (failure != null) {
                tally.failed(failure);
            } else if (!expected.equals(answerOf(answer))) {
                tally.wrong(workload.label() + " answered " + answerOf(answer) + " instead of " + expected);
            } else {
                tally.answered();
                latencies.record(roundTrip);
            }
            return null;
        });
    }

    private Object answerOf(byte[] answer) {
        try {
            return workload.answerOf(representation.decode(response, answer));
        } catch (MalformedMessageException e) {
            return "an undecodable response (" + e.getMessage() + ")";
        }
    }

    /** Ends the session gracefully; the future completes when the server confirmed. */
    CompletableFuture<Void> closeGracefully() {
        return client.closeGracefully();
    }

    /** Aborts the session if it has not ended. */
    void close() {
        client.close();
    }
}
