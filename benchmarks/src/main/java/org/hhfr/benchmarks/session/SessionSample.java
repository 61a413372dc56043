package org.hhfr.benchmarks.session;

/**
 * One measured session: wall time from opening to the last answer, bytes each way (from opening to the end of
 * close: at the relays, or whole IP packets at an emulated link's device), TCP connections the client made, client
 * CPU time, the transport the session ended on, how many answers were wrong, and the IP packets each way where
 * the link counts them ({@link #NOT_COUNTED} over the relays, which see bytes, not packets).
 */
public record SessionSample(double sessionMillis, long bytesUp, long bytesDown, int connections,
        double clientCpuMillis, String endedOn, int wrongAnswers, long packetsUp, long packetsDown) {
    /** The packet counts of a session whose link counts none. */
    public static final long NOT_COUNTED = -1;

    /** A session over a link that counts no packets. */
    public SessionSample(double sessionMillis, long bytesUp, long bytesDown, int connections,
            double clientCpuMillis, String endedOn, int wrongAnswers) {
        this(sessionMillis, bytesUp, bytesDown, connections, clientCpuMillis, endedOn, wrongAnswers, NOT_COUNTED,
                NOT_COUNTED);
    }
}
