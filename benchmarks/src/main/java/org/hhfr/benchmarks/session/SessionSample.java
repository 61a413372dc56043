package org.hhfr.benchmarks.session;

/**
 * One measured session: wall time from opening to the last answer, bytes each way at the relays (from opening
 * to the end of close), TCP connections the client made, client CPU time, the transport the session ended
 * on, and how many answers were wrong.
 */
public record SessionSample(double sessionMillis, long bytesUp, long bytesDown, int connections,
        double clientCpuMillis, String endedOn, int wrongAnswers) {
}
