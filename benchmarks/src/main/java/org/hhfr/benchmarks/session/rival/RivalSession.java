package org.hhfr.benchmarks.session.rival;

import java.io.IOException;
import java.util.function.Consumer;

/**
 * A session of a rival stack (gRPC-java, REST with JSON) with one of the benchmark's services: opened on
 * creation (the connection is made by the first call at the latest), then the same request sent again and
 * again. Answers come in the service class's own types ({@code Float}, {@code String},
 * {@code PointOfInterest[]}), so the caller checks them as it checks SOAP's and HHFR's.
 */
public interface RivalSession extends AutoCloseable {
    /** How long any one answer may take. */
    long ANSWER_TIMEOUT_MILLIS = 60_000;

    /**
     * Sends {@code request} (a session's request value: {@code float[]}, {@code String[]} or an {@code Integer}
     * count) {@code times} times and hands every answer, in order, to {@code answers}.
     *
     * @throws IOException a call failed or an answer did not come in time
     */
    void call(Object request, int times, Consumer<Object> answers) throws IOException;

    /** Ends the session and releases its connection and threads. */
    @Override
    void close() throws IOException;
}
