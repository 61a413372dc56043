package org.hhfr.benchmarks.capacity;

import java.util.ArrayList;
import java.util.List;

import org.hhfr.axis.module.ModuleSettings;
import org.hhfr.benchmarks.session.SessionWorkload;

/**
 * How the capacity run loads one node.
 *
 * @param sessions         sessions open at once
 * @param openConcurrency  sessions being negotiated and opened at a time
 * @param periodMillis     each session sends one call per period
 * @param warmupSeconds    calls before the measurement
 * @param measureSeconds   the measurement
 * @param arraySize        floats per float-sum request, words per string-concat request
 * @param clientThreads    the load generator's I/O threads (shared by every session)
 * @param workloads        the workloads the sessions take in turn
 * @param serverJvmOptions options of the server's JVM
 * @param moduleParameters HHFR module parameters ({@code name=value}) set on the server besides the store and
 *                         the session limit
 * @param heapDumps        whether to dump the server's heap with no session and with the sessions idle
 */
record CapacityOptions(int sessions, int openConcurrency, long periodMillis, int warmupSeconds, int measureSeconds,
        int arraySize, int clientThreads, List<SessionWorkload> workloads, List<String> serverJvmOptions,
        List<String> moduleParameters, boolean heapDumps) {
    CapacityOptions {
        if (sessions < 1 || openConcurrency < 1 || periodMillis < 1 || warmupSeconds < 0 || measureSeconds < 1
                || arraySize < 0 || clientThreads < 1 || workloads.isEmpty()) {
            throw new IllegalArgumentException("sessions, concurrency, period, measurement, threads and workloads "
                    + "must be positive (warm-up and array size at least 0)");
        }
        workloads = List.copyOf(workloads);
        serverJvmOptions = List.copyOf(serverJvmOptions);
        moduleParameters = List.copyOf(moduleParameters);
    }

    /**
     * The server's module parameters for {@code store}: that context store; session limits with room for the
     * run's sessions (four times as many, so that a configuration never runs into them: a Redis store still holds
     * the sessions of the rows before, and of a run before, until they expire), per client address too, as every
     * session comes from 127.0.0.1; then the parameters given.
     */
    List<String> serverParameters(String store) {
        long room = Math.max(4L * sessions + 100, 10_000);
        List<String> parameters = new ArrayList<>();
        parameters.add(ModuleSettings.CONTEXT_STORE + "=" + store);
        parameters.add(ModuleSettings.MAX_SESSIONS + "=" + room);
        parameters.add(ModuleSettings.MAX_SESSIONS_PER_ADDRESS + "=" + room);
        parameters.addAll(moduleParameters);
        return parameters;
    }
}
