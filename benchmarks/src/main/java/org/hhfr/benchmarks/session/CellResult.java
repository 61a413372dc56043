package org.hhfr.benchmarks.session;

import java.util.Arrays;
import java.util.List;

/**
 * A cell's figures over its repeats: the median session time with the lowest and highest, medians of the
 * bytes, connections and client CPU, the payload and the overhead over it, the link's lower bound for the
 * payload with this mode's ratio to it, and where the link counts them the medians of the IP packets each way.
 * {@code endedOn} lists the transports the repeats ended on (a session that fell back to SOAP is visible there).
 */
public record CellResult(Cell cell, int repeats, double sessionMillis, double minMillis, double maxMillis,
        long bytesUp, long bytesDown, long payloadBytesUp, long payloadBytesDown, int connections,
        double clientCpuMillis, double lowerBoundMillis, String endedOn, int wrongAnswers, long packetsUp,
        long packetsDown) {

    /** A cell over a link that counts no packets (the relays). */
    public CellResult(Cell cell, int repeats, double sessionMillis, double minMillis, double maxMillis,
            long bytesUp, long bytesDown, long payloadBytesUp, long payloadBytesDown, int connections,
            double clientCpuMillis, double lowerBoundMillis, String endedOn, int wrongAnswers) {
        this(cell, repeats, sessionMillis, minMillis, maxMillis, bytesUp, bytesDown, payloadBytesUp,
                payloadBytesDown, connections, clientCpuMillis, lowerBoundMillis, endedOn, wrongAnswers,
                SessionSample.NOT_COUNTED, SessionSample.NOT_COUNTED);
    }

    public static CellResult of(Cell cell, List<SessionSample> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("a cell needs at least one session");
        }
        SessionWorkload workload = cell.workload();
        Object request = workload.requestValue(cell.arraySize());
        long payloadUp = cell.messages() * workload.payloadBytes(request);
        long payloadDown = cell.messages() * workload.payloadBytes(workload.expectedAnswer(request));
        double[] times = samples.stream().mapToDouble(SessionSample::sessionMillis).sorted().toArray();
        return new CellResult(cell, samples.size(), median(times), times[0], times[times.length - 1],
                Math.round(median(samples.stream().mapToDouble(SessionSample::bytesUp).toArray())),
                Math.round(median(samples.stream().mapToDouble(SessionSample::bytesDown).toArray())),
                payloadUp, payloadDown,
                (int) Math.round(median(samples.stream().mapToDouble(SessionSample::connections).toArray())),
                median(samples.stream().mapToDouble(SessionSample::clientCpuMillis).toArray()),
                cell.profile().lowerBoundMillis(payloadUp, payloadDown, cell.messages()),
                String.join("/", samples.stream().map(SessionSample::endedOn).distinct().sorted().toList()),
                samples.stream().mapToInt(SessionSample::wrongAnswers).sum(),
                Math.round(median(samples.stream().mapToDouble(SessionSample::packetsUp).toArray())),
                Math.round(median(samples.stream().mapToDouble(SessionSample::packetsDown).toArray())));
    }

    /**
     * Whether the link counted whole IP packets (an emulated link): then the bytes are those packets' bytes, IP,
     * TCP and UDP headers included, and the packet counts are known; over the relays the bytes are TCP stream
     * bytes and UDP datagram payloads, and no packets are counted.
     */
    public boolean countsWholePackets() {
        return packetsUp != SessionSample.NOT_COUNTED;
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    public long payloadBytes() {
        return payloadBytesUp + payloadBytesDown;
    }

    /** Bytes on the wire (at the relays) beyond the application data. */
    public long overheadBytes() {
        return bytesUp + bytesDown - payloadBytes();
    }

    /** Session time over the lower bound; infinite on loopback, whose bound is 0. */
    public double lowerBoundRatio() {
        return lowerBoundMillis == 0 ? Double.POSITIVE_INFINITY : sessionMillis / lowerBoundMillis;
    }

    /** Every answer right, and every repeat ended on the transport the mode asked for (see {@link #endsAsAsked}). */
    public boolean isClean() {
        return wrongAnswers == 0 && Arrays.stream(endedOn.split("/")).allMatch(this::endsAsAsked);
    }

    /**
     * Whether a session that ended on {@code transport} ended as its mode asked: on the mode's transport, or,
     * for a cold HHFR session of one call, on SOAP too. That call carries the offer and returns its answer
     * before the stream the answer grants is connected.
     */
    private boolean endsAsAsked(String transport) {
        BenchMode mode = cell.mode();
        boolean offerOnly = mode.isHhfr() && !mode.isWarm() && cell.messages() == 1;
        return transport.equals(mode.transport().label())
                || offerOnly && transport.equals(BenchMode.Transport.SOAP.label());
    }
}
