package org.hhfr.benchmarks.session;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.util.Objects;

import org.hhfr.benchmarks.session.network.Traffic;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Mode;
import org.hhfr.client.Operation;
import org.hhfr.client.Session;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.streamer.Message;

/**
 * Runs one session of a cell against a testbed, the paper's way: the client prepares the request of array
 * size x, then opens the session and sends it n times, one after the other, checking every answer. The time
 * runs from opening (connection set-up and, for HHFR, negotiation included) to the last answer. Bytes are
 * counted at the relays from opening to the end of close. Client CPU is the calling thread's plus the client
 * library's own threads' ({@code hhfr-tcp-*}, {@code hhfr-udp-*}, {@code hhfr-timer}, {@code hhfr-call}),
 * sampled just before close.
 */
final class SessionRunner {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;
    private static final int READ_TIMEOUT_MILLIS = 30_000;
    private static final long CALL_TIMEOUT_MILLIS = 60_000;

    private final Testbed testbed;

    SessionRunner(Testbed testbed) {
        this.testbed = testbed;
    }

    /** @throws IOException a call failed (a wrong answer is counted, not thrown) */
    SessionSample run(Cell cell) throws IOException {
        Operation operation = testbed.operation(cell.workload());
        Object value = cell.workload().requestValue(cell.arraySize());
        Object expected = cell.workload().expectedAnswer(value);
        Message request = Message.of(operation.request()).set(0, value).build();
        return switch (cell.mode()) {
            case SOAP_NEW_CONN -> freshConnections(cell, operation, request, expected);
            case SOAP_KEEPALIVE -> cold(cell, operation, request, expected, Mode.SOAP);
            case HHFR_TCP -> cold(cell, operation, request, expected, Mode.HHFR_TCP);
            case HHFR_UDP -> cold(cell, operation, request, expected, Mode.HHFR_UDP);
            case HHFR_TCP_WARM -> warm(cell, operation, request, expected, Mode.HHFR_TCP);
            case HHFR_UDP_WARM -> warm(cell, operation, request, expected, Mode.HHFR_UDP);
        };
    }

    private HhfrClient client(String url, Mode mode, ResumptionTicketCache tickets) {
        HhfrClient.Builder builder = HhfrClient.builder(url)
                .connectTimeoutMillis(CONNECT_TIMEOUT_MILLIS)
                .readTimeoutMillis(READ_TIMEOUT_MILLIS)
                .callTimeoutMillis(CALL_TIMEOUT_MILLIS)
                .preferredModes(mode == Mode.SOAP ? new Mode[] {Mode.SOAP} : new Mode[] {mode, Mode.SOAP});
        if (tickets != null) {
            builder.ticketCache(tickets);
        }
        return builder.build();
    }

    /**
     * A returning client: an unmeasured session of two calls (the stream opens after the first) leaves a
     * ticket in the cache, under the same service URL, then the measured session opens from it.
     */
    private SessionSample warm(Cell cell, Operation operation, Message request, Object expected, Mode mode)
            throws IOException {
        ResumptionTicketCache tickets = new ResumptionTicketCache();
        try (Testbed.SessionLink link = testbed.openLink()) {
            try (HhfrClient client = client(link.serviceUrl(cell.workload()), mode, tickets);
                 Session session = client.open(operation)) {
                session.call(request);
                session.call(request);
            }
            return measured(link, cell, operation, request, expected, tickets, mode);
        }
    }

    private SessionSample cold(Cell cell, Operation operation, Message request, Object expected, Mode mode)
            throws IOException {
        try (Testbed.SessionLink link = testbed.openLink()) {
            return measured(link, cell, operation, request, expected, null, mode);
        }
    }

    private SessionSample measured(Testbed.SessionLink link, Cell cell, Operation operation, Message request,
            Object expected, ResumptionTicketCache tickets, Mode mode) throws IOException {
        try (HhfrClient client = client(link.serviceUrl(cell.workload()), mode, tickets)) {
            Traffic.Counts before = link.traffic().plus(testbed.streamTraffic());
            int connectionsBefore = link.connections() + testbed.streamConnections();
            long cpuBefore = THREADS.getCurrentThreadCpuTime();
            int wrong = 0;
            long started = System.nanoTime();
            double millis;
            double cpuMillis;
            String endedOn;
            try (Session session = client.open(operation)) {
                for (int i = 0; i < cell.messages(); i++) {
                    wrong += isRight(session.call(request), expected) ? 0 : 1;
                }
                millis = (System.nanoTime() - started) / 1e6;
                cpuMillis = (THREADS.getCurrentThreadCpuTime() - cpuBefore + libraryThreadsCpuNanos()) / 1e6;
                endedOn = label(session.mode());
            }
            Traffic.Counts bytes = link.traffic().plus(testbed.streamTraffic()).minus(before);
            int connections = link.connections() + testbed.streamConnections() - connectionsBefore;
            return new SessionSample(millis, bytes.up(), bytes.down(), connections, cpuMillis, endedOn, wrong);
        }
    }

    private SessionSample freshConnections(Cell cell, Operation operation, Message request, Object expected)
            throws IOException {
        try (Testbed.SessionLink link = testbed.openLink()) {
            FreshConnectionSoapClient client = new FreshConnectionSoapClient(
                    new InetSocketAddress("127.0.0.1", link.port()),
                    "/axis2/services/" + cell.workload().service(), operation);
            long cpuBefore = THREADS.getCurrentThreadCpuTime();
            int wrong = 0;
            long started = System.nanoTime();
            for (int i = 0; i < cell.messages(); i++) {
                wrong += isRight(client.call(request), expected) ? 0 : 1;
            }
            double millis = (System.nanoTime() - started) / 1e6;
            double cpuMillis = (THREADS.getCurrentThreadCpuTime() - cpuBefore) / 1e6;
            Traffic.Counts bytes = link.traffic();
            return new SessionSample(millis, bytes.up(), bytes.down(), link.connections(), cpuMillis, "soap", wrong);
        }
    }

    private static boolean isRight(Message response, Object expected) {
        return Objects.equals(response.record().get(0), expected);
    }

    private static String label(Mode mode) {
        return switch (mode) {
            case HHFR_TCP -> "hhfr-tcp";
            case HHFR_UDP -> "hhfr-udp";
            case SOAP -> "soap";
        };
    }

    /** CPU of the client library's live threads (the server's threads have other names). */
    private static long libraryThreadsCpuNanos() {
        long total = 0;
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            String name = thread.getName();
            if (name.startsWith("hhfr-tcp-") || name.startsWith("hhfr-udp-") || name.equals("hhfr-timer")
                    || name.equals("hhfr-call")) {
                long cpu = THREADS.getThreadCpuTime(thread.getId());
                total += Math.max(cpu, 0);
            }
        }
        return total;
    }
}
