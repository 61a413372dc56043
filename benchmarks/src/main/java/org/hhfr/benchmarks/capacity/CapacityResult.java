package org.hhfr.benchmarks.capacity;

/**
 * What one configuration (context store, transport) of the capacity run measured in the server JVM and at the
 * load generator.
 *
 * @param store             the context store, as given to the server
 * @param transport         tcp or udp
 * @param sessions          sessions open at once
 * @param openSeconds       how long negotiating and opening them all took
 * @param heapBaseline      server heap in use after full collections, before the sessions
 * @param half              sessions open at the intermediate reading
 * @param heapHalf          the same with {@code half} sessions open and idle
 * @param heapIdle          the same with every session open and idle
 * @param heapActive        the same at the end of the measurement, every session sending
 * @param threadsBaseline   server threads before the sessions
 * @param threadsIdle       server threads with every session open and idle
 * @param threadsActive     server threads during the measurement
 * @param idleCpuShare      server CPU while every session is idle, as a share of one core
 * @param idleThreadsCpuShare the part of it spent by the server's Java threads (I/O, timers, dispatch), not by
 *                          the JVM's JIT compilers and garbage collector
 * @param measureSeconds    the measurement's length
 * @param answered          calls answered rightly within the measurement
 * @param p50Millis         median round trip of those calls
 * @param p99Millis         99th percentile round trip
 * @param maxMillis         longest round trip
 * @param serverCpuNanos    server process CPU time over the measurement
 * @param clientCpuNanos    the load generator's CPU time over the measurement
 * @param udpDrops          datagrams the host dropped for full receive buffers during the measurement (any
 *                          program's; -1: unknown)
 * @param wrong             calls answered wrongly or failed (over the whole active phase)
 * @param problem           the first wrong answer or failure, or {@code null}
 */
record CapacityResult(String store, String transport, int sessions, double openSeconds, long heapBaseline,
        int half, long heapHalf, long heapIdle, long heapActive, long threadsBaseline, long threadsIdle,
        long threadsActive, double idleCpuShare, double idleThreadsCpuShare,
        double measureSeconds, long answered, double p50Millis, double p99Millis, double maxMillis,
        long serverCpuNanos, long clientCpuNanos, long udpDrops, long wrong, String problem) {

    /** The heap one more idle session takes: the growth from half the sessions to all, over those added. */
    double idleBytesPerSession() {
        return (double) (heapIdle - heapHalf) / (sessions - half);
    }

    /** An idle session's heap, plus what activity holds on top, spread over the sessions. */
    double activeBytesPerSession() {
        return idleBytesPerSession() + (double) (heapActive - heapIdle) / sessions;
    }

    /** All the heap the server grew by from no session to all idle, over the sessions: fixed costs included. */
    double overallBytesPerSession() {
        return (double) (heapIdle - heapBaseline) / sessions;
    }

    double messagesPerSecond() {
        return answered / measureSeconds;
    }

    double serverCpuMicrosPerMessage() {
        return answered == 0 ? Double.NaN : serverCpuNanos / 1e3 / answered;
    }

    double clientCpuMicrosPerMessage() {
        return answered == 0 ? Double.NaN : clientCpuNanos / 1e3 / answered;
    }
}
